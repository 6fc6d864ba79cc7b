import Foundation
import Testing

/// `ProcessSlots` (Tests/Support) bounds how many heavy child processes the tests run at once.
@Suite struct ProcessSlotsTests {
    /// How many bodies run now, and the most that ever ran at once.
    final class InFlight: @unchecked Sendable {
        private let lock = NSLock()
        private var now = 0
        private(set) var most = 0
        func enter() { lock.withLock { now += 1; most = max(most, now) } }
        func leave() { lock.withLock { now -= 1 } }
    }

    @Test("No more bodies run at once than there are slots, and every one runs")
    func slotsBoundConcurrency() async {
        let slots = ProcessSlots(count: 2)
        let inFlight = InFlight()
        let finished = await withTaskGroup(of: Int.self) { group in
            for index in 0..<8 {
                group.addTask {
                    await slots.withSlot {
                        inFlight.enter()
                        defer { inFlight.leave() }
                        // Suspends while holding the slot, so the other bodies get to try for one.
                        for _ in 0..<5 { await Task.yield() }
                        return index
                    }
                }
            }
            return await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }

        #expect(finished == Set(0..<8))
        #expect(inFlight.most == 2)
    }
}
