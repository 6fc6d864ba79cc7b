import Foundation

/// What middlewares know about the call a request belongs to.
public struct MiddlewareContext: Sendable {
    /// Whether the request must carry credentials (`auth: required` in the schema).
    public var requiresAuth: Bool
    /// Whether sending the request twice has the same effect as once (GET, HEAD, OPTIONS, PUT, DELETE).
    public var isIdempotent: Bool
    /// Whether the caller allowed retrying a non-idempotent request.
    public var allowsRetryOfNonIdempotent: Bool
    /// The origin of the client's base URL.
    public var baseOrigin: Origin?
    /// The other origins the client trusts with the caller's header fields
    /// (``Client/Configuration/trustedOrigins``).
    public var trustedOrigins: Set<Origin>
    /// The request's URL.
    public var url: URL
    /// 0 for the first hop, then 1, 2… for each redirect.
    public var redirectCount: Int
    /// The URLs this request was redirected from, in order: empty for a call's first request, then one
    /// more per hop.
    public var redirectedFrom: [URL]
    /// Header names whose values must never be logged (``Client/Configuration/sensitiveHeaderNames``),
    /// lowercased.
    public var sensitiveHeaderNames: Set<String>
    /// Query parameters whose values must never be logged
    /// (``Client/Configuration/sensitiveQueryParameterNames``), lowercased.
    public var sensitiveQueryParameterNames: Set<String>
    /// The header names credentials were attached under on this client's requests; a middleware that
    /// attaches a secret records its field here.
    public var credentialFieldNames: CredentialFieldNames
    /// Whether the call streams its response body past the middlewares (`client.bytes`,
    /// `client.download`): `next` then answers a 2xx response with its head and an empty body, while
    /// the body goes to the caller as it arrives. Other responses (errors, redirects) carry their body
    /// as usual. A middleware that reads or stores bodies (a cache, a logger counting bytes) leaves
    /// such a 2xx response alone.
    public var streamsResponseBody = false

    /// Creates a context.
    ///
    /// `sensitiveQueryParameterNames` defaults to the common secret names: the same set as
    /// ``Client/Configuration/defaultSensitiveQueryParameterNames`` and
    /// ``LoggingMiddleware/defaultRedactedQueryParameters``, spelled through the redaction rules below
    /// both, so that the middleware layer names nothing of the client above it nor of the logging module.
    public init(
        requiresAuth: Bool, isIdempotent: Bool, allowsRetryOfNonIdempotent: Bool = false, baseOrigin: Origin?,
        trustedOrigins: Set<Origin> = [], url: URL, redirectCount: Int = 0, redirectedFrom: [URL] = [],
        sensitiveHeaderNames: Set<String> = [], credentialFieldNames: CredentialFieldNames = CredentialFieldNames(),
        sensitiveQueryParameterNames: Set<String> = URLRedaction.defaultSensitiveQueryParameterNames
    ) {
        self.requiresAuth = requiresAuth
        self.isIdempotent = isIdempotent
        self.allowsRetryOfNonIdempotent = allowsRetryOfNonIdempotent
        self.baseOrigin = baseOrigin
        self.trustedOrigins = trustedOrigins
        self.url = url
        self.redirectCount = redirectCount
        self.redirectedFrom = redirectedFrom
        self.sensitiveHeaderNames = Set(sensitiveHeaderNames.map { $0.lowercased() })
        self.credentialFieldNames = credentialFieldNames
        self.sensitiveQueryParameterNames = Set(sensitiveQueryParameterNames.map { $0.lowercased() })
    }

    /// Whether the request goes to the base URL's origin or a trusted one, and so did every hop of its
    /// redirect chain before it: only then may it carry header fields the caller set, credentials
    /// included.
    public var isToTrustedOrigin: Bool {
        trusts(url) && !hasLeftTrustedOrigins
    }

    /// Whether an earlier hop of this request's redirect chain went to an origin that is not trusted.
    /// That origin chose every URL after it, so from then on no hop carries the caller's header fields
    /// or credentials — not even one back to a trusted origin (as browsers drop `Authorization` for the
    /// rest of a chain that crossed origins).
    public var hasLeftTrustedOrigins: Bool {
        !redirectedFrom.allSatisfy(trusts)
    }

    /// Whether `url` is on the base URL's origin or a trusted one.
    func trusts(_ url: URL) -> Bool {
        guard let origin = Origin(of: url) else { return false }
        return origin == baseOrigin || trustedOrigins.contains(origin)
    }

    /// Whether a retry middleware may send the request again.
    public var mayRetry: Bool { isIdempotent || allowsRetryOfNonIdempotent }
}
