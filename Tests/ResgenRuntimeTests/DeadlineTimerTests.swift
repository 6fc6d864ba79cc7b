import Dispatch
import Foundation
import ResgenRuntime
import Testing

/// The one timer behind every call's deadline (`DeadlineTimer`): its heap fires the pending deadlines in
/// order, never one that was cancelled, and lets go of every entry a call removes.
@Suite struct DeadlineTimerTests {
    /// What the timer fired, in order, written on its queue and read by the test.
    final class Fired: @unchecked Sendable {
        // @unchecked: `names` is read and written under `lock`.
        private let lock = NSLock()
        private var names: [Int] = []
        var all: [Int] { lock.withLock { names } }
        func record(_ name: Int) { lock.withLock { names.append(name) } }

        /// Waits until `count` entries fired (or 30 s passed, which fails the test's expectations).
        func wait(for count: Int) async throws {
            let giveUp = ContinuousClock.now.advanced(by: .seconds(30))
            while all.count < count && ContinuousClock.now < giveUp { try await Task.sleep(for: .milliseconds(5)) }
        }
    }

    @Test("Deadlines fire in the order of their times, not of their scheduling")
    func firesInOrder() async throws {
        let timer = DeadlineTimer()
        let fired = Fired()
        let now = DispatchTime.now()
        for (name, milliseconds) in [(0, 60), (1, 20), (2, 40)] {
            _ = timer.schedule(at: now + .milliseconds(milliseconds)) { fired.record(name) }
        }
        try await fired.wait(for: 3)
        #expect(fired.all == [1, 2, 0])
        #expect(timer.pendingCount == 0)
    }

    @Test("A cancelled deadline never fires, even when it was the one the timer was armed for")
    func cancelledDeadlinesDoNotFire() async throws {
        let timer = DeadlineTimer()
        let fired = Fired()
        let now = DispatchTime.now()
        let first = timer.schedule(at: now + .milliseconds(10)) { fired.record(0) }
        _ = timer.schedule(at: now + .milliseconds(80)) { fired.record(1) }
        timer.cancel(first)
        timer.cancel(first)  // twice is harmless
        try await fired.wait(for: 1)
        try await Task.sleep(for: .milliseconds(50))
        #expect(fired.all == [1])
        #expect(timer.pendingCount == 0)
    }

    @Test("After random cancellations the heap still fires exactly the rest, in the order of their times")
    func randomCancellationsKeepTheHeapOrdered() async throws {
        var generator = SplitMix64(seed: 29)
        let timer = DeadlineTimer()
        let fired = Fired()
        let now = DispatchTime.now()
        // Deadlines 100–400 ms away, distinct, scheduled in random order; a random half cancelled in random order.
        let offsets = Array(0..<300).map { 100 + $0 }.shuffled(using: &generator)
        var entries: [(offset: Int, entry: DeadlineTimer.Entry)] = offsets.map { offset in
            (offset, timer.schedule(at: now + .milliseconds(offset)) { fired.record(offset) })
        }
        entries.shuffle(using: &generator)
        let cancelled = entries.prefix(150)
        for (_, entry) in cancelled { timer.cancel(entry) }
        #expect(timer.pendingCount == 150)
        let kept = Set(offsets).subtracting(cancelled.map(\.offset))

        try await fired.wait(for: kept.count)
        try await Task.sleep(for: .milliseconds(50))
        #expect(fired.all == kept.sorted())
        #expect(timer.pendingCount == 0)
    }

    @Test("Scheduling and cancelling many far deadlines leaves nothing pending: a call's end lets go of its deadline")
    func cancellingReleasesEveryEntry() {
        let timer = DeadlineTimer()
        for _ in 0..<10_000 {
            let entry = timer.schedule(at: .now() + .seconds(120)) {}
            timer.cancel(entry)
        }
        #expect(timer.pendingCount == 0)
    }
}
