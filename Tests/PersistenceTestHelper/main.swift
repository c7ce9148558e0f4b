// A second process for the persistence tests: it holds a database's write lock, dies in the
// middle of a batch, or opens a database as an unprivileged user. It reports progress on
// standard output, one word a line, so the test knows when to act.
//
//   persistence-test-helper hold-lock PATH        lock until standard input closes
//   persistence-test-helper batch PATH COUNT [--no-stall]   save COUNT favourites in one batch,
//                                                 stalling half-way unless told not to
//   persistence-test-helper open PATH [--as-nobody]
import BearingLocation
import BearingPersonalData
import BearingSQLite
import Foundation
import GRDB

func say(_ word: String) {
  print(word)
  fflush(nil)  // all streams: `stdout` itself is not concurrency-safe to name
}

/// Stalls the batch's transaction after `stallAfter` inserted rows so the parent can kill the
/// process while the transaction is open.
final class StallingObserver: TransactionObserver {
  let stallAfter: Int
  var inserted = 0

  init(stallAfter: Int) { self.stallAfter = stallAfter }

  func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
    eventKind.tableName == Favorite.databaseTableName
  }

  func databaseDidChange(with event: DatabaseEvent) {
    inserted += 1
    if inserted == stallAfter {
      say("MIDWAY")
      // The parent sends SIGKILL now; never go on.
      while true { sleep(60) }
    }
  }

  func databaseDidCommit(_ db: Database) {}
  func databaseDidRollback(_ db: Database) {}
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
  FileHandle.standardError.write(Data("usage: persistence-test-helper MODE PATH …\n".utf8))
  exit(2)
}
let path = arguments[2]

do {
  switch arguments[1] {
  case "hold-lock":
    let database = try LocalDatabase(path: path)
    try database.writer.writeWithoutTransaction { db in
      try db.execute(sql: "BEGIN EXCLUSIVE")
      say("LOCKED")
      while readLine() != nil {}
      try db.execute(sql: "ROLLBACK")
    }
  case "batch":
    let count = Int(arguments[3])!
    let database = try LocalDatabase(path: path)
    if !arguments.dropFirst(4).contains("--no-stall") {
      let observer = StallingObserver(stallAfter: count / 2)
      database.writer.add(transactionObserver: observer, extent: .databaseLifetime)
    }
    let favorites = (0..<count).map { index in
      Favorite(
        placeID: "batch-\(index)", name: "Batch café \(index)",
        coordinate: Coordinate(latitude: 60, longitude: 25), source: .manual,
        addedAt: Date(timeIntervalSince1970: Double(index)))
    }
    try await database.saveFavorites(favorites)
    say("DONE")
  case "open":
    if arguments.dropFirst(3).contains("--as-nobody") {
      // 65534 is "nobody" on Debian; dropping the group first, while still allowed to.
      guard setgid(65534) == 0, setuid(65534) == 0 else {
        say("ERROR: cannot drop privileges")
        exit(3)
      }
    }
    _ = try LocalDatabase(path: path)
    say("OPENED")
  default:
    say("ERROR: unknown mode \(arguments[1])")
    exit(2)
  }
} catch {
  say("ERROR: \(error)")
  exit(1)
}
