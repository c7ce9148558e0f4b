import Foundation

/// Turns SIGINT/SIGTERM into an awaitable event, so a command can stop cleanly (restore the
/// terminal, finish writes) instead of dying mid-write.
final class SignalWatcher {
  private let sources: [any DispatchSourceSignal]
  private let stream: AsyncStream<Int32>
  private let continuation: AsyncStream<Int32>.Continuation

  init(signals: [Int32]) {
    let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
    self.stream = stream
    self.continuation = continuation
    sources = signals.map { signalNumber in
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler { continuation.yield(signalNumber) }
      source.resume()
      return source
    }
  }

  deinit {
    for source in sources { source.cancel() }
    continuation.finish()
  }

  /// Waits for the first of the signals (or for the task to be cancelled).
  @discardableResult
  func wait() async -> Int32? {
    for await signalNumber in stream { return signalNumber }
    return nil
  }

  /// The signals as a stream.
  var signals: AsyncStream<Int32> { stream }
}
