import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Connects a Swift task's cancellation to the `URLSessionTask` doing its work.
///
/// Cancellation may arrive before the `URLSessionTask` exists (the task was cancelled while its
/// body was being prepared) or after it started; in the first case the `URLSessionTask` is never
/// resumed, in the second it is cancelled.
final class URLSessionTaskHandle: @unchecked Sendable {
    // @unchecked: every stored property is guarded by `lock`.
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var isCancelled = false

    /// Records `task` and resumes it, unless cancellation came first.
    ///
    /// - Returns: Whether the task was resumed; when it was not, its completion handler never runs
    ///   and the caller must finish the work itself.
    func start(_ task: URLSessionTask) -> Bool {
        lock.withLock {
            guard !isCancelled else { return false }
            // Resumed under the lock, so `cancel()` never sees a task that is not running yet.
            self.task = task
            task.resume()
            return true
        }
    }

    /// Cancels the `URLSessionTask`, now or as soon as it is started.
    func cancel() {
        let task = lock.withLock {
            isCancelled = true
            return self.task
        }
        task?.cancel()
    }
}
