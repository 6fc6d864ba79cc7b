import Foundation
import HTTPTypes

/// Sends one HTTP request and returns the response: the only place bytes cross the network.
///
/// A transport does not follow redirects (it returns the 3xx response): the ``Client`` follows them
/// itself, through its middlewares, so credentials are checked against every hop's origin. It does
/// not retry, authenticate or decode either; middlewares and the client do. When the calling task is
/// cancelled the transport cancels the underlying request and throws `CancellationError`.
///
/// The client calls ``send(_:body:options:)``, whose options carry the largest response body it
/// accepts. A transport of your own should implement that one and stop reading a body as soon as
/// it passes ``TransportOptions/maximumResponseBytes``, as ``URLSessionTransport`` does. The
/// default implementation calls ``send(_:body:)`` and checks the size afterwards: the caller still
/// gets ``ResponseTooLargeError`` and never decodes the body, but the transport has already held all
/// of it in memory.
///
/// ``stream(_:body:options:)`` is the streaming form, for bodies too large to hold (downloads, exports):
/// the head first, then a ``ResponseBody`` of chunks. Its default implementation buffers (see there).
///
/// `URLSessionTransport` is the default; another (e.g. AsyncHTTPClient) can be plugged in.
public protocol Transport: Sendable {
    /// Sends `request` with `body` and returns the response head and its whole body.
    ///
    /// - Throws: `CancellationError` when cancelled; any other error for a failure to get a response
    ///   (connection refused, timeout, TLS). An HTTP error status is a response, not a throw.
    func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data)

    /// Sends `request` with `body` and returns the response head and its whole body, which is at most
    /// `options.maximumResponseBytes` long.
    ///
    /// - Throws: ``ResponseTooLargeError`` for a longer body (announced or counted, after any
    ///   `Content-Encoding` was undone); otherwise as ``send(_:body:)``.
    func send(_ request: HTTPRequest, body: OutgoingBody, options: TransportOptions) async throws -> (HTTPResponse, Data)

    /// Sends `request` with `body` and returns the response head as soon as it arrived, with its body
    /// to read chunk by chunk as it arrives.
    ///
    /// The body is at most `options.maximumResponseBytes` long (counted after any `Content-Encoding`
    /// was undone): reading it throws ``ResponseTooLargeError`` as soon as it passes that, and this call
    /// throws it at once when the head announces a longer `Content-Length`. Implement it to read ahead
    /// of the reader no further than a bounded buffer, to cancel the request when the reading task is
    /// cancelled or the body is dropped, and to throw ``TransportError`` when the body breaks off, as
    /// ``URLSessionTransport`` does. The default implementation calls ``send(_:body:options:)`` and
    /// hands back the whole body as one chunk: correct, but the body is held in memory whole first.
    ///
    /// - Throws: As ``send(_:body:options:)``, for what happens before the head arrived.
    func stream(_ request: HTTPRequest, body: OutgoingBody, options: TransportOptions) async throws -> (HTTPResponse, ResponseBody)
}

extension Transport {
    /// Calls ``send(_:body:)`` and refuses a body longer than `options.maximumResponseBytes` after it
    /// arrived whole: for transports written before the limit existed. Implement this requirement
    /// yourself to stop reading in time.
    public func send(_ request: HTTPRequest, body: OutgoingBody, options: TransportOptions) async throws -> (HTTPResponse, Data) {
        let (response, data) = try await send(request, body: body)
        guard data.count <= options.maximumResponseBytes else {
            throw ResponseTooLargeError(maximumBytes: options.maximumResponseBytes, response: response, receivedBytes: data.count)
        }
        return (response, data)
    }
}
