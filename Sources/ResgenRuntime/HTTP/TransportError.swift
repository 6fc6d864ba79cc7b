import Foundation
import HTTPTypes

/// A failure to get a response: the request never got one (connection refused, timeout, TLS, a body
/// that could not be read).
///
/// An HTTP error status is a response, not a `TransportError`; cancellation is `CancellationError`.
/// The error names the request by method and URL only: headers (which may carry credentials) and the
/// URL's userinfo (`user:password@`) are left out so the error can be logged as it is.
public struct TransportError: Error, CustomStringConvertible, Sendable {
    /// What kind of failure this is; retry policies decide on it.
    public var code: Code
    /// The request's method.
    public var method: HTTPRequest.Method
    /// The request's URL, when it had one.
    public var url: URL?
    /// What the underlying HTTP stack reported (on `URLSessionTransport`, usually a `URLError`).
    public var underlying: any Error

    /// Creates an error for the request with `method` and `url`.
    public init(code: Code, method: HTTPRequest.Method, url: URL?, underlying: any Error) {
        self.code = code
        self.method = method
        self.url = url
        self.underlying = underlying
    }

    /// A sentence such as `GET http://127.0.0.1:8080/slow failed: timed out (The request timed out.)`.
    public var description: String {
        let target = url.map { URLRedaction.withoutUserinfo($0.absoluteString) } ?? "<no URL>"
        return "\(method.rawValue) \(target) failed: \(code) (\(Self.describe(underlying)))"
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? any LocalizedError, let text = error.errorDescription { return text }
        return String(describing: error)
    }
}
