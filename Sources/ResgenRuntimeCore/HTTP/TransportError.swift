import Foundation
import HTTPTypes

/// A failure to get a response: the request never got one (connection refused, timeout, TLS, a body
/// that could not be read).
///
/// An HTTP error status is a response, not a `TransportError`; cancellation is `CancellationError`.
/// The error names the request by method and URL only: headers (which may carry credentials), the URL's
/// userinfo (`user:password@`), its fragment and its secret query values are left out so the error can
/// be logged as it is (see ``description``).
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
    ///
    /// Every URL in it is redacted, the request's and any the underlying error spells (a `URLError`
    /// spells the request URL in full): no userinfo, no fragment, and the values of the query parameters
    /// of ``Client/Configuration/defaultSensitiveQueryParameterNames`` replaced by `<redacted>`. Control
    /// characters are escaped as `\u{1B}`. ``underlying`` itself is left as the HTTP stack reported it.
    public var description: String {
        let target = url.map { URLRedaction.string($0) } ?? "<no URL>"
        return ErrorText.line("\(method.rawValue) \(target) failed: \(code) (\(Self.describe(underlying)))")
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? any LocalizedError, let text = error.errorDescription { return text }
        return String(describing: error)
    }
}
