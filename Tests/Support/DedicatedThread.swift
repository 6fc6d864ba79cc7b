import Foundation

/// Runs blocking work (waiting for a child process, reading a pipe to its end) on a thread of its own,
/// so that it never holds one of Swift concurrency's cooperative threads.
///
/// The cooperative pool is as wide as the machine has cores (two on CI), and every test in the run
/// shares it: Swift Testing runs synchronous `@Test` functions on it too. A helper that blocked a pool
/// thread in `waitUntilExit()` while `swiftc -typecheck` ran for a minute starved every other test, so
/// that fake-transport calls missed their deadlines and trivial tests "passed after 110 seconds".
/// `Task.detached` would not help: it runs on the same pool. Symlinked into every test target that
/// starts a process.
enum DedicatedThread {
    /// Runs `work` on a new thread and suspends (without blocking) until it returns or throws.
    ///
    /// Cancellation is not forwarded: `work` runs to its end, as the blocking call it wraps would have.
    static func run<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: Result { () throws(Failure) -> Value in try work() })
            }
        }
        return try result.get()
    }
}
