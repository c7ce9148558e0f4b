import BearingSQLite
import Foundation
import GRDB

extension LocalDatabase {
  /// Favourites now, then again after every committed change to them.
  public func observeFavorites() -> AsyncThrowingStream<[Favorite], any Error> {
    observe(Self.fetchFavorites)
  }

  /// The notes about `placeID` now, then after every change to them.
  public func observeNotes(placeID: String) -> AsyncThrowingStream<[PlaceNote], any Error> {
    observe { db in try Self.fetchNotes(db, placeID: placeID) }
  }

  /// Monitored regions now, then after every change to them.
  public func observeMonitoredRegions() -> AsyncThrowingStream<[MonitoredRegion], any Error> {
    observe(Self.fetchMonitoredRegions)
  }

  /// Recent searches now, then after every change to them.
  public func observeRecentSearches(limit: Int = recentSearchLimit)
    -> AsyncThrowingStream<[RecentSearch], any Error>
  {
    observe { db in try Self.fetchRecentSearches(db, limit: limit) }
  }

  /// A GRDB `ValueObservation` as a stream: the first element is the current value, later ones
  /// follow commits that change it (consecutive duplicates are dropped). Cancelling the task
  /// that iterates the stream stops the observation. Errors arrive as ``StorageError``s.
  func observe<Value: Sendable & Equatable>(
    _ fetch: @escaping @Sendable (Database) throws -> Value
  ) -> AsyncThrowingStream<Value, any Error> {
    let observation = ValueObservation.tracking(fetch).removeDuplicates()
    let (path, timeout, writer) = (self.path, busyTimeout, self.writer)
    return AsyncThrowingStream { continuation in
      // A queue of its own: the main queue is not always serviced in a CLI or a test runner.
      let queue = DispatchQueue(label: "Persistence.observation")
      let cancellable = observation.start(
        in: writer,
        scheduling: .async(onQueue: queue),
        onError: { error in
          continuation.finish(throwing: StorageError(error, path: path, busyTimeout: timeout))
        },
        onChange: { value in continuation.yield(value) }
      )
      continuation.onTermination = { _ in cancellable.cancel() }
    }
  }
}
