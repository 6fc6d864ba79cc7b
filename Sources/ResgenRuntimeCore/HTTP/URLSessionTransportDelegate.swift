import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of the session a ``URLSessionTransport`` owns: it refuses every redirect, so the 3xx
/// response reaches the caller, whose middlewares decide whether to follow it; and it hands each
/// task's response, piece by piece as it arrives, to the ``ResponseSink`` registered for it (a
/// ``ResponseCollector`` or a ``ResponseStreamer``), and the progress of its upload to its reporter.
///
/// Session-level callbacks rather than per-task delegates or the async `URLSession` methods, which
/// FoundationNetworking (Linux) implements incompletely. A task created with a completion handler
/// gets none of the data callbacks, so the transport creates its tasks without one.
final class URLSessionTransportDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: `routes` is guarded by `lock`.
    private let lock = NSLock()
    /// The collector and handle of every running task, by `taskIdentifier` (unique within the session).
    private var routes: [Int: Route] = [:]

    /// Where the callbacks of one task go.
    private struct Route {
        /// Takes the response.
        var collector: any ResponseSink
        /// Cancels the task when the collector says so, once for the Swift task's cancellation and this.
        var handle: URLSessionTaskHandle
        /// Takes the progress of the upload, when someone listens.
        var uploadProgress: TransferProgress.Reporter?
    }

    /// Routes the callbacks of `task` to `collector`, cancelling it through `handle` when the body is
    /// over the limit, and the upload's progress to `uploadProgress`; call it before the task is resumed.
    package func register(
        _ collector: any ResponseSink, handle: URLSessionTaskHandle, uploadProgress: TransferProgress.Reporter? = nil,
        for task: URLSessionTask
    ) {
        lock.withLock { routes[task.taskIdentifier] = Route(collector: collector, handle: handle, uploadProgress: uploadProgress) }
    }

    /// Stops routing the callbacks of `task`, returning its collector.
    @discardableResult
    func unregister(_ task: URLSessionTask) -> (any ResponseSink)? {
        lock.withLock { routes.removeValue(forKey: task.taskIdentifier)?.collector }
    }

    private func route(for task: URLSessionTask) -> Route? {
        lock.withLock { routes[task.taskIdentifier] }
    }

    package func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    package func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let route = route(for: dataTask)
        switch route?.collector.receive(response) ?? .ignore {
        case .proceed:
            completionHandler(.allow)
        case .cancel:
            // FoundationNetworking ignores the disposition (it cannot pause a transfer), hence `cancel`.
            completionHandler(.cancel)
            route?.handle.cancel()
        case .ignore:
            completionHandler(.cancel)
        }
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let route = route(for: dataTask) else { return }
        if route.collector.receive(data) == .cancel {
            // From another thread, once per task (see the handle): this callback runs on the session's
            // work queue on Linux (see ``InlineOperationQueue``), on which `cancel()` waits for itself.
            route.handle.cancel()
        }
    }

    package func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        // URLSession says -1 (NSURLSessionTransferSizeUnknown), or 0, for a body of unknown length.
        route(for: task)?.uploadProgress?.update(
            completedBytes: totalBytesSent, totalBytes: totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : nil)
    }

    package func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if error == nil, task.countOfBytesSent > 0 {
            // The upload's last value, complete, when the steps did not end on it.
            route(for: task)?.uploadProgress?.finish(completedBytes: task.countOfBytesSent)
        }
        unregister(task)?.complete(response: task.response, error: error)
    }
}
