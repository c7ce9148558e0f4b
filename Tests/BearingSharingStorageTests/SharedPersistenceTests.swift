import BearingSharing
import ConcurrencyExtras
import Dependencies
import Foundation
import Testing

extension SharedKey where Self == FileStorageKey<[Int]>.Default {
  fileprivate static func numbers(_ url: URL) -> Self {
    Self[.fileStorage(url), default: [0]]
  }
}

/// File and app storage through `@Shared`, as an app uses them.
struct SharedPersistenceTests {
  @Test func aFileStoredValueIsWrittenAndReadBack() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    let url = directory.file("numbers.json")
    try await withDependencies {
      $0.defaultFileStorage = .fileSystem(debounce: .milliseconds(20))
    } operation: {
      @Shared(.numbers(url)) var numbers
      #expect(numbers == [0])
      $numbers.withLock { $0.append(1) }
      // Written after the debounce.
      let written = ContinuousClock.now + .seconds(10)
      while (try? Data(contentsOf: url)) != Data("[0,1]".utf8) && ContinuousClock.now < written {
        try await Task.sleep(for: .milliseconds(10))
      }
      #expect(try Data(contentsOf: url) == Data("[0,1]".utf8))
      // Another writer's change arrives.
      try Data("[9]".utf8).write(to: directory.file("new.json"))
      _ = rename(directory.file("new.json").path, url.path)
      let deadline = ContinuousClock.now + .seconds(10)
      while numbers != [9] && ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(10))
      }
      #expect(numbers == [9])
    }
  }

  @Test func aCorruptFileIsALoadErrorAndTheDefault() throws {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    let url = directory.file("numbers.json")
    try Data("nope".utf8).write(to: url)
    withDependencies {
      $0.defaultFileStorage = .fileSystem(debounce: .milliseconds(20))
    } operation: {
      @Shared(.fileStorage(url)) var numbers: [Int] = [5]
      #expect(numbers == [5])
      #expect(($numbers.loadError as? FileStorageError)?.operation == .decode)
    }
    #expect(try Data(contentsOf: url) == Data("nope".utf8))
  }

  @Test func aDirectoryThatCannotBeWrittenIsASaveError() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    // A regular file where the directory should be: no user, root included, can write there.
    try Data().write(to: directory.file("file"))
    let url = directory.file("file").appendingPathComponent("numbers.json")
    try await withDependencies {
      $0.defaultFileStorage = .fileSystem(debounce: .milliseconds(20))
    } operation: {
      @Shared(.fileStorage(url)) var numbers: [Int] = []
      $numbers.withLock { $0 = [1] }
      let deadline = ContinuousClock.now + .seconds(10)
      while $numbers.saveError == nil && ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(10))
      }
      let error = try #require($numbers.saveError as? FileStorageError)
      #expect(error.operation == .write)
      #expect(numbers == [1])
    }
  }

  @Test func testsWriteFilesToMemory() {
    let url = URL(fileURLWithPath: "/nonexistent/numbers.json")
    @Shared(.fileStorage(url)) var numbers: [Int] = []
    $numbers.withLock { $0 = [1] }
    #expect(!FileManager.default.fileExists(atPath: url.path))
    @Shared(.fileStorage(url)) var again: [Int] = []
    #expect(again == [1])
  }

  @Test func appStorageThroughShared() throws {
    let directory = try TemporaryDirectory()
    defer { directory.cleanUp() }
    let store = AppStorageStore.file(directory.file("app-storage.json"))
    withDependencies {
      $0.defaultAppStorage = store
    } operation: {
      @Shared(.appStorage("count")) var count = 0
      $count.withLock { $0 += 2 }
    }
    store.synchronize()
    let reopened = AppStorageStore.file(directory.file("app-storage.json"))
    withDependencies {
      $0.defaultAppStorage = reopened
    } operation: {
      @Shared(.appStorage("count")) var count = 0
      #expect(count == 2)
    }
  }
}
