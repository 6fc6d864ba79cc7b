import Foundation
import HTTPTypes

/// Executes generated paths and requests against a server.
///
/// ```swift
/// let client = Client(baseURL: URL(string: "https://api.example.com")!)
/// let post = try await client.fetch(Post.show(1))
/// let comments = try await client.fetch(Post.show(1) / Comment.list())
/// try await client.delete(Post.show(1) / Comment.delete(7))
/// let found = try await client.send(SearchPosts(term: "swift"))
/// ```
///
/// A call builds the request (base URL + path, merged headers and query, encoded body), runs it
/// through the middlewares to the transport, follows redirects (each hop through the middlewares
/// again), and decodes a 2xx response with the codec —
/// any other status becomes a ``ClientError`` carrying the server's error document.
///
/// Header fields the caller sets go only to trusted origins (see ``Configuration/trustedOrigins``), and
/// never further along a redirect chain that passed through another origin; a request's body follows a
/// redirect only to a trusted origin; only `http` and `https` URLs are ever requested; and every call
/// ends by its deadline (``Configuration/timeout``), decoding included. <doc:Security> has the rules.
public final class Client: Sendable {
    /// Settings shared by every call.
    public struct Configuration: Sendable {
        /// Header fields sent with every request to a trusted origin (the base URL's and
        /// ``trustedOrigins``); a request's own fields win.
        public var defaultHeaders: [HeaderField]
        /// How dates are written on the wire.
        public var dateFormat: DateFormat
        /// How resources are encoded and decoded.
        public var codec: any ResourceCodec
        /// The most redirects one call follows.
        public var maximumRedirects: Int
        /// The deadline of every call: when it passes, the call is cancelled and fails with a
        /// ``ClientError`` of kind ``ClientError/Kind/timedOut`` naming its request. nil for none.
        ///
        /// It covers the whole call: every redirect hop, retry and middleware, reading the body,
        /// decoding it, and the HAL traversal or JSON:API include resolution of a call with includes
        /// (each page of ``pages(_:query:maximumPages:)`` is a call of its own). The transport's timeout
        /// is a different thing: an idle timeout, the longest wait for the next bytes, which a server
        /// sending a byte every few seconds never trips on either transport.
        ///
        /// Two minutes by default (``defaultTimeout``): far above what an API call takes (a page of
        /// resources arrives in well under a second), twice the transports' default idle timeout (so a
        /// response that keeps a request waiting most of that still arrives), the largest response the
        /// client accepts by default (32 MiB, ``maximumResponseBytes``) at about 2.2 Mbit/s, or a HAL
        /// traversal of the default budget of 1,000 requests, 16 at a time, at nearly 2 s a request. And it is finite, so a
        /// server that trickles its response, or a document that takes long to decode, holds a call — a
        /// task, a connection, the body so far — for two minutes at most instead of for ever. Set a
        /// shorter one for interactive calls, a longer one (or nil) for large responses on slow links.
        /// (A download and ``Client/bytes(_:_:headers:body:accept:requiresAuth:maximumBytes:)`` end their
        /// deadline at the response head: their bodies take as long as their size needs.)
        public var timeout: Duration?
        /// The default of ``timeout``: two minutes.
        public static let defaultTimeout: Duration = .seconds(120)
        /// Header fields that carry credentials, compared case-insensitively. Like every field the
        /// caller sets they go to trusted origins only; ``LoggingMiddleware`` also never logs their values.
        public var sensitiveHeaderNames: Set<String> {
            // Kept lowercase, so that every request's context takes the set as it is (`executeWithoutDeadline`).
            didSet { sensitiveHeaderNames = Set(sensitiveHeaderNames.map { $0.lowercased() }) }
        }
        /// Query parameters that carry secrets (keys, tokens, signatures), compared case-insensitively
        /// after percent-decoding: their values never appear in an error's description
        /// (``ClientError``, and the ``HALTraversalFailure``s of a traversal) nor in what
        /// ``LoggingMiddleware`` logs, which shows `api_key=<redacted>` instead. By default
        /// ``defaultSensitiveQueryParameterNames``; add your API's own names to it rather than replace it.
        ///
        /// A URL's userinfo (`user:password@`) and its fragment are never shown, whatever this holds.
        public var sensitiveQueryParameterNames: Set<String> {
            // Kept lowercase, as `sensitiveHeaderNames`.
            didSet { sensitiveQueryParameterNames = Set(sensitiveQueryParameterNames.map { $0.lowercased() }) }
        }
        /// Origins besides the base URL's that may receive the header fields the caller sets.
        ///
        /// Every header field the caller sets — ``defaultHeaders``, a call's `headers:`, a request type's
        /// fields, ``HALTraversalOptions/headers`` and ``AuthMiddleware`` credentials — goes only to the
        /// base URL's origin and to these. A request to any other origin (a HAL link, a `next` page, a
        /// redirect) carries only the fields the runtime sets itself (`Accept`, `Content-Type`…). A
        /// different scheme or port is another origin. The one exception: the `headers:` of
        /// ``Client/request(_:_:headers:body:accept:requiresAuth:)`` also go to the URL it names.
        ///
        /// Along a redirect chain a hop carries a field only when every hop so far went to an origin the
        /// field may go to: once a chain passed through any other origin, which then chose the rest of
        /// it, nothing the caller set goes with it, not even back to a trusted origin. A redirect that
        /// keeps the request's body (307, 308) is followed only to these origins (or the one a call
        /// named); to any other, the call fails with the redirect's status and `Location`.
        ///
        /// An origin is trusted on every path: ``Origin/init(_:)`` refuses a URL with a path (see ``Origin``).
        public var trustedOrigins: Set<Origin>
        /// The longest response body the client accepts, in bytes, after any `Content-Encoding` is
        /// undone; a longer one fails with a ``ClientError`` of kind ``ClientError/Kind/responseTooLarge``
        /// as soon as the transport sees it is too long, before it has read the rest.
        ///
        /// 32 MiB by default (``TransportOptions/defaultMaximumResponseBytes``): twice a response of
        /// 10,000 JSON:API resources with includes (~15 MB), far above a paginated API's pages
        /// (~150 KB for 100 resources), and small enough that a hostile or broken server, streaming
        /// without end or sending a gzip body that inflates a thousandfold, costs the process tens of
        /// megabytes rather than all its memory. Decoding needs a few times the body's size on top.
        /// Raise it for an API that returns larger documents in one piece; `Int.max` removes the limit.
        public var maximumResponseBytes: Int
        /// The private HTTP cache that answers `GET`s while a stored response is fresh and revalidates
        /// stale ones (``HTTPCache``); nil (the default) for none: every request goes to the server.
        ///
        /// Share one cache between clients of the same API to share what they fetched; the cache keeps
        /// what one set of credentials fetched for requests with the same credentials only. (Any
        /// ``Client/Cache`` will do; the core names no cache type, so that an app without one links none.)
        public var cache: (any Client.Cache)?
        /// Whether every `PUT`, `PATCH` and `DELETE` carries `If-Match` with the `ETag` the client last
        /// read its URL with (a `GET` without a query), unless the call sets `If-Match` itself. A server
        /// that honours it answers a write to a resource changed since with `412`, a ``ClientError`` of
        /// kind ``ClientError/Kind/preconditionFailed``. Off by default.
        ///
        /// Only strong tags are sent: `If-Match` never matches a weak one (`W/"…"`, which servers that
        /// compress their answers make of their tags), so a URL last read with a weak tag is written
        /// without `If-Match`.
        public var sendsIfMatchAutomatically: Bool

        /// Query parameter names that commonly carry keys, tokens, passwords and signatures:
        /// `access_token`, `api_key`, `client_secret`, `code`, `key`, `password`, `sig`, `signature`,
        /// `token`, `X-Amz-Signature` and the like (lowercased). The default of
        /// ``sensitiveQueryParameterNames`` and of ``LoggingMiddleware/redactedQueryParameters``.
        public static let defaultSensitiveQueryParameterNames: Set<String> = URLRedaction.defaultSensitiveQueryParameterNames

        /// Creates a configuration.
        public init(
            defaultHeaders: [HeaderField] = [], dateFormat: DateFormat = .iso8601, codec: any ResourceCodec = PlainJSONCodec(),
            maximumRedirects: Int = 5, timeout: Duration? = Configuration.defaultTimeout,
            sensitiveHeaderNames: Set<String> = ["authorization", "proxy-authorization", "cookie"],
            sensitiveQueryParameterNames: Set<String> = Configuration.defaultSensitiveQueryParameterNames,
            trustedOrigins: Set<Origin> = [],
            maximumResponseBytes: Int = TransportOptions.defaultMaximumResponseBytes,
            cache: (any Client.Cache)? = nil, sendsIfMatchAutomatically: Bool = false
        ) {
            self.defaultHeaders = defaultHeaders
            self.dateFormat = dateFormat
            self.codec = codec
            self.maximumRedirects = maximumRedirects
            self.timeout = timeout
            self.sensitiveHeaderNames = Set(sensitiveHeaderNames.map { $0.lowercased() })
            self.sensitiveQueryParameterNames = Set(sensitiveQueryParameterNames.map { $0.lowercased() })
            self.trustedOrigins = trustedOrigins
            self.maximumResponseBytes = maximumResponseBytes
            self.cache = cache
            self.sendsIfMatchAutomatically = sendsIfMatchAutomatically
        }
    }

    /// The URL paths are appended to (it may have a path prefix such as `/v1`).
    public let baseURL: URL
    /// The settings.
    public let configuration: Configuration
    /// Sends the requests.
    public let transport: any Transport
    /// Run in order around every request.
    public let middlewares: [any ClientMiddleware]

    package let decoder: JSONDecoder
    package let encoder: JSONEncoder
    let bodyEncoder: RequestBodyEncoder
    let baseOrigin: Origin?
    /// The cache step between the middlewares and the transport, when the configuration has a cache.
    let cacheStep: (any ClientMiddleware)?
    /// The `ETag`s of the resources read, for ``Configuration/sendsIfMatchAutomatically``.
    let entityTags = EntityTagMemory()
    /// The header names credentials were attached under on this client's requests, for redaction.
    let credentialFieldNames = CredentialFieldNames()

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: The URL paths are appended to.
    ///   - transport: Sends requests; URLSession by default.
    ///   - configuration: Default headers, dates, codec, redirects, timeout.
    ///   - middlewares: Run in order around every request (e.g. logging, retry, auth).
    public init(
        baseURL: URL, transport: any Transport = URLSessionTransport(), configuration: Configuration = .init(),
        middlewares: [any ClientMiddleware] = []
    ) {
        self.baseURL = baseURL
        self.configuration = configuration
        self.transport = transport
        self.middlewares = middlewares
        self.baseOrigin = Origin(of: baseURL)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = configuration.dateFormat.decodingStrategy
        self.decoder = decoder
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = configuration.dateFormat.encodingStrategy
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // A HAL relationship written as a URI is made absolute with the base URL (`HALWrite`).
        encoder.userInfo[.resgenBaseURL] = baseURL
        self.encoder = encoder
        self.cacheStep = configuration.cache?.step(baseURL: baseURL, codec: configuration.codec)
        self.bodyEncoder = RequestBodyEncoder(encodeJSON: { [encoder] value in try encoder.encode(value) })
    }

    /// Creates a client for a generated API, with its base URL (unless overridden), its date format and
    /// the codec of its wire format (`HALCodec` or `JSONAPICodec`) — unless `configuration` is given.
    ///
    /// - Precondition: `baseURL` is given or the schema names one.
    public convenience init<API: APIDefinition>(
        api: API.Type, baseURL: URL? = nil, transport: any Transport = URLSessionTransport(),
        configuration: Configuration? = nil, middlewares: [any ClientMiddleware] = []
    ) {
        guard let url = baseURL ?? API.defaultBaseURL else {
            preconditionFailure("\(API.self) names no base URL in its schema; pass baseURL:")
        }
        // Without a configuration: the schema's date format and the codec of its wire format.
        self.init(baseURL: url, transport: transport, configuration: configuration ?? Configuration(api: API.self), middlewares: middlewares)
    }
}
