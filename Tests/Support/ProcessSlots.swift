import Foundation

/// Lets at most as many CPU-heavy child processes (`swiftc`, `resgen`, `check.py`) run at once as the
/// machine has cores; the others wait for a slot by suspending, never by blocking a thread.
///
/// While such helpers blocked the cooperative pool, its width bounded them by accident. Waiting on a
/// ``DedicatedThread`` instead freed the pool, and a measured run then had 17 compilers and 32 `resgen`
/// processes running at once (load 19 on two cores), leaving the test process a third of a core for the
/// in-process tests. Long-lived servers do not take a slot. Symlinked into every test target that runs
/// such a process.
final class ProcessSlots: @unchecked Sendable {
    // @unchecked: `free` and `waiting` are only touched under `lock`.
    /// The slots every test in the process shares.
    static let shared = ProcessSlots(count: max(1, ProcessInfo.processInfo.activeProcessorCount))

    private let lock = NSLock()
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { free = count }

    /// Runs `body` while holding a slot, waiting (suspended) for one first.
    func withSlot<Value>(_ body: () async throws -> Value) async rethrows -> Value {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = lock.withLock {
                if free > 0 {
                    free -= 1
                    return true
                }
                waiting.append(continuation)
                return false
            }
            if granted { continuation.resume() }
        }
    }

    /// Hands the slot to the first waiter, in order, or frees it.
    private func release() {
        let next = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            if waiting.isEmpty {
                free += 1
                return nil
            }
            return waiting.removeFirst()
        }
        next?.resume()
    }
}
