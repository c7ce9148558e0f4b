// Does `await Task.detached { … }.value` give the main actor up? Counts, over many tries,
// how often a main-actor task queued just before 20 such awaits (what swift-concurrency-extras'
// `Task.megaYield()` does, and so combine-schedulers' `advance(by:)`) had still not run after
// them, and how often an await found its detached task already finished (and so did not
// suspend: awaiting a finished task's value returns at once). Nothing of Bearing is in it.
//
//   swiftc -O scripts/megayield-probe.swift -o /tmp/megayield-probe && /tmp/megayield-probe 2000
import Foundation
import Synchronization

@MainActor
func trial() async -> (ran: Bool, notSuspended: Int) {
  var ran = false
  Task { ran = true }
  var notSuspended = 0
  for _ in 0..<20 {
    let done = Atomic<Bool>(false)
    let task = Task.detached(priority: .background) {
      await Task.yield()
      done.store(true, ordering: .sequentiallyConsistent)
    }
    if done.load(ordering: .sequentiallyConsistent) { notSuspended += 1 }
    await task.value
    if ran { break }
  }
  return (ran, notSuspended)
}

@MainActor
func main() async {
  let tries = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 1000
  var missed = 0
  var finishedFirst = 0
  for _ in 0..<tries {
    let (ran, notSuspended) = await trial()
    if !ran { missed += 1 }
    finishedFirst += notSuspended
    await Task.yield()
  }
  print(
    "\(missed) of \(tries) tries: the main-actor task had not run after 20 detached awaits;",
    "\(finishedFirst) of the awaits found their task finished before they began")
}
await main()
