import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Connects a Swift task's cancellation, and the response limit's, to the `URLSessionTask` doing
/// its work, and cancels that `URLSessionTask` at most once.
///
/// Cancellation may arrive before the `URLSessionTask` exists (the task was cancelled while its
/// body was being prepared) or after it started; in the first case the `URLSessionTask` is never
/// resumed, in the second it is cancelled.
///
/// ``cancel()`` never calls into `URLSession` on the calling thread: it hands `URLSessionTask.cancel()`
/// to a global queue. It is called from two places that must not wait for the session's work queue:
/// - a Swift task's cancellation handler, which the runtime runs holding the task's status lock.
///   `URLSessionTask.cancel()` waits for the work queue, and the work queue, when it resumes that
///   task's continuation (``ResponseCollector`` does so from a delegate callback), waits for the
///   same status lock: each waited for the other and the process hung (found in the transport
///   tests, reproduced by `TransportCancellationTests`);
/// - the session delegate's callbacks, which on Linux run on the work queue itself (see
///   ``InlineOperationQueue``), where `cancel()` would wait for itself.
///
/// Once per task because of swift-corelibs-foundation issue 3296: on FoundationNetworking a
/// cancellation still pending on the work queue when the transfer ends by itself crashes the
/// process ("Trying to access a behaviour for a task that in not in the registry"). Cancelling again
/// for every piece of a body over the limit made that happen in 3 of 6 runs of the transport tests;
/// once per task, in none of 35.
package final class URLSessionTaskHandle: @unchecked Sendable {
    // @unchecked: every stored property is guarded by `lock`.
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var isCancelled = false
    /// Whether `task.cancel()` was handed to the global queue already.
    private var isTaskCancelled = false

    /// A handle with no task yet.
    package init() {}

    /// Records `task` and resumes it, unless cancellation came first.
    ///
    /// The lock is held across `resume()`, which waits for the session's work queue, so ``cancel()``
    /// never sees a task that is not running yet. A cancellation handler waiting for the lock then
    /// cannot close a cycle: the work queue only resumes continuations of Swift tasks that are
    /// suspended, and this one is running (it is starting its `URLSessionTask`). Nor can a delegate
    /// callback cancelling over the limit: the task's callbacks run on the work queue only after
    /// `resume()` has left it.
    ///
    /// - Returns: Whether the task was resumed; when it was not, its completion handler never runs
    ///   and the caller must finish the work itself.
    package func start(_ task: URLSessionTask) -> Bool {
        lock.withLock {
            guard !isCancelled else { return false }
            self.task = task
            task.resume()
            return true
        }
    }

    /// Cancels the `URLSessionTask`, now or as soon as it is started, once, from another thread;
    /// returns at once.
    package func cancel() {
        let task: URLSessionTask? = lock.withLock {
            isCancelled = true
            guard !isTaskCancelled, let task = self.task else { return nil }
            isTaskCancelled = true
            return task
        }
        guard let task else { return }
        // The cancellation takes effect when libcurl next returns to the work queue. While a body
        // arrives faster than libcurl can process it (a gzip body inflating a thousandfold), it does
        // not return until the server stops sending: the caller has its error already and nothing
        // more is kept, but the connection stays busy until then.
        DispatchQueue.global().async { task.cancel() }
    }
}

#if !canImport(FoundationNetworking)
    extension URLSessionTaskHandle {
        /// Suspends the running task, which holds back its transfer (Apple platforms; a streamed body's
        /// buffer is full).
        package func suspend() {
            lock.withLock { if !isCancelled { task?.suspend() } }
        }

        /// Resumes the task ``suspend()`` suspended.
        package func resume() {
            lock.withLock { if !isCancelled { task?.resume() } }
        }
    }
#endif
