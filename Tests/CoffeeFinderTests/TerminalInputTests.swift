import ConcurrencyExtras
import Foundation
import Synchronization
import Testing

/// ``TerminalInput`` (compiled here through the symbolic link TerminalInput.swift, since the
/// app's executable module cannot be imported): bytes arrive as written, an empty chunk marks
/// each quiet timeout, and the reading thread stops when its consumer goes away. All on a pipe,
/// whose reads, unlike a raw terminal's, never time out by themselves. Serialized: the tests
/// count the process's reading threads.
@Suite(.serialized) struct TerminalInputTests {
  /// How many reading threads run now.
  static func readerThreads() -> Int { TerminalInput.runningReaders }

  /// Waits up to 10 s for `condition`.
  static func eventually(_ condition: () -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline {
      if condition() { return true }
      try await Task.sleep(for: .milliseconds(20))
    }
    return condition()
  }

  /// Ends the pipes' input, waits for every reading thread to end, then closes the pipes: a
  /// descriptor closed under a reader that still runs could be reused by the next test.
  static func finish(_ pipes: [Pipe]) async throws {
    for pipe in pipes { pipe.endInput() }
    // Best effort: what a test checks about stopping, it checks itself, by behaviour.
    _ = try await eventually { readerThreads() == 0 }
    for pipe in pipes { _ = close(pipe.read) }
  }

  /// A pipe; `endInput()` closes its write end, ``finish(_:)`` both.
  final class Pipe: Sendable {
    let read: Int32
    /// The write end, -1 once closed.
    private let write: Mutex<Int32>

    init() throws {
      var descriptors: [Int32] = [0, 0]
      try #require(pipe(&descriptors) == 0)
      read = descriptors[0]
      write = Mutex(descriptors[1])
    }

    func send(_ text: String) {
      write.withLock { descriptor in
        guard descriptor >= 0 else { return }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
      }
    }

    /// What is waiting in the pipe, without blocking.
    func pending() -> [UInt8] {
      var request = pollfd(fd: read, events: Int16(POLLIN), revents: 0)
      guard poll(&request, 1, 0) == 1 else { return [] }
      var buffer = [UInt8](repeating: 0, count: 64)
      let count = buffer.withUnsafeMutableBytes { Foundation.read(read, $0.baseAddress, $0.count) }
      return count > 0 ? Array(buffer[..<count]) : []
    }

    /// Closes the write end: the reader sees end of file.
    func endInput() {
      write.withLock { descriptor in
        if descriptor >= 0 { _ = Foundation.close(descriptor) }
        descriptor = -1
      }
    }
  }

  /// The stream's order is what the decoder relies on: each empty chunk follows at least one
  /// timeout of quiet after the bytes before it. (A busy pool may take the chunks late, so the
  /// quiet timeouts before a write are skipped.)
  @Test(.timeLimit(.minutes(1))) func bytesThenAnEmptyChunkPerTimeout() async throws {
    let pipe = try Pipe()
    var chunks = TerminalInput.chunks(from: pipe.read, timeout: .milliseconds(100))
      .makeAsyncIterator()
    let sent = ContinuousClock.now
    pipe.send("\u{1B}")
    var next = await chunks.next()
    while next == [] { next = await chunks.next() }
    #expect(next == [0x1B])
    // Nothing more for 100 ms: the ESC is a key by now.
    #expect(await chunks.next() == [])
    #expect(ContinuousClock.now - sent >= .milliseconds(100))
    pipe.send("jk")
    next = await chunks.next()
    while next == [] { next = await chunks.next() }
    #expect(next == Array("jk".utf8))
    try await Self.finish([pipe])
  }

  @Test(.timeLimit(.minutes(1))) func endOfFileEndsTheStream() async throws {
    let pipe = try Pipe()
    let chunks = TerminalInput.chunks(from: pipe.read, timeout: .seconds(10))
    pipe.send("q")
    pipe.endInput()
    var received: [[UInt8]] = []
    for await chunk in chunks { received.append(chunk) }
    #expect(received == [Array("q".utf8)])
    try await Self.finish([pipe])
  }

  /// Cancelling the task that reads, as the interactive session's end does, stops the thread:
  /// what is written afterwards stays in the pipe.
  @Test(.timeLimit(.minutes(1))) func cancellingTheConsumerStopsTheThread() async throws {
    let pipe = try Pipe()
    let chunks = TerminalInput.chunks(from: pipe.read, timeout: .milliseconds(50))
    let received = LockIsolated(0)
    let consumer = Task {
      var count = 0
      for await _ in chunks {
        count += 1
        received.withValue { $0 += 1 }
      }
      return count
    }
    pipe.send("a")
    _ = try await Self.eventually { received.value >= 1 }
    consumer.cancel()
    #expect(await consumer.value >= 1)
    // The thread notices within one timeout, and ends: then nothing reads the pipe any more.
    _ = try await Self.eventually { Self.readerThreads() == 0 }
    pipe.send("after")
    try await Task.sleep(for: .milliseconds(300))
    #expect(pipe.pending() == Array("after".utf8))
    try await Self.finish([pipe])
  }

  /// Many readers waiting on quiet pipes at once leave the cooperative pool free: each waits
  /// on a thread of its own, not on one of the pool's (as many as the cores).
  @Test(.timeLimit(.minutes(1))) func waitingReadersDoNotHoldThePool() async throws {
    let pipes = try (0..<8).map { _ in try Pipe() }
    let readers = pipes.map { pipe in
      Task {
        var chunks = TerminalInput.chunks(from: pipe.read, timeout: .seconds(30))
          .makeAsyncIterator()
        return await chunks.next()
      }
    }
    // Were the readers holding the pool's threads, nothing below would run, not even the time
    // limit: a timer off the pool ends their input after 20 s, so the test fails, not hangs.
    let rescue = DispatchWorkItem { for pipe in pipes { pipe.endInput() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 20, execute: rescue)
    let sum = await withTaskGroup(of: Int.self) { group in
      for value in 1...100 { group.addTask { value } }
      return await group.reduce(0, +)
    }
    #expect(sum == 5050)
    #expect(
      try await Self.eventually { Self.readerThreads() >= pipes.count },
      "\(Self.readerThreads()) reading threads")
    rescue.cancel()
    for (pipe, reader) in zip(pipes, readers) {
      pipe.send("x")
      #expect(await reader.value == Array("x".utf8))
    }
    try await Self.finish(pipes)
  }
}
