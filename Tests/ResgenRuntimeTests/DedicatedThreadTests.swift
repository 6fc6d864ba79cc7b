import Foundation
import Testing

/// `DedicatedThread` (Tests/Support) keeps blocking test helpers off Swift's cooperative pool: when it
/// did not, a `swiftc` run waited for on a pool thread starved every other test of a two-core CI machine.
@Suite struct DedicatedThreadTests {
    /// How many blocked works have started, counted from their threads.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }

    @Test("More blocking works than the pool has threads all run at once, and the pool stays free")
    func blockingWorkLeavesThePoolFree() async {
        // More than the cooperative pool's width (one thread per core): on the pool, the works beyond
        // its width could not start, and this test's own task could not run to release them.
        let works = ProcessInfo.processInfo.activeProcessorCount + 2
        let gate = DispatchSemaphore(value: 0)
        let started = Counter()
        async let released: Int = withTaskGroup(of: Bool.self) { group in
            for _ in 0..<works {
                group.addTask {
                    await DedicatedThread.run {
                        started.increment()
                        // Bounded, so that a regression fails the test instead of hanging the run; generous,
                        // because the loop below runs on the pool the rest of the test process keeps busy
                        // (5 s ran out in a CI run of 1,026 tests on 2 cores).
                        return gate.wait(timeout: .now() + .seconds(60)) == .success
                    }
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        // This loop runs on the pool while every work blocks its thread.
        while started.value < works { await Task.yield() }
        for _ in 0..<works { gate.signal() }

        #expect(await released == works, "every work was released by this task, none gave up waiting")
    }

    @Test("A value and a typed error come back from the thread")
    func resultsComeBack() async {
        struct Refused: Error, Equatable {}
        #expect(await DedicatedThread.run { 42 } == 42)
        let error = await #expect(throws: Refused.self) {
            try await DedicatedThread.run { () throws(Refused) -> Int in throw Refused() }
        }
        #expect(error == Refused())
    }
}
