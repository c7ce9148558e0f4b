import BearingLocation
import Foundation
import Synchronization

extension LocationSource {
  /// Fixes from GeoClue, the Linux desktop's location service, over D-Bus (libdbus) on the
  /// system bus.
  ///
  /// It gets a client from `org.freedesktop.GeoClue2`'s manager, sets the client's
  /// `DesktopId`, `RequestedAccuracyLevel`, `DistanceThreshold` and `TimeThreshold`, starts it,
  /// and reads the `Location` object of every `LocationUpdated` signal. Events:
  /// - `.available` once GeoClue has started the client;
  /// - `.unavailable(.geoClueDenied)` when GeoClue refuses the desktop id (its configuration
  ///   or its agent): the engine reports ``AuthorizationStatus/denied``, and the source stops
  ///   rather than ask the user again;
  /// - `.unavailable(.geoClueUnavailable)` when there is no system bus or GeoClue is not on it,
  ///   and `.unavailable(.geoClueNoAgent)` while GeoClue waits for an agent for the user;
  /// - `.unavailable(.geoClueLibraryMissing)` when libdbus (`libdbus-1.so.3`, loaded at run
  ///   time) is not installed: the source stops, since no wait mends that;
  /// - `.failure(.geoClueUnavailable)` when GeoClue leaves the bus; the source then tries
  ///   again with backoff, as it does after every other failure.
  ///
  /// The blocking D-Bus conversation runs on a thread of its own, never on Swift's
  /// cooperative pool; cancelling the task stops the GeoClue client and closes the connection.
  ///
  /// ```swift
  /// let manager = LocationManager.backed(by: .geoClue(GeoClueOptions(desktopID: "coffee-finder")))
  /// ```
  public static func geoClue(
    _ options: GeoClueOptions, clock: any Clock<Duration> = ContinuousClock()
  ) -> LocationSource {
    LocationSource(name: "GeoClue (\(options.desktopID))") { send in
      var attempt = 0
      while !Task.isCancelled {
        let outcome = await runSession(options, send: send)
        switch outcome {
        case .cancelled, .refused: return
        case .retry:
          do {
            try await clock.sleep(for: options.backoff(attempt: attempt))
          } catch {
            return
          }
          attempt += 1
        }
      }
    }
  }

  /// Runs one ``GeoClueSession`` on a new thread and forwards its events in order.
  private static func runSession(
    _ options: GeoClueOptions, send: @escaping @Sendable (Event) async -> Void
  ) async -> GeoClueSession.Outcome {
    enum Step: Sendable {
      case event(Event)
      case ended(GeoClueSession.Outcome)
    }
    let cancelled = CancelFlag()
    let (steps, continuation) = AsyncStream.makeStream(of: Step.self)
    continuation.onTermination = { _ in cancelled.set() }
    let thread = Thread {
      let session = GeoClueSession(
        options: options, isCancelled: { cancelled.isSet },
        emit: { continuation.yield(.event($0)) })
      continuation.yield(.ended(session.run()))
      continuation.finish()
    }
    thread.name = "bearing.geoclue"
    thread.start()
    return await withTaskCancellationHandler {
      for await step in steps {
        switch step {
        case .event(let event): await send(event)
        case .ended(let outcome): return outcome
        }
      }
      return .cancelled
    } onCancel: {
      cancelled.set()
    }
  }
}

/// Tells a session's thread, from any task, that it should stop.
final class CancelFlag: Sendable {
  private let value = Atomic<Bool>(false)

  var isSet: Bool { value.load(ordering: .acquiring) }

  func set() { value.store(true, ordering: .releasing) }
}
