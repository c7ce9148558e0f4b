import BearingProcessTesting
import Foundation
import Testing

/// The built `bearing-sharing-probe`, in processes of its own: what file and app storage promise
/// across processes, crashes and permissions.
@Suite(.serialized) struct EndToEndTests {
  let directory: TemporaryDirectory
  var environment: [String: String] {
    [
      "XDG_CONFIG_HOME": directory.file("config").path,
      "XDG_DATA_HOME": directory.file("data").path,
    ]
  }

  init() throws { directory = try TemporaryDirectory() }

  // Each change reaches the other process a debounce (250 ms) and an inotify event later; the
  // tests allow 20 s, so that a machine busy with builds does not fail them: they check that
  // the change arrives, and that nothing is heard back, not how fast.
  @Test func twoProcessesSeeEachOthersFileWrites() async throws {
    defer { directory.cleanUp() }
    let path = directory.file("items.json").path
    let (a, b) = (
      try LineProcess.sharingProbe(["file-chat", path]),
      try LineProcess.sharingProbe(["file-chat", path])
    )
    try await a.waitFor("ready")
    try await b.waitFor("ready")
    a.send("set 1")
    _ = try await b.waitFor("seen [1]")
    b.send("set 2")
    _ = try await a.waitFor("seen [2]")
    #expect(await a.finish() == 0)
    #expect(await b.finish() == 0)
    // Neither heard its own write back.
    #expect(!a.output.contains("seen [1]"))
    #expect(!b.output.contains("seen [2]"))
  }

  // A writes [1]; B writes [2]; B writes [1] again, which A wrote before: A sees it. Each
  // step looks only at what came after it, and in the end each process was told of the other's
  // changes and of nothing else (no echo of its own writes).
  @Test func aValueWrittenAgainByAnotherProcessIsSeen() async throws {
    defer { directory.cleanUp() }
    let path = directory.file("items.json").path
    let (a, b) = (
      try LineProcess.sharingProbe(["file-chat", path]),
      try LineProcess.sharingProbe(["file-chat", path])
    )
    try await abaSteps(a, b)
  }

  /// A sets 1, B sets 2, B sets 1, each step waiting for the other process to tell of it.
  func abaSteps(_ a: LineProcess, _ b: LineProcess) async throws {
    try await a.waitFor("ready")
    try await b.waitFor("ready")
    var mark = b.output.count
    a.send("set 1")
    try await b.waitFor("seen [1]", after: mark)
    mark = a.output.count
    b.send("set 2")
    try await a.waitFor("seen [2]", after: mark)
    mark = a.output.count
    b.send("set 1")
    try await a.waitFor("seen [1]", after: mark)
    #expect(await a.finish() == 0)
    #expect(await b.finish() == 0)
    #expect(a.seen == ["seen [2]", "seen [1]"])
    #expect(b.seen == ["seen [1]"])
  }

  // Processes without inotify (as past the user's limit of inotify instances; here asked for
  // through BEARING_SHARING_WATCHER=poll) say so once on standard error and poll.
  @Test func withoutInotifyProcessesPollAndSaySo() async throws {
    defer { directory.cleanUp() }
    let path = directory.file("items.json").path
    var polling = environment
    polling["BEARING_SHARING_WATCHER"] = "poll"
    let (a, b) = (
      try LineProcess.sharingProbe(["file-chat", path], environment: polling, errorsToo: true),
      try LineProcess.sharingProbe(["file-chat", path], environment: polling, errorsToo: true)
    )
    try await abaSteps(a, b)
    for probe in [a, b] {
      let warnings = probe.output.filter { $0.hasPrefix("warning: ") }
      #expect(
        warnings == [
          "warning: BearingSharing: inotify is not available (BEARING_SHARING_WATCHER=poll); "
            + "files are polled every 250 ms"
        ])
    }
  }

  // Another process holds the file's lock and never lets go (as one stopped while writing):
  // the load reads without the lock, and the save's write waits at most 5 s for it, said once,
  // and then writes the file. The time is the probe's own, from its load's start to its save's
  // end, so that a slow start of the process on a busy machine is not counted.
  @Test func aLockHeldForeverDelaysAWriteAtMostFiveSeconds() async throws {
    defer { directory.cleanUp() }
    let folder = directory.file("shared")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let lockPath = folder.appendingPathComponent(".items.json.lock").path
    let lock = open(lockPath, O_RDWR | O_CREAT, 0o644)
    defer { close(lock) }
    #expect(flock(lock, LOCK_EX) == 0)
    let path = folder.appendingPathComponent("items.json").path
    let writer = try LineProcess.sharingProbe(["file-save", path, "3"], errorsToo: true)
    try await writer.waitFor("saved", timeout: .seconds(20))
    #expect(await writer.exit() == 0)
    // The write's one wait of 5 s, and no second (a read's: 10 s or more).
    let took = writer.output.first { $0.hasPrefix("took ") }.flatMap { Int($0.dropFirst(5)) }
    #expect(took.map { $0 >= 5_000 && $0 < 7_500 } == true, "\(writer.output)")
    #expect(
      writer.output.filter { $0.hasPrefix("warning: ") } == [
        "warning: BearingSharing: \(lockPath) has been locked by another process for 5000 ms "
          + "(a stopped process?); going on without the lock"
      ])
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("[3]".utf8))
  }

  // A writer dies between its two renames (the generation file's, then the file's): the
  // generation file names its change first, and the file is still the one before, which the
  // generation file's second line names. The processes watching are told nothing new, and
  // after the next write every process, and a fresh reader, holds it; both ways.
  @Test func aCrashBetweenTheTwoRenamesLeavesAFileEveryProcessConvergesOn() async throws {
    defer { directory.cleanUp() }
    let path = directory.file("items.json").path
    let generationPath = directory.file(".items.json.generation").path
    let (a, b) = (
      try LineProcess.sharingProbe(["file-chat", path]),
      try LineProcess.sharingProbe(["file-chat", path])
    )
    try await a.waitFor("ready")
    try await b.waitFor("ready")
    var mark = b.output.count
    a.send("set 1")
    try await b.waitFor("seen [1]", after: mark)
    let before = try String(contentsOfFile: generationPath, encoding: .utf8)
    let crash = try LineProcess.sharingProbe(["file-crash", path, "5"])
    _ = await crash.exit()
    #expect(crash.process.terminationReason == .uncaughtSignal)
    #expect(crash.output == ["loaded [1]", "between renames"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("[1]".utf8))
    let after = try String(contentsOfFile: generationPath, encoding: .utf8)
    let (beforeLines, afterLines) = (before.split(separator: "\n"), after.split(separator: "\n"))
    #expect(afterLines.count == 2 && afterLines.first != beforeLines.first)
    #expect(afterLines.last == beforeLines.first)
    // The next writes, B's and then A's.
    mark = a.output.count
    b.send("set 2")
    try await a.waitFor("seen [2]", after: mark)
    mark = b.output.count
    a.send("set 3")
    try await b.waitFor("seen [3]", after: mark)
    #expect(await a.finish() == 0)
    #expect(await b.finish() == 0)
    #expect(a.seen == ["seen [2]"])
    #expect(b.seen == ["seen [1]", "seen [3]"])
    let reader = try LineProcess.sharingProbe(["file-chat", path])
    try await reader.waitFor("ready")
    #expect(await reader.finish() == 0)
    #expect(reader.output.first == "loaded [3]")
  }

  @Test func twoProcessesSeeEachOthersAppStorageWrites() async throws {
    defer { directory.cleanUp() }
    let (a, b) = (
      try LineProcess.sharingProbe(["app-chat", "count"], environment: environment),
      try LineProcess.sharingProbe(["app-chat", "count"], environment: environment)
    )
    let other = try LineProcess.sharingProbe(["app-chat", "other"], environment: environment)
    try await a.waitFor("ready")
    try await b.waitFor("ready")
    try await other.waitFor("ready")
    a.send("set 1")
    _ = try await b.waitFor("seen 1")
    b.send("set 2")
    other.send("set 3")
    _ = try await a.waitFor("seen 2")
    for probe in [a, b, other] { #expect(await probe.finish() == 0) }
    // Writers of different keys lost nothing; the store is where XDG says.
    let store = directory.file("config/bearing-sharing-probe/app-storage.json")
    let values = try JSONSerialization.jsonObject(with: Data(contentsOf: store)) as? [String: Int]
    #expect(values == ["count": 2, "other": 3])
  }

  @Test func aKilledWriterLeavesAWholeFile() async throws {
    defer { directory.cleanUp() }
    let url = directory.file("items.json")
    for run in 0..<200 {
      let probe = try LineProcess.sharingProbe(["file-burst", url.path, "2000"])
      try await probe.waitFor("ready")
      try await Task.sleep(for: .microseconds(Int.random(in: 0...3000)))
      probe.kill()
      _ = await probe.exit()
      let values = try JSONDecoder().decode([Int].self, from: Data(contentsOf: url))
      #expect(values.count == 2000 && Set(values).count == 1, "run \(run)")
    }
  }

  @Test func aCorruptFileIsReportedKeptAndNotOverwritten() async throws {
    defer { directory.cleanUp() }
    let url = directory.file("items.json")
    let corrupt = Data("[1, 2,\u{0} torn".utf8)
    try corrupt.write(to: url)
    let probe = try LineProcess.sharingProbe(["file-chat", url.path])
    try await probe.waitFor("ready")
    let loaded = try #require(probe.output.first { $0.hasPrefix("loaded ") })
    #expect(loaded.hasPrefix("loaded error \(url.path) does not hold a value"))
    try await Task.sleep(for: .milliseconds(500))
    #expect(await probe.finish() == 0)
    #expect(try Data(contentsOf: url) == corrupt)
  }

  @Test func aReadOnlyDirectoryIsAClearErrorNoCrash() async throws {
    defer { directory.cleanUp() }
    let readOnly = directory.file("read-only")
    try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: readOnly.path)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: directory.url.path)
    // Root writes anywhere: run the probe as nobody then.
    let probe = try LineProcess.sharingProbe(
      ["file-save", readOnly.appendingPathComponent("items.json").path, "1"],
      user: getuid() == 0 ? 65534 : nil)
    let status = await probe.exit()
    #expect(probe.process.terminationReason == .exit)
    #expect(status == 1)
    #expect(
      probe.output.contains {
        $0.hasPrefix("error cannot save \(readOnly.path)/items.json: cannot create a file in")
          && $0.hasSuffix("Permission denied")
      }, "\(probe.output)")
  }

  @Test func documentsDirectoryIsUnderTheXDGDataDirectory() async throws {
    defer { directory.cleanUp() }
    let probe = try LineProcess.sharingProbe(["documents"], environment: environment)
    #expect(await probe.exit() == 0)
    let expected = directory.file("data/bearing-sharing-probe").path
    #expect(probe.output.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } == [expected])
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: expected, isDirectory: &isDirectory))
    #expect(isDirectory.boolValue)
  }
}
