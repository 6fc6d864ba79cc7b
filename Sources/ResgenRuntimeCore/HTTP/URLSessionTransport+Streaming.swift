import Foundation
import HTTPTypes

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransport {
    /// Sends `request` with `body` and returns the response head as soon as it arrived, with its body
    /// to read chunk by chunk.
    ///
    /// The session's delegate hands each piece of the body to a `ResponseStreamer` as `URLSession`
    /// delivers it. At most about 1 MiB waits for the reader in memory; beyond that, on Linux, pieces
    /// wait in a temporary file until the reader takes them (FoundationNetworking can hold no transfer
    /// back; the streamer's documentation says why), and on Apple platforms the task is suspended. So a
    /// body of any length costs about 1 MiB of memory; a reader slower than the network costs disk on
    /// Linux, in a file only this user can read, up to ``Configuration/maximumSpilledBytes`` waiting at
    /// once (past it, reading throws ``SpillLimitError``). On a session of the caller's (``init(session:)``)
    /// the body is buffered whole first, as ``send(_:body:options:)`` does, and handed back as one chunk.
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
        guard let delegate else {
            let (response, data) = try await send(request, body: body, options: options)
            return (response, ResponseBody(data))
        }
        let (kind, owner) = try await prepareTask(request, body: body)
        let handle = URLSessionTaskHandle()
        let session = self.session
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let streamer = ResponseStreamer(
                    request: request, maximumBytes: options.maximumResponseBytes, maximumSpilledBytes: maximumSpilledBytes,
                    handle: handle, keepingAlive: owner,
                    continuation: continuation)
                let task = Self.makeTask(kind, in: session)
                delegate.register(streamer, handle: handle, uploadProgress: options.uploadProgress, for: task)
                if !handle.start(task) {
                    delegate.unregister(task)
                    streamer.fail(CancellationError())
                }
            }
        } onCancel: {
            handle.cancel()
        }
    }
}
