import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A real gpsd whose receiver is the test: gpsd reads NMEA from a loopback TCP source
/// (`tcp://127.0.0.1:PORT`, one of gpsd's own device kinds) that the test writes when it
/// chooses, so that what a client receives never depends on how fast the machine is.
///
/// gpsd starts without `-n`: it opens a device only when a client asks for reports with
/// `?WATCH`. So ``waitForWatcher(timeout:)`` returning means a client's WATCH has been
/// processed, and every sentence written after it reaches that client; ``unplug()`` closes the
/// source, and gpsd tells its watchers that the device is gone. gpsfake, by contrast, plays its
/// log on a timer from the moment it starts, and a client that connects late on a busy machine
/// misses the start.
///
/// ```swift
/// try await GPSDFeed.with { gpsd in
///   try await gpsd.waitUntilListening()
///   // start the client on gpsd.port
///   try await gpsd.waitForWatcher()
///   try await gpsd.send(NMEALog.epoch(second: 0, latitude: 60.17, longitude: 24.94))
///   gpsd.unplug()
/// }
/// ```
public final class GPSDFeed: Sendable {
  /// gpsd's client port.
  public let port: Int
  private let process: ChildProcess
  private let source: Source

  /// The listening source and the connection gpsd made to it.
  final class Source: Sendable {
    let listener: Int32
    let port: Int
    /// gpsd's connection to the source: nil before gpsd connects, -1 once unplugged.
    let connection = Mutex<Int32?>(nil)
    /// Whether ``close()`` has run: it runs once, from ``stop()`` or from `deinit`.
    private let closed = Mutex(false)

    init() throws {
      (listener, port) = try Loopback.listen(backlog: 1)
    }

    /// Accepts gpsd's one connection, on a thread of its own (accept blocks).
    func acceptInBackground() {
      Thread.detachNewThread { [self] in
        var client: Int32 = -1
        repeat { client = accept(listener, nil, nil) } while client < 0 && errno == EINTR
        guard client >= 0 else { return }  // shut down before gpsd came
        let kept = connection.withLock { connection -> Bool in
          guard connection == nil else { return false }
          connection = client
          return true
        }
        if !kept { Glibc.close(client) }
      }
    }

    func close() {
      let wasOpen = closed.withLock { closed in
        let wasOpen = !closed
        closed = true
        return wasOpen
      }
      guard wasOpen else { return }
      shutdown(listener, Int32(SHUT_RDWR))
      Glibc.close(listener)
      connection.withLock { connection in
        if let descriptor = connection, descriptor >= 0 { Glibc.close(descriptor) }
        connection = -1
      }
    }
  }

  /// Starts gpsd on `port` (a free loopback port when not given), its one device the test's
  /// source.
  public init(port: Int? = nil) throws {
    source = try Source()
    self.port = try port ?? Loopback.freePort()
    process = try ChildProcess.spawn(
      ["/usr/sbin/gpsd", "-N", "-S", "\(self.port)", "tcp://127.0.0.1:\(source.port)"],
      newGroup: true)
    source.acceptInBackground()
  }

  /// Starts a ``GPSDFeed``, runs `body` with it, and stops it however `body` ends.
  public static func with<T: Sendable>(
    port: Int? = nil, _ body: (GPSDFeed) async throws -> T
  ) async throws -> T {
    let gpsd = try GPSDFeed(port: port)
    return try await withTeardown {
      try await body(gpsd)
    } teardown: {
      await gpsd.stop()
    }
  }

  /// Waits until gpsd accepts client connections.
  public func waitUntilListening(timeout: Duration = .seconds(60)) async throws {
    try await Loopback.waitUntilListening(port: port, timeout: timeout)
  }

  /// Waits until gpsd has opened the source, which it does once a client has sent `?WATCH`.
  /// The bound is generous; the wait ends as soon as gpsd connects.
  public func waitForWatcher(timeout: Duration = .seconds(60)) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while source.connection.withLock({ $0 }) == nil {
      guard clock.now < deadline else {
        throw ChildProcessError("no client of gpsd on port \(port) watched within \(timeout)")
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// Writes `sentences` (without line ends) to gpsd, each ended by CR LF as receivers send
  /// them, and then waits `pause`: one epoch's sentences and a receiver's pause between epochs.
  public func send(_ sentences: [String], pause: Duration = .milliseconds(20)) async throws {
    let bytes = Array(sentences.map { $0 + "\r\n" }.joined().utf8)
    let written = source.connection.withLock { connection -> Bool in
      guard let descriptor = connection, descriptor >= 0 else { return false }
      var offset = 0
      while offset < bytes.count {
        let count = bytes.withUnsafeBytes {
          write(descriptor, $0.baseAddress! + offset, $0.count - offset)
        }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
    guard written else {
      throw ChildProcessError("gpsd on port \(port) is not reading the source (no watcher yet?)")
    }
    try await Task.sleep(for: pause)
  }

  /// Closes the source, as a receiver unplugged: gpsd reports the device gone to its watchers.
  public func unplug() {
    source.connection.withLock { connection in
      if let descriptor = connection, descriptor >= 0 { close(descriptor) }
      connection = -1
    }
  }

  /// Stops gpsd and closes the source.
  public func stop() async {
    await process.stop(grace: .seconds(3))
    source.close()
  }

  /// A last resort for a test that did not call ``stop()``.
  deinit {
    if !process.hasExited() { process.signal(SIGKILL) }
    source.close()
  }
}
