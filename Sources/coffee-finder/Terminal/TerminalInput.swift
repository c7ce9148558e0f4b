import Foundation
import Synchronization

/// Reads a terminal's input on a thread of its own, so that waiting for a key never parks a
/// thread of Swift's cooperative pool (two threads on a two-core machine).
///
/// What arrives is delivered as an `AsyncStream` of byte arrays. An empty array means nothing
/// arrived for `timeout`: the pause after which a lone ESC is the Escape key rather than the
/// start of an arrow key's sequence (`Key.Decoder.feed(_:flush:)`).
///
/// The tests compile this file too (a symbolic link in Tests/CoffeeFinderTests), so it uses
/// nothing but Foundation and the standard library.
enum TerminalInput {
  /// Reads `descriptor` until end of file, a read error, or the stream's consumer going away
  /// (its task cancelled, or the stream released); the thread ends within `timeout` of that.
  /// The descriptor is left open.
  static func chunks(
    from descriptor: Int32, timeout: Duration = .milliseconds(100)
  ) -> AsyncStream<[UInt8]> {
    let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self)
    let stopped = StopFlag()
    continuation.onTermination = { _ in stopped.set() }
    let milliseconds = Int32(max(0, timeout / .milliseconds(1)))
    let thread = Thread {
      running.add(1, ordering: .relaxed)
      defer { running.subtract(1, ordering: .relaxed) }
      pump(descriptor, timeoutMilliseconds: milliseconds, until: stopped, into: continuation)
      continuation.finish()
    }
    thread.name = "terminal input"  // for ps and gdb
    thread.start()
    return stream
  }

  /// How many reading threads are running now (for the tests: a thread's name is not a
  /// reliable count on Linux, where Foundation may name a thread after its body has begun).
  static var runningReaders: Int { running.load(ordering: .relaxed) }

  private static let running = Atomic<Int>(0)

  /// The reading loop: poll with a timeout, then read what is there.
  private static func pump(
    _ descriptor: Int32, timeoutMilliseconds: Int32, until stopped: StopFlag,
    into continuation: AsyncStream<[UInt8]>.Continuation
  ) {
    var buffer = [UInt8](repeating: 0, count: 256)
    while !stopped.isSet {
      var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&request, 1, timeoutMilliseconds)
      // The consumer may have gone while this waited: then the descriptor is no longer ours.
      if stopped.isSet { return }
      if ready < 0 {
        if errno == EINTR { continue }
        return
      }
      let chunk: [UInt8]
      if ready == 0 {
        chunk = []
      } else {
        let count = buffer.withUnsafeMutableBytes { bytes in
          read(descriptor, bytes.baseAddress, bytes.count)
        }
        if count < 0, errno == EINTR || errno == EAGAIN { continue }
        // End of file (the terminal hung up, the pipe closed) or an error: no more input.
        guard count > 0 else { return }
        chunk = Array(buffer[..<count])
      }
      if case .terminated = continuation.yield(chunk) { return }
    }
  }

  /// Set once the stream's consumer has gone; read by the reading thread.
  private final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)

    func set() { value.store(true, ordering: .releasing) }

    var isSet: Bool { value.load(ordering: .acquiring) }
  }
}
