import Dispatch
import Foundation

/// One Dispatch timer for every call deadline of the process (`CallDeadline`), keeping the pending
/// deadlines in a heap.
///
/// Why not `DispatchQueue.asyncAfter` per call, as before: cancelling its `DispatchWorkItem` does not
/// remove the timer, which stays in Dispatch's heap until its time — about 600 bytes per call for the two
/// minutes of the default deadline (measured: 200,000 cancelled `asyncAfter`s of 120 s held 117 MiB), and
/// a Dispatch source created and armed per call. Here a call's deadline is a heap entry that its end
/// removes, and the one timer is re-armed only when a deadline comes due or a sooner one arrives, which
/// calls with one client's timeout rarely bring (each new deadline is later than the pending ones).
///
/// The timer fires on a Dispatch queue of its own, outside the cooperative pool: a deadline must fire
/// while synchronous work (a long decode) holds every thread of the pool.
package final class DeadlineTimer: @unchecked Sendable {
    // @unchecked: `heap`, `armed` and every entry's `index` are read and written under `lock`.

    /// The process's timer.
    package static let shared = DeadlineTimer()

    /// A pending deadline; ``cancel(_:)`` removes it.
    package final class Entry: @unchecked Sendable {
        // @unchecked: `index` is read and written under the timer's lock; the rest is immutable.
        fileprivate let deadline: DispatchTime
        fileprivate let fire: @Sendable () -> Void
        /// Its place in the heap; -1 once it fired or was cancelled.
        fileprivate var index: Int

        fileprivate init(deadline: DispatchTime, index: Int, fire: @escaping @Sendable () -> Void) {
            (self.deadline, self.index, self.fire) = (deadline, index, fire)
        }
    }

    private let lock = NSLock()
    /// The pending entries, a binary min-heap on `deadline`.
    private var heap: [Entry] = []
    /// When the source fires next; nil when it is not armed.
    private var armed: DispatchTime?
    private let source: any DispatchSourceTimer

    package init() {
        source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "resgen.call-deadlines"))
        source.setEventHandler { [unowned self] in self.fireDueEntries() }
        source.activate()  // not armed: it fires once a deadline is scheduled
    }

    /// Calls `fire` on the timer's queue at `deadline`, unless ``cancel(_:)`` removes the entry first.
    package func schedule(at deadline: DispatchTime, _ fire: @escaping @Sendable () -> Void) -> Entry {
        lock.withLock {
            let entry = Entry(deadline: deadline, index: heap.count, fire: fire)
            heap.append(entry)
            siftUp(entry.index)
            if armed.map({ deadline < $0 }) ?? true { arm(at: deadline) }
            return entry
        }
    }

    /// Removes `entry` if it has neither fired nor been cancelled. The timer stays armed for its time
    /// if it was the first: firing early and finding nothing due costs less than re-arming on every call.
    package func cancel(_ entry: Entry) {
        lock.withLock { remove(entry) }
    }

    /// How many deadlines are pending: what a test checks after its calls have ended.
    package var pendingCount: Int { lock.withLock { heap.count } }

    /// The entries that are due, removed from the heap and fired outside the lock; then the timer is
    /// armed for the first one left.
    private func fireDueEntries() {
        let due: [Entry] = lock.withLock {
            armed = nil
            let now = DispatchTime.now()
            var due: [Entry] = []
            while let first = heap.first, first.deadline <= now {
                remove(first)
                due.append(first)
            }
            if let next = heap.first { arm(at: next.deadline) }
            return due
        }
        for entry in due { entry.fire() }
    }

    /// Arms the source for `deadline` (under the lock).
    private func arm(at deadline: DispatchTime) {
        armed = deadline
        source.schedule(deadline: deadline, repeating: .never, leeway: .milliseconds(1))
    }

    // MARK: The heap (under the lock)

    private func remove(_ entry: Entry) {
        let index = entry.index
        guard index >= 0 else { return }
        entry.index = -1
        let last = heap.removeLast()
        guard index < heap.count else { return }  // it was the last
        heap[index] = last
        last.index = index
        siftDown(index)
        siftUp(last.index)
    }

    private func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].deadline < heap[parent].deadline else { return }
            swapAt(child, parent)
            child = parent
        }
    }

    private func siftDown(_ start: Int) {
        var parent = start
        while true {
            var first = parent
            let left = 2 * parent + 1, right = left + 1
            if left < heap.count && heap[left].deadline < heap[first].deadline { first = left }
            if right < heap.count && heap[right].deadline < heap[first].deadline { first = right }
            guard first != parent else { return }
            swapAt(parent, first)
            parent = first
        }
    }

    private func swapAt(_ a: Int, _ b: Int) {
        heap.swapAt(a, b)
        heap[a].index = a
        heap[b].index = b
    }
}
