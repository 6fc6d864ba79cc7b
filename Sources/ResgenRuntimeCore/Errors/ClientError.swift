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
        /// No response: connection refused, the transport's idle timeout, TLS failure… Or, with a
        /// ``status``, a streamed body (a download, ``Client/bytes(_:_:headers:body:accept:requiresAuth:maximumBytes:)``)
        /// that broke off before its end.
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
        /// `406 Not Acceptable`: the server cannot answer in the media type the request's `Accept` asked
        /// for. A JSON:API 1.0 server answers so to a JSON:API media type with parameters (an `ext` such as
        /// the atomic extension, a `profile`); ``detail`` then says which.
        case notAcceptable
        /// `415 Unsupported Media Type`: the server does not take the request body's `Content-Type`. A
        /// JSON:API 1.0 server answers so to a JSON:API media type with parameters (an `ext`, a
        /// `profile`); ``detail`` then says which.
        case unsupportedMediaType
        /// `202 Accepted` to a call that returns the resource (`create`, `replace`, `patch`): the server
        /// will do the write later, so there is no resource yet. ``headers`` carry `Location` and
        /// `Content-Location`; `client.write(_:_:)` returns this answer as ``WriteOutcome/accepted(_:)``.
        case accepted
        /// `412 Precondition Failed`: a conditional request's precondition did not hold; for a write with
        /// `If-Match`, someone changed the resource since it was read. The write was not applied;
        /// ``currentRepresentation`` holds the resource as the server has it now, when it sent it.
        case preconditionFailed
        /// `428 Precondition Required`: the server takes this write only as a conditional request; send
        /// it again with `If-Match` (``HeaderField/ifMatch(_:)``).
        case preconditionRequired
        /// A download's file could not be created, written or moved into place (no such folder, no
        /// permission, a full disk), or another download to the same file is under way in this process.
        /// ``underlying`` is the file system's error. The file at the destination is as it was.
        case fileAccess
        /// A resumed download got a `206 Partial Content` that does not continue its partial file: no or a
        /// malformed `Content-Range`, a range that does not start where the partial file ends, or an
        /// encoded body. Nothing was appended; the partial file was discarded, so the next download starts
        /// over. (A `206` of another representation, with another validator or length, is not an error:
        /// the download starts over at once.)
        case invalidPartialResponse
        /// The reader of a streamed body (a download, ``Client/bytes(_:_:headers:body:accept:requiresAuth:maximumBytes:)``)
        /// fell so far behind the network that the transport's bound on the bytes waiting for it on disk
        /// was reached (``URLSessionTransport/Configuration/maximumSpilledBytes``, on Linux); the request
        /// was cancelled. ``underlying`` is the ``SpillLimitError``.
        case readerTooSlow
    }

    /// The method and URL of a request, as sent.
    public struct RequestSummary: Hashable, Sendable, CustomStringConvertible {
        /// The HTTP method.
        public var method: HTTPMethod
        /// The absolute URL, as requested: secrets included. Its ``description`` leaves them out.
        public var url: URL
        /// The query parameters whose values ``description`` (and the error's) redacts, lowercased: the
        /// client's ``Client/Configuration/sensitiveQueryParameterNames``.
        public var sensitiveQueryParameterNames: Set<String>

        /// Creates a summary (for errors a middleware or transport of your own throws) that redacts the
        /// query parameters of ``Client/Configuration/defaultSensitiveQueryParameterNames``.
        public init(method: HTTPMethod, url: URL) {
            self.init(method: method, url: url, sensitiveQueryParameterNames: URLRedaction.defaultSensitiveQueryParameterNames)
        }

        /// Creates a summary that redacts the values of the query parameters named in
        /// `sensitiveQueryParameterNames` (compared case-insensitively).
        public init(method: HTTPMethod, url: URL, sensitiveQueryParameterNames: Set<String>) {
            self.method = method
            self.url = url
            self.sensitiveQueryParameterNames = Set(sensitiveQueryParameterNames.map { $0.lowercased() })
        }

        /// `GET https://…` with the URL redacted: without its userinfo (`user:password@`), with the values
        /// of ``sensitiveQueryParameterNames`` and its fragment replaced by `<redacted>`. Secrets never
        /// belong in a message.
        public var description: String {
            ErrorText.line("\(method) \(URLRedaction.string(url, redacting: sensitiveQueryParameterNames))", redacting: sensitiveQueryParameterNames)
        }
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
    /// For ``Kind/preconditionFailed``: the body of the `412` when it is the resource as the server has
    /// it now (a body of the API's media type that is no error document); decode it with
    /// ``Client/currentRepresentation(_:as:)``. Nil otherwise.
    public var currentRepresentation: Data?

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
    ///
    /// Made to be logged and printed as it is: every URL in it is redacted (the request's, and any the
    /// detail or the underlying error spells, such as a `URLError`'s; see
    /// ``RequestSummary/description``), and control characters in text the server wrote (the reason
    /// phrase, a problem's title, a key in the coding path) are escaped as `\u{1B}`, so the error
    /// cannot drive the terminal that shows it.
    public var description: String {
        let names = request.sensitiveQueryParameterNames
        var text: String
        switch kind {
        case .unacceptableStatus: text = "\(request) failed with status \(status.map(Self.statusLine) ?? "?")"
        case .decoding: text = "\(request): the response did not decode\(codingPath.map { " at '\($0)'" } ?? "")"
        case .transport: text = status == nil ? "\(request) got no response" : "\(request): the response body broke off"
        case .invalidRequest: text = "\(request) is invalid"
        case .missingCredentials: text = "\(request) requires credentials and none are available"
        case .tooManyRedirects: text = "\(request) was redirected too many times"
        case .unsupportedScheme: text = "\(request) was refused"
        case .responseTooLarge: text = "\(request): the response is too large"
        case .timedOut: text = "\(request) timed out"
        case .notAcceptable: text = "\(request) failed with status \(status.map(Self.statusLine) ?? "406"): the server cannot answer in the media type asked for"
        case .accepted: text = "\(request) was accepted for later processing (\(status.map(Self.statusLine) ?? "202"))"
        case .fileAccess: text = "\(request): the download's file could not be written"
        case .invalidPartialResponse: text = "\(request): the partial response does not continue the download"
        case .readerTooSlow: text = "\(request): the body's reader fell too far behind the network"
        case .unsupportedMediaType: text = "\(request) failed with status \(status.map(Self.statusLine) ?? "415"): the server does not take the body's media type"
        case .preconditionFailed: text = "\(request) failed with status \(status.map(Self.statusLine) ?? "412"): the resource changed since it was read"
        case .preconditionRequired: text = "\(request) failed with status \(status.map(Self.statusLine) ?? "428"): the server requires a conditional request (If-Match)"
        }
        text = ErrorText.line(text, redacting: names)
        if let detail {
            text += ": " + ErrorText.line(detail, redacting: names)
        } else if let underlying {
            text += ": " + ErrorText.describe(underlying, redacting: names)
        }
        if let serverError { text += serverError.summaries.map { "\n  " + ErrorText.line($0, redacting: names) }.joined() }
        return text
    }
}
