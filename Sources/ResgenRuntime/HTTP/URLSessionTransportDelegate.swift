import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of the session a ``URLSessionTransport`` owns: it refuses every redirect, so the 3xx
/// response reaches the caller, whose middlewares decide whether to follow it; and it hands each
/// task's response, piece by piece as it arrives, to the ``ResponseCollector`` registered for it.
///
/// Session-level callbacks rather than per-task delegates or the async `URLSession` methods, which
/// FoundationNetworking (Linux) implements incompletely. A task created with a completion handler
/// gets none of the data callbacks, so the transport creates its tasks without one.
final class URLSessionTransportDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: `collectors` is guarded by `lock`.
    private let lock = NSLock()
    /// The collector of every running task, by `taskIdentifier` (unique within the session).
    private var collectors: [Int: ResponseCollector] = [:]

    /// Routes the callbacks of `task` to `collector`; call it before the task is resumed.
    func register(_ collector: ResponseCollector, for task: URLSessionTask) {
        lock.withLock { collectors[task.taskIdentifier] = collector }
    }

    /// Stops routing the callbacks of `task`, returning its collector.
    @discardableResult
    func unregister(_ task: URLSessionTask) -> ResponseCollector? {
        lock.withLock { collectors.removeValue(forKey: task.taskIdentifier) }
    }

    private func collector(for task: URLSessionTask) -> ResponseCollector? {
        lock.withLock { collectors[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        switch collector(for: dataTask)?.receive(response) ?? .ignore {
        case .proceed:
            completionHandler(.allow)
        case .cancel:
            // FoundationNetworking ignores the disposition (it cannot pause a transfer), hence `cancel`.
            completionHandler(.cancel)
            Self.cancel(dataTask)
        case .ignore:
            completionHandler(.cancel)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if collector(for: dataTask)?.receive(data) == .cancel {
            Self.cancel(dataTask)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        unregister(task)?.complete(response: task.response, error: error)
    }

    /// Cancels `task` from another thread: on Linux the callbacks run on the session's work queue
    /// (see ``InlineOperationQueue``), on which `cancel()` would wait for itself.
    ///
    /// Called once per task, never again for the pieces that follow (they are dropped). On
    /// FoundationNetworking every `cancel()` waits its turn on the work queue; when a cancellation
    /// still pending there is overtaken by the transfer ending by itself, the process crashes
    /// ("Trying to access a behaviour for a task that in not in the registry", the race of
    /// swift-corelibs-foundation issue 3296). Cancelling again for every piece over the limit made
    /// that happen in 3 of 6 runs of the transport tests; once per task, in none of 35.
    ///
    /// The cancellation takes effect when libcurl next returns to that queue. While a body arrives
    /// faster than libcurl can process it (a gzip body inflating a thousandfold), libcurl does not
    /// return until the server stops sending: the caller has its error already and nothing more is
    /// kept, but the connection stays busy until then.
    private static func cancel(_ task: URLSessionTask) {
        DispatchQueue.global().async { task.cancel() }
    }
}
