import Foundation
import HTTPTypes

/// Where a streaming call (`bytes`, `download`) gets its response body: the client's request loop runs
/// as for any call — middlewares, redirects, error documents — but asks the transport to
/// ``Transport/stream(_:body:options:)`` instead of `send`, and leaves the body of a 2xx response here
/// instead of reading it.
///
/// The middlewares see a 2xx response with an empty body (``MiddlewareContext/streamsResponseBody``
/// tells them why) and every other response with its body read as usual, up to the client's
/// ``Client/Configuration/maximumResponseBytes``: error documents, redirects and a `401` a middleware
/// answers are small, and their bodies are what the client and middlewares read. When the chain sends
/// more than once (a retry, a refreshed credential), the body of the response it kept is the one kept
/// here; an earlier 2xx body is dropped, which cancels its request.
package final class StreamedBodySlot: @unchecked Sendable {
    // @unchecked: `body` and `head` are guarded by `lock`.
    private let lock = NSLock()
    private var head: HTTPResponse?
    private var body: ResponseBody?
    /// The largest 2xx body to stream; the transport's `maximumResponseBytes` for it.
    package let maximumBytes: Int

    /// A slot for bodies of at most `maximumBytes` bytes.
    package init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    /// Sends `request` through `transport` as a stream: keeps a 2xx body and answers with its head and
    /// no bytes; reads any other body up to `options.maximumResponseBytes` and answers with it.
    ///
    /// - Throws: What the transport throws; ``ResponseTooLargeError`` for a non-2xx body over the
    ///   client's limit.
    package func send(
        _ request: HTTPRequest, body: OutgoingBody, through transport: any Transport, options: TransportOptions
    ) async throws -> (HTTPResponse, Data) {
        var streaming = options
        streaming.maximumResponseBytes = maximumBytes
        let (response, chunks) = try await transport.stream(request, body: body, options: streaming)
        guard (200..<300).contains(response.status.code) else {
            do {
                return (response, try await chunks.collect(upTo: options.maximumResponseBytes))
            } catch var error as ResponseTooLargeError {
                error.response = response
                throw error
            }
        }
        lock.withLock {
            head = response
            self.body = chunks
        }
        return (response, Data())
    }

    /// The body kept for `response`, or `data` as one chunk when the response did not come from the
    /// transport's stream (a middleware made it up, or replaced the body); forgets the body kept.
    package func take(for response: HTTPResponse, data: Data) -> ResponseBody {
        lock.withLock {
            defer {
                head = nil
                body = nil
            }
            guard let body, data.isEmpty, head == response else { return ResponseBody(data) }
            return body
        }
    }
}
