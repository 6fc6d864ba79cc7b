import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransport {
    /// Sends `request` with `body` and returns the response head as soon as it arrived, with its body
    /// to read chunk by chunk.
    ///
    /// Each streamed request runs on a `URLSession` of its own, set up as the transport's (connection
    /// limit, timeout, no cache or cookies) and invalidated once its task ends, so that holding the
    /// transfer back while the reader is busy (see ``ResponseBody``) never holds back another request.
    /// It therefore opens a connection of its own: meant for large bodies, where that costs nothing
    /// that matters. At most about 1 MiB waits for the reader. On a session of the caller's
    /// (``init(session:)``) the body is buffered whole first, as ``send(_:body:options:)`` does, and
    /// handed back as one chunk.
    ///
    /// `URLSession` undoes a `Content-Encoding` (gzip, deflate, br, zstd) before the body is counted
    /// against `options.maximumResponseBytes`, as for buffered bodies.
    ///
    /// - Parameters:
    ///   - request: The request head; it must have a scheme and an authority.
    ///   - body: The bytes to send.
    ///   - options: The largest body to read, and where to report the upload's progress.
    /// - Returns: The response (a 3xx one included) and its body.
    /// - Throws: `CancellationError` when the calling task is cancelled before the head arrived;
    ///   ``ResponseTooLargeError`` when the head announces a longer body; ``TransportError`` when no
    ///   response could be had. Reading the body throws as ``ResponseBody`` says.
    public func stream(_ request: HTTPRequest, body: OutgoingBody, options: TransportOptions) async throws -> (HTTPResponse, ResponseBody) {
        guard let configuration else {
            let (response, data) = try await send(request, body: body, options: options)
            return (response, ResponseBody(data))
        }
        let (kind, owner) = try await prepareTask(request, body: body)
        let delegate = URLSessionTransportDelegate()
        let session = URLSession(
            configuration: Self.makeSessionConfiguration(configuration), delegate: delegate, delegateQueue: Self.makeDelegateQueue())
        let handle = URLSessionTaskHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let streamer = ResponseStreamer(
                    request: request, maximumBytes: options.maximumResponseBytes, handle: handle, keepingAlive: owner,
                    continuation: continuation)
                let task = Self.makeTask(kind, in: session)
                delegate.register(streamer, handle: handle, uploadProgress: options.uploadProgress, for: task)
                if !handle.start(task) {
                    delegate.unregister(task)
                    streamer.fail(CancellationError())
                }
                // The task runs to its end; the session then lets go of its delegate.
                session.finishTasksAndInvalidate()
            }
        } onCancel: {
            handle.cancel()
        }
    }
}
