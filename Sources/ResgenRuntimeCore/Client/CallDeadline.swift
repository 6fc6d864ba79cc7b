import Foundation

/// A call's deadline (``Client/Configuration/timeout``): the whole call — every hop, retry and
/// middleware, reading the body, decoding it, and the traversal or include resolution that belongs to
/// the call — runs in a task of its own that is cancelled when the deadline passes, and the caller gets
/// its ``ClientError`` of kind ``ClientError/Kind/timedOut`` at that moment.
///
/// The caller does not wait for the cancelled work to wind down. Everything the runtime runs stops
/// soon after its cancellation (transports cancel their requests, decoding checks for cancellation,
/// traversals cancel their fetches), but a model's own `init(from:)` or a middleware that ignores
/// cancellation could keep the call's task busy for a long time: with a task group (which waits for its
/// children) such code held the caller past its deadline. Here it only wastes that task's work, whose
/// result nobody reads.
///
/// What it costs: the deadline is an entry in the process's one ``DeadlineTimer`` (no Dispatch timer per
/// call, which Dispatch kept for the deadline's whole two minutes after the call ended), and the work's
/// task is one more hand-over between threads at its start and end. Measured (`RuntimeBench`, 2 cores,
/// 2026-11-28): 3.6 µs a call over an in-memory transport; 19 µs (URLSession) and 34 µs (AsyncHTTPClient) of
/// CPU a request over loopback HTTP, where each hand-over wakes a thread (BENCHMARKS.md shows the client with
/// and without it). Starting the task with `Task.immediate` saves part of the first hand-over (−5% CPU over
/// AsyncHTTPClient, nothing over URLSession) but runs the work on the caller's thread until its first
/// suspension, where synchronous work would hold the caller. Running the work in the caller's task would save both, but the only way to stop it then is to
/// cancel the caller's task, which stays cancelled after the call returns.
enum CallDeadline {
    /// The deadline of the call running in this task, if it has one. Work nested in a call (a
    /// traversal's fetches, the requests of a page with includes, a middleware calling the same client)
    /// runs within it instead of starting a deadline of its own, unless its own would end sooner.
    @TaskLocal package static var current: ContinuousClock.Instant?

    /// Runs `work` until `deadline`, in a task of its own.
    ///
    /// - Returns: What `work` returned, when it did before the deadline.
    /// - Throws: What `work` threw; `timedOut()` when the deadline passed first; `CancellationError`
    ///   when the calling task was cancelled first. Either way `work`'s task is cancelled.
    package static func run<T: Sendable>(
        until deadline: ContinuousClock.Instant, timedOut: @escaping @Sendable () -> any Error,
        _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let race = Race<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.start(continuation) {
                    let worker = Task {
                        do {
                            race.end(.success(try await $current.withValue(deadline, operation: work)))
                        } catch {
                            race.end(.failure(error))
                        }
                    }
                    // A Dispatch timer, not a sleeping task: a task needs a thread of the cooperative pool to wake
                    // up, and synchronous work (a long decode) may hold every one, so only a timer outside the
                    // pool cancels the work at its deadline whatever the pool is doing. Weak: a call that ended
                    // lets go of its race at once; the race removes its deadline from the timer then too.
                    let timer = DeadlineTimer.shared.schedule(at: dispatchTime(of: deadline)) { [weak race] in
                        race?.end(.failure(timedOut()))
                    }
                    return (worker, timer)
                }
            }
        } onCancel: {
            race.end(.failure(CancellationError()))
        }
    }

    /// `deadline` on Dispatch's clock; a deadline further away than Dispatch can count is never.
    private static func dispatchTime(of deadline: ContinuousClock.Instant) -> DispatchTime {
        let (seconds, attoseconds) = ContinuousClock.now.duration(to: deadline).components
        guard seconds < Int64(Int.max / 1_000_000_000) - 1 else { return .distantFuture }
        return .now() + .nanoseconds(Int(max(0, seconds)) * 1_000_000_000 + Int(max(0, attoseconds) / 1_000_000_000))
    }

    /// The first of the work's result, the deadline and the caller's cancellation: it resumes the caller
    /// once and cancels the work and the timer.
    private final class Race<T: Sendable>: @unchecked Sendable {
        // @unchecked: every stored property is read and written under `lock`.
        private let lock = NSLock()
        private var continuation: CheckedContinuation<T, any Error>?
        private var worker: Task<Void, Never>?
        private var timer: DeadlineTimer.Entry?
        /// The outcome, once there is one; set before `start` when the caller was cancelled already.
        private var outcome: Result<T, any Error>?

        /// Keeps `continuation` and starts the work and its timer — unless the race is already over (the
        /// caller was cancelled before it began), which resumes `continuation` at once and starts nothing.
        func start(
            _ continuation: CheckedContinuation<T, any Error>, _ begin: () -> (Task<Void, Never>, DeadlineTimer.Entry)
        ) {
            let early: Result<T, any Error>? = lock.withLock {
                if let outcome { return outcome }
                self.continuation = continuation
                (worker, timer) = begin()
                return nil
            }
            if let early { continuation.resume(with: early) }
        }

        /// Ends the race with `result` unless it has ended: resumes the caller and cancels the work and the
        /// timer.
        func end(_ result: Result<T, any Error>) {
            var continuation: CheckedContinuation<T, any Error>?
            var worker: Task<Void, Never>?
            var timer: DeadlineTimer.Entry?
            let ended: Bool = lock.withLock {
                if outcome != nil { return false }
                outcome = result
                swap(&continuation, &self.continuation)
                swap(&worker, &self.worker)
                swap(&timer, &self.timer)
                return true
            }
            guard ended else { return }
            worker?.cancel()
            if let timer { DeadlineTimer.shared.cancel(timer) }
            continuation?.resume(with: result)
        }
    }
}
