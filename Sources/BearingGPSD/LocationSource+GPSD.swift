import BearingLocation
import Foundation
import Logging
import NIOCore
import NIOPosix

extension LocationSource {
  /// Reads fixes from gpsd at `endpoint` over TCP, reconnecting with backoff for as long as the
  /// task runs.
  ///
  /// On connecting it sends `?WATCH={"enable":true,"json":true};` and reads one JSON object per
  /// line. A VERSION with protocol major 3 makes the source available; a refused connection
  /// makes it unavailable, with an error that says how to start gpsd. `DEVICE` with
  /// `activated` 0, `ERROR`, and the end of the connection are reported as failures. A fix
  /// that gpsd reports without a time is stamped with `now()` when it arrives and marked
  /// ``Location/TimestampSource/receipt``.
  ///
  /// ```swift
  /// let manager = LocationManager.backed(by: .gpsd(GPSDEndpoint(port: 47123)))
  /// ```
  public static func gpsd(
    _ endpoint: GPSDEndpoint = .fromEnvironment(),
    options: GPSDConnectionOptions = .init(),
    clock: any Clock<Duration> = ContinuousClock(),
    now: @escaping @Sendable () -> Date = Date.init
  ) -> LocationSource {
    LocationSource(name: "gpsd \(endpoint)") { send in
      let logger = Logger(label: "bearing.gpsd")
      var attempt = 0
      while !Task.isCancelled {
        var session = GPSDSession(
          endpoint: endpoint, assumedHorizontalAccuracy: options.assumedHorizontalAccuracy,
          logger: logger, now: now)
        do {
          try await readSession(endpoint, options: options, session: &session, send: send)
          guard !Task.isCancelled else { return }
          await send(
            .failure(.connectionLost(endpoint: "\(endpoint)", reason: "gpsd closed the connection"))
          )
        } catch is IncompatibleGPSD {
          // Already reported as unavailable with the protocol version; retry later in case
          // gpsd is upgraded.
        } catch {
          guard !Task.isCancelled else { return }
          if session.versionAccepted {
            await send(.failure(.connectionLost(endpoint: "\(endpoint)", reason: "\(error)")))
          } else {
            logger.info("gpsd at \(endpoint) unreachable: \(error)")
            await send(
              .unavailable(.servicesUnavailable(endpoint: "\(endpoint)", reason: reason(error))))
          }
        }
        if session.versionAccepted { attempt = 0 }
        do {
          try await clock.sleep(for: options.backoff(attempt: attempt))
        } catch {
          return
        }
        attempt += 1
      }
    }
  }

  private static func readSession(
    _ endpoint: GPSDEndpoint,
    options: GPSDConnectionOptions,
    session: inout GPSDSession,
    send: @escaping @Sendable (Event) async -> Void
  ) async throws {
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      .connectTimeout(.nanoseconds(Int64(options.connectTimeout / .nanoseconds(1))))
      .connect(host: endpoint.host, port: endpoint.port) { channel in
        channel.eventLoop.makeCompletedFuture {
          try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
        }
      }
    var framer = LineFramer(limit: GPSDMessage.maximumLineLength)
    try await channel.executeThenClose { inbound, outbound in
      try await outbound.write(ByteBuffer(string: "?WATCH={\"enable\":true,\"json\":true};\n"))
      for try await buffer in inbound {
        for frame in framer.append(buffer.readableBytesView) {
          switch frame {
          case .line(let bytes):
            let events = bytes.withUnsafeBytes { session.events(for: $0) }
            for event in events { await send(event) }
            if session.isIncompatible { throw IncompatibleGPSD() }
          case .overlong(let count):
            session.logger.warning(
              "skipping a \(count)-byte line from gpsd \(endpoint): over the protocol's limit")
          }
        }
      }
    }
  }

  /// Why a connection failed, as people say it: "connection refused", "the host could not be
  /// found (DNS)", "timed out"; NIO's own text for anything else.
  static func reason(_ error: any Error) -> String {
    if let error = error as? NIOConnectionError {
      if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
        return "the host could not be found (DNS)"
      }
      if let first = error.connectionErrors.first { return reason(first.error) }
    }
    if let error = error as? IOError { return reason(errno: error.errnoCode, error.description) }
    if let error = error as? ChannelError, case .connectTimeout = error { return "timed out" }
    if error is SocketAddressError { return "the host could not be found (DNS)" }
    return "\(error)"
  }

  private static func reason(errno code: CInt, _ fallback: String) -> String {
    switch code {
    case ECONNREFUSED: "connection refused: nothing listens there"
    case ETIMEDOUT: "timed out"
    case EHOSTUNREACH, ENETUNREACH: "the host cannot be reached"
    default: fallback
    }
  }
}

/// Ends a connection to a gpsd whose protocol major version is not 3.
private struct IncompatibleGPSD: Error {}
