import BearingPersonalData
import BearingProcessTesting
import BearingSQLite
import Foundation
import GRDB
import Testing

/// What a user meets when the database file is not in a state to be used: each failure is a
/// clear ``StorageError`` naming the file, and nothing already stored is lost.
@Suite("Failures", .offPool)
struct FailureTests {
  @Test
  func aWriteWaitsForAnotherProcesssLockThenFailsClearly() async throws {
    let path = try TemporaryDirectory.make().appendingPathComponent("locked.sqlite").path
    let timeout = Duration.milliseconds(500)
    let database = try LocalDatabase(path: path, options: .init(busyTimeout: timeout))
    try await database.saveFavorite(Fixtures.favorite(1))

    let holder = try LineProcess.persistenceHelper(["hold-lock", path])
    _ = try await holder.waitForLine(startingWith: "LOCKED")

    let start = ContinuousClock.now
    await #expect {
      try await database.saveFavorite(Fixtures.favorite(2))
    } throws: { error in
      error as? StorageError == .locked(path: path, timeout: timeout)
        && "\(error)".contains("locked by another process")
    }
    let waited = ContinuousClock.now - start
    // It waited (SQLite's busy handler), but not unboundedly.
    #expect(waited >= .milliseconds(400))
    #expect(waited < .seconds(30))
    // Readers are not blocked in WAL mode.
    #expect(try await database.favorites() == [Fixtures.favorite(1)])

    #expect(await holder.finish() == 0)
    try await database.saveFavorite(Fixtures.favorite(2))
    #expect(try await database.favorites().count == 2)
  }

  @Test
  func aFileThatIsNotADatabaseIsReportedByNameAndLeftUntouched() throws {
    let url = try TemporaryDirectory.make().appendingPathComponent("notes.sqlite")
    let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    try garbage.write(to: url)

    #expect {
      try LocalDatabase(path: url.path)
    } throws: { error in
      guard case .corrupt(let path, _) = error as? StorageError else { return false }
      return path == url.path && "\(error)".contains(url.path) && "\(error)".contains("damaged")
    }
    #expect(try Data(contentsOf: url) == garbage)
  }

  @Test
  func aDatabaseWithADamagedPageIsReportedAndLeftUntouched() async throws {
    let url = try TemporaryDirectory.make().appendingPathComponent("damaged.sqlite")
    do {
      let database = try LocalDatabase(path: url.path)
      try await database.saveFavorites((0..<300).map { Fixtures.favorite($0) })
      // Move the rows from the WAL into the main file, where the damage will be done.
      _ = try await database.writer.writeWithoutTransaction { try $0.checkpoint(.truncate) }
      try database.close()
    }
    // Keep page 1 (the header and schema) and overwrite the next pages, where the rows are.
    var bytes = try Data(contentsOf: url)
    try #require(bytes.count > 4 * 4096)
    for offset in 4096..<(3 * 4096) { bytes[offset] = 0xA5 }
    try bytes.write(to: url)

    #expect {
      try LocalDatabase(path: url.path)
    } throws: { error in
      guard case .corrupt(let path, _) = error as? StorageError else { return false }
      return path == url.path
    }
    let after = try Data(contentsOf: url)
    let changed = zip(after, bytes).enumerated().filter { $0.element.0 != $0.element.1 }.map(
      \.offset)
    #expect(
      after == bytes, "\(after.count) vs \(bytes.count); changed offsets \(changed.prefix(20))")
  }

  @Test
  func aReadOnlyDirectoryIsReportedClearly() async throws {
    let directory = try TemporaryDirectory.make().appendingPathComponent("readonly")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    let existing = directory.appendingPathComponent("existing.sqlite").path
    do {
      let database = try LocalDatabase(path: existing)
      try await database.saveFavorite(Fixtures.favorite(1))
      try database.close()
    }
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o555], ofItemAtPath: directory.path)
    defer {
      try? FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: directory.path)
    }

    for path in [existing, directory.appendingPathComponent("new.sqlite").path] {
      let message = try await openAsUnprivilegedUser(path)
      #expect(message.contains("cannot be written"), "\(message)")
      #expect(message.contains(directory.path), "\(message)")
    }
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: directory.path)
    #expect(try await LocalDatabase(path: existing).favorites() == [Fixtures.favorite(1)])
  }

  /// Root may write anywhere, so as root the open runs in the helper as "nobody".
  func openAsUnprivilegedUser(_ path: String) async throws -> String {
    if geteuid() != 0 {
      do {
        _ = try LocalDatabase(path: path)
        return "OPENED"
      } catch {
        return "ERROR: \(error)"
      }
    }
    let helper = try LineProcess.persistenceHelper(["open", path, "--as-nobody"])
    let line = try await helper.waitForLine(startingWith: "")
    _ = await helper.finish()
    return line
  }

  @Test(arguments: TestStorage.allCases)
  func aFullDiskFailsTheWholeBatchAndKeepsEarlierData(storage: TestStorage) async throws {
    let database = try storage.open(options: .init(maximumPageCount: 40))
    try await database.saveFavorite(Fixtures.favorite(1))

    // Each name is 2 KB: 200 of them need about 100 pages, more than the cap.
    let batch = (100..<300).map { Fixtures.favorite($0, name: String(repeating: "x", count: 2048)) }
    await #expect {
      try await database.saveFavorites(batch)
    } throws: { error in
      error as? StorageError == .diskFull(path: database.path)
        && "\(error)".contains("no space left")
    }
    #expect(try await database.favorites() == [Fixtures.favorite(1)])
    // Still usable for writes that fit.
    try await database.saveFavorite(Fixtures.favorite(2))
    #expect(try await database.favorites().count == 2)
  }

  @Test
  func aProcessKilledMidBatchLeavesNoneOfTheBatch() async throws {
    let path = try TemporaryDirectory.make().appendingPathComponent("batch.sqlite").path
    do {
      let database = try LocalDatabase(path: path)
      try await database.saveFavorite(Fixtures.favorite(1))
      try database.close()
    }

    let writer = try LineProcess.persistenceHelper(["batch", path, "2000"])
    _ = try await writer.waitForLine(startingWith: "MIDWAY")
    writer.kill()
    _ = await writer.finish()
    #expect(writer.process.terminationReason == .uncaughtSignal)

    // Reopening runs the integrity check too: the file is sound, and the batch is absent.
    let database = try LocalDatabase(path: path)
    #expect(try await database.favorites() == [Fixtures.favorite(1)])
  }

  @Test
  func aBatchThatCompletesIsAllThere() async throws {
    let path = try TemporaryDirectory.make().appendingPathComponent("batch.sqlite").path
    let writer = try LineProcess.persistenceHelper(["batch", path, "2000", "--no-stall"])
    _ = try await writer.waitForLine(startingWith: "DONE")
    #expect(await writer.finish() == 0)
    let database = try LocalDatabase(path: path)
    #expect(try await database.favorites().count == 2000)
  }
}
