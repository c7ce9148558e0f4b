import BearingProcessTesting
import BearingSharing
import CustomDump
import Dependencies
import Foundation
import IdentifiedCollections
import Synchronization
import Testing

#if canImport(Combine)
  import Combine
#else
  import OpenCombine
#endif

extension SharedKey where Self == InMemoryKey<Int>.Default {
  fileprivate static var hits: Self { Self[.inMemory("hits"), default: 7] }
}

struct SharedTests {
  @Test func aValueOfItsOwnIsSharedByItsCopies() {
    @Shared(value: 1) var count
    let copy = $count
    $count.withLock { $0 += 1 }
    #expect(count == 2)
    #expect(copy.wrappedValue == 2)
    #expect($count.projectedValue == copy)
  }

  @Test func withLockReturnsAndRethrows() throws {
    let shared = Shared(value: [1, 2])
    let last = shared.withLock { $0.removeLast() }
    #expect(last == 2)
    struct Failure: Error {}
    #expect(throws: Failure.self) {
      try shared.withLock { _ in throw Failure() }
    }
    #expect(shared.wrappedValue == [1])
  }

  @Test func twoDeclarationsOfOneKeyShareOneValue() {
    @Shared(.inMemory("count")) var first = 0
    @Shared(.inMemory("count")) var second = 100
    #expect(second == 0)
    $first.withLock { $0 = 5 }
    #expect(second == 5)
  }

  @Test func inMemoryValuesOutliveTheirReferencesInOneTest() {
    do {
      @Shared(.inMemory("kept")) var value = "a"
      $value.withLock { $0 = "b" }
    }
    @Shared(.inMemory("kept")) var again = "z"
    #expect(again == "b")
  }

  @Test func aStorageOfItsOwnHasValuesOfItsOwn() {
    @Shared(.inMemory("separate")) var outer = 1
    $outer.withLock { $0 = 2 }
    withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      @Shared(.inMemory("separate")) var inner = 1
      #expect(inner == 1)
    }
  }

  @Test func anOptionalKeyStartsAsNil() {
    @Shared(.inMemory("user")) var user: String?
    #expect(user == nil)
    $user.withLock { $0 = "Ada" }
    @SharedReader(.inMemory("user")) var reader: String?
    #expect(reader == "Ada")
  }

  @Test func keysWithADefault() {
    @Shared(.hits) var hits
    #expect(hits == 7)
    @Shared(.inMemory("hits")) var same = 0
    $same.withLock { $0 = 8 }
    #expect(hits == 8)
    @SharedReader(.hits) var reader
    #expect(reader == 8)
  }

  @Test func childrenAndOptionals() {
    struct Settings: Equatable, Sendable {
      var units = "metric"
      var name: String?
    }
    @Shared(value: Settings()) var settings
    let units = $settings.units
    units.withLock { $0 = "imperial" }
    #expect(settings.units == "imperial")
    #expect(Shared($settings.name) == nil)
    $settings.withLock { $0.name = "Ada" }
    let name = try! #require(Shared($settings.name))
    name.withLock { $0 += "!" }
    #expect(settings.name == "Ada!")
    $settings.withLock { $0.name = nil }
    #expect(name.wrappedValue == "Ada!")
  }

  @Test func collectionsOfShared() {
    @Shared(value: [1, 2, 3]) var numbers
    for number in $numbers { number.withLock { $0 *= 10 } }
    #expect(numbers == [10, 20, 30])
    #expect($numbers.map(\.wrappedValue) == [10, 20, 30])

    struct Item: Identifiable, Equatable, Sendable {
      let id: Int
      var title: String
    }
    @Shared(
      value: IdentifiedArray(uniqueElements: [Item(id: 1, title: "a"), Item(id: 2, title: "b")]))
    var items
    let second = $items.elements[1]
    $items.withLock { $0.swapAt(0, 1) }
    second.withLock { $0.title = "B" }
    #expect(items[id: 2]?.title == "B")
    #expect(items.first?.title == "B")
  }

  @Test func equalityHashingAndDumps() throws {
    #expect(Shared(value: 1) == Shared(value: 1))
    #expect(Shared(value: 1) != Shared(value: 2))
    #expect(Set([Shared(value: 1), Shared(value: 1)]).count == 1)
    #expect(Shared(value: 3).description == "3")
    #expect(String(customDumping: Shared(value: 3)) == "3")
    let data = try JSONEncoder().encode(Shared(value: [1, 2]))
    #expect(String(decoding: data, as: UTF8.self) == "[1,2]")
  }

  @Test func readersSeeChangesAndCannotMakeThem() {
    @Shared(value: 1) var count
    let reader = SharedReader($count)
    $count.withLock { $0 = 2 }
    #expect(reader.wrappedValue == 2)
    #expect($count.reader.wrappedValue == 2)
    #expect(SharedReader.constant(4).wrappedValue == 4)
  }

  @Test func requireNeedsAStoredValue() async throws {
    await #expect(throws: SharedLoadError.noValue) {
      _ = try await Shared<Int>(require: .inMemory("absent"))
    }
    @Shared(.inMemory("present")) var present = 3
    let required = try await Shared<Int>(require: .inMemory("present"))
    #expect(required.wrappedValue == 3)
  }

  @Test func publisherSendsTheValueThenItsChanges() {
    @Shared(value: 0) var count
    let values = Mutex<[Int]>([])
    let cancellable = $count.publisher.sink { value in values.withLock { $0.append(value) } }
    $count.withLock { $0 = 1 }
    $count.withLock { $0 = 2 }
    #expect(values.withLock { $0 } == [0, 1, 2])
    _ = cancellable
  }

  // On threads of its own, not tasks: a test store elsewhere in the process may run every task
  // on the main serial executor; and not on the threads of the cooperative pool, which
  // `concurrentPerform` borrows and every other test waits for.
  @Test(.offPool) func concurrentChangesAreNotLost() {
    let count = Shared(value: 0)
    let done = DispatchGroup()
    for _ in 0..<8 {
      done.enter()
      Thread.detachNewThread {
        for _ in 0..<20_000 { count.withLock { $0 += 1 } }
        done.leave()
      }
    }
    done.wait()
    #expect(count.wrappedValue == 160_000)
  }

  // Two tests of one key: each starts from the declared value, whichever runs first.
  @Test func eachTestHasItsOwnInMemoryValuesA() {
    @Shared(.inMemory("isolation")) var value = 0
    #expect(value == 0)
    $value.withLock { $0 = 1 }
  }

  @Test func eachTestHasItsOwnInMemoryValuesB() {
    @Shared(.inMemory("isolation")) var value = 0
    #expect(value == 0)
    $value.withLock { $0 = 2 }
  }
}
