import Foundation
import HTTPTypes

/// Sends one HTTP request and returns the response: the only place bytes cross the network.
///
/// A transport does not follow redirects (it returns the 3xx response): the ``Client`` follows them
/// itself, through its middlewares, so credentials are checked against every hop's origin. It does
/// not retry, authenticate or decode either; middlewares and the client do. When the calling task is
/// cancelled the transport cancels the underlying request and throws `CancellationError`.
///
/// `URLSessionTransport` is the default; another (e.g. AsyncHTTPClient) can be plugged in.
public protocol Transport: Sendable {
    /// Sends `request` with `body` and returns the response head and its whole body.
    ///
    /// - Throws: `CancellationError` when cancelled; any other error for a failure to get a response
    ///   (connection refused, timeout, TLS). An HTTP error status is a response, not a throw.
    func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data)
}
