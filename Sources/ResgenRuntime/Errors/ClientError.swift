import Foundation
import HTTPTypes

/// The one error type the client throws (besides `CancellationError`): what went wrong, the request
/// it happened to, and — when a response arrived — its status, headers, a bounded excerpt of its body
/// and the server's decoded error document.
public struct ClientError: Error, CustomStringConvertible, @unchecked Sendable {
    /// What kind of failure this is.
    public enum Kind: Hashable, Sendable {
        /// The server answered with a status outside 200–299.
        case unacceptableStatus
        /// The response body did not decode to the expected type.
        case decoding
        /// No response: connection refused, the transport's idle timeout, TLS failure…
        case transport
        /// The request could not be built (bad header value, URL that does not resolve…).
        case invalidRequest
        /// The request requires credentials and none are available for its origin.
        case missingCredentials
        /// More redirects than the client follows.
        case tooManyRedirects
        /// The URL (a server's link, `next` page or redirect target, or one the caller passed) has a
        /// scheme other than `http` or `https`, such as `file:`; it was refused before anything was sent.
        case unsupportedScheme
        /// The response body is longer than ``Client/Configuration/maximumResponseBytes``: the
        /// transport stopped reading it (``underlying`` is the ``ResponseTooLargeError``).
        case responseTooLarge
        /// The call's deadline (``Client/Configuration/timeout``) passed before it was done: requests,
        /// redirects, retries, reading the body, decoding, a traversal. The call was cancelled then.
        case timedOut
    }

    /// The method and URL of a request, as sent.
    public struct RequestSummary: Hashable, Sendable, CustomStringConvertible {
        /// The HTTP method.
        public var method: HTTPMethod
        /// The absolute URL.
        public var url: URL

        /// Creates a summary (for errors a middleware or transport of your own throws).
        public init(method: HTTPMethod, url: URL) {
            self.method = method
            self.url = url
        }

        /// `GET https://…`, without the URL's userinfo (`user:password@`), which never belongs in a message.
        public var description: String { "\(method) \(URLRedaction.withoutUserinfo(url.absoluteString))" }
    }

    /// What kind of failure this is.
    public var kind: Kind
    /// The request.
    public var request: RequestSummary
    /// The response status, when a response arrived.
    public var status: HTTPResponse.Status?
    /// The response headers, when a response arrived.
    public var headers: HTTPFields?
    /// The start of the response body (at most ``bodyExcerptLimit`` bytes), as UTF-8 text.
    public var bodyExcerpt: String?
    /// The server's error document, when the body held one.
    public var serverError: ServerErrorDocument?
    /// For decoding errors: where in the document decoding failed, e.g. `data[3].attributes.title`.
    public var codingPath: String?
    /// A human-readable detail (the decoding error's debug description, a validation message…).
    public var detail: String?
    /// The error underneath, for transport and decoding failures.
    public var underlying: (any Error)?

    /// How many bytes of a body an error keeps.
    public static let bodyExcerptLimit = 4096

    /// Creates an error.
    public init(
        kind: Kind, request: RequestSummary, status: HTTPResponse.Status? = nil, headers: HTTPFields? = nil,
        body: Data? = nil, serverError: ServerErrorDocument? = nil, codingPath: String? = nil, detail: String? = nil,
        underlying: (any Error)? = nil
    ) {
        self.kind = kind
        self.request = request
        self.status = status
        self.headers = headers
        self.bodyExcerpt = body.map(Self.excerpt)
        self.serverError = serverError
        self.codingPath = codingPath
        self.detail = detail
        self.underlying = underlying
    }

    /// The first ``bodyExcerptLimit`` bytes as text, marked when cut.
    static func excerpt(_ body: Data) -> String {
        guard body.count > bodyExcerptLimit else { return String(decoding: body, as: UTF8.self) }
        return String(decoding: body.prefix(bodyExcerptLimit), as: UTF8.self) + "… (\(body.count) bytes)"
    }

    /// "404 Not Found", or "404" alone when the response had no reason phrase (HTTP/2 has none).
    private static func statusLine(_ status: HTTPResponse.Status) -> String {
        status.reasonPhrase.isEmpty ? "\(status.code)" : "\(status.code) \(status.reasonPhrase)"
    }

    /// One line (plus server error lines) that says what happened to which request.
    public var description: String {
        var text: String
        switch kind {
        case .unacceptableStatus: text = "\(request) failed with status \(status.map(Self.statusLine) ?? "?")"
        case .decoding: text = "\(request): the response did not decode\(codingPath.map { " at '\($0)'" } ?? "")"
        case .transport: text = "\(request) got no response"
        case .invalidRequest: text = "\(request) is invalid"
        case .missingCredentials: text = "\(request) requires credentials and none are available"
        case .tooManyRedirects: text = "\(request) was redirected too many times"
        case .unsupportedScheme: text = "\(request) was refused"
        case .responseTooLarge: text = "\(request): the response is too large"
        case .timedOut: text = "\(request) timed out"
        }
        if let detail { text += ": \(detail)" } else if let underlying { text += ": \(underlying)" }
        if let serverError { text += serverError.summaries.map { "\n  \($0)" }.joined() }
        return text
    }
}
