@_spi(Probe) import BearingSharing
import Dependencies
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

// A separate process for the end-to-end tests of file and app storage. It prints one line per
// event and reads commands ("set N") from its standard input; it exits when that closes.
//
//   file-chat PATH     load and watch a [Int] in PATH; "set N" saves [N], then prints
//                      "took N"
//   app-chat KEY       load and watch an Int in app storage; "set N" saves N
//   file-burst PATH N  write arrays of N equal numbers as fast as it can, for ever
//   file-save PATH N   load PATH, save [N], say how it went and then "took MS" (the load's start
//                      to the save's end, in milliseconds), exit (1 on an error)
//   file-crash PATH N  as file-save, but the process kills itself (SIGKILL) in its write, between
//                      the generation file's rename and the file's: a crash there
//   documents          print URL.documentsDirectory's path
//   stress-worker PATH DEBOUNCE_MS
//                      an Int in PATH (file storage, debounced DEBOUNCE_MS) and one in app storage
//                      ("stress"), both through @Shared; "burst COUNT POOL MAX_PAUSE_US" sets
//                      both COUNT times to a random number below POOL (so numbers come back),
//                      pausing up to MAX_PAUSE_US µs after each, then prints "done COUNT";
//                      "get" prints "value FILE APP COUNTER WRITER", the last two the
//                      generation of the file's value held; "ready WRITER" gives the process's writer
//                      id, and each write of the file in place prints "ack COUNTER WRITER VALUE"
//                      (used by scripts/stress-shared)

/// One line on standard output, written at once (a pipe would buffer `print`'s).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

func describe<Value>(_ result: Result<Value?, any Error>) -> String {
  switch result {
  case .success(.some(let value)): "\(value)"
  case .success(.none): "initial"
  case .failure(let error): "error \(error)"
  }
}

func chat<Key: SharedKey>(_ key: Key, parse: (Int) -> Key.Value) {
  key.load(
    context: .userInitiated, continuation: LoadContinuation { say("loaded \(describe($0))") })
  let subscription = key.subscribe(
    context: .userInitiated,
    subscriber: SharedSubscriber { say("seen \(describe($0))") })
  say("ready")
  while let line = readLine() {
    let words = line.split(separator: " ")
    if words.count == 2, words[0] == "set", let number = Int(words[1]) {
      key.save(
        parse(number), context: .didSet,
        continuation: SaveContinuation { result in
          if case .failure(let error) = result { say("error \(error)") }
        })
      // The change has its place in the order of changes (its generation) once `save`
      // returns: a test that needs one process's change to come after another's waits for this.
      say("took \(number)")
    }
  }
  subscription.cancel()
}

let arguments = CommandLine.arguments.dropFirst()
switch (arguments.first, arguments.dropFirst().first) {
case ("file-chat", let path?):
  chat(FileStorageKey<[Int]>.fileStorage(URL(fileURLWithPath: path))) { [$0] }
case ("app-chat", let name?):
  chat(AppStorageKey<Int>.appStorage(name)) { $0 }
case ("file-burst", let path?):
  let size = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 1000
  let key = FileStorageKey<[Int]>.fileStorage(URL(fileURLWithPath: path))
  var round = 0
  while true {
    round += 1
    let done = DispatchSemaphore(value: 0)
    key.save(
      Array(repeating: round, count: size), context: .userInitiated,
      continuation: SaveContinuation { _ in done.signal() })
    done.wait()
    if round == 1 { say("ready") }
  }
case ("file-save", let path?):
  let number = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 0
  let key = FileStorageKey<[Int]>.fileStorage(URL(fileURLWithPath: path))
  let started = ContinuousClock.now
  key.load(
    context: .userInitiated, continuation: LoadContinuation { say("loaded \(describe($0))") })
  let done = DispatchSemaphore(value: 0)
  let failed = Atomic(false)
  key.save(
    [number], context: .didSet,
    continuation: SaveContinuation { result in
      switch result {
      case .success: say("saved")
      case .failure(let error):
        say("error \(error)")
        failed.store(true, ordering: .relaxed)
      }
      done.signal()
    })
  done.wait()
  let took = ContinuousClock.now - started
  let milliseconds =
    took.components.seconds * 1000 + took.components.attoseconds / 1_000_000_000_000_000
  say("took \(milliseconds)")
  exit(failed.load(ordering: .relaxed) ? 1 : 0)
case ("file-crash", let path?):
  let number = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 0
  let key = withDependencies {
    $0.defaultFileStorage = .fileSystem(
      debounce: .milliseconds(250), didChange: { _ in }, didWrite: { _, _ in },
      betweenRenames: {
        say("between renames")
        kill(getpid(), SIGKILL)
      })
  } operation: {
    FileStorageKey<[Int]>.fileStorage(URL(fileURLWithPath: path))
  }
  key.load(
    context: .userInitiated, continuation: LoadContinuation { say("loaded \(describe($0))") })
  key.save(
    [number], context: .userInitiated,
    continuation: SaveContinuation { _ in say("saved, though it should have died") })
  exit(1)
case ("stress-worker", let path?):
  let debounce = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 250
  // Each change is told as it is made, "change COUNTER WRITER", and each write in place is
  // acknowledged: "ack COUNTER WRITER VALUE", its generation and value.
  let file = withDependencies {
    $0.defaultFileStorage = .fileSystem(
      debounce: .milliseconds(debounce), didChange: { say("change \($0)") },
      didWrite: { generation, data in
        say("ack \(generation) \(String(decoding: data, as: UTF8.self))")
      })
  } operation: {
    Shared(wrappedValue: 0, .fileStorage(URL(fileURLWithPath: path)))
  }
  let app = Shared(wrappedValue: 0, .appStorage("stress"))
  say("ready \(FileStorage.writerID)")
  while let line = readLine() {
    let words = line.split(separator: " ").map(String.init)
    if words.first == "burst", words.count == 4, let count = Int(words[1]),
      let pool = Int(words[2]), let pause = UInt32(words[3])
    {
      for _ in 0..<count {
        let number = Int.random(in: 0..<pool)
        file.withLock { $0 = number }
        app.withLock { $0 = number }
        if pause > 0 { usleep(UInt32.random(in: 0...pause)) }
      }
      say("done \(count)")
    } else if words.first == "get" {
      say("value \(file.wrappedValue) \(app.wrappedValue) \(file.fileStorageGeneration ?? "none")")
    }
  }
case ("documents", _):
  say(URL.documentsDirectory.path)
default:
  FileHandle.standardError.write(Data("usage: bearing-sharing-probe file-chat PATH | …\n".utf8))
  exit(2)
}
