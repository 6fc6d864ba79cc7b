import Foundation
import HTTPTypes

/// Attaches credentials to requests for one origin, and on a 401 refreshes them once — however many
/// requests were rejected at the same time — and replays each request once.
///
/// - Credentials go to the client's base URL origin and its ``Client/Configuration/trustedOrigins``, or
///   only to the `origin` given at creation. Requests to any other origin (a link from a server, a
///   redirect) go without them, and so does every later hop of a redirect chain that passed through
///   such an origin, even one back to the credentials' own (``MiddlewareContext/hasLeftTrustedOrigins``).
/// - A request the schema marks `auth: required` fails with ``ClientError/Kind/missingCredentials``
///   when no credential is available; other requests to the origin carry one when there is one
///   (unless ``Scope/requiredOnly``).
/// - A replay never resends a body that cannot be replayed: such a request returns the 401.
public struct AuthMiddleware: ClientMiddleware {
    /// Which requests to the origin carry credentials.
    public enum Scope: Sendable {
        /// Every request to the origin (when a credential is available).
        case allRequests
        /// Only requests the schema marks `auth: required`.
        case requiredOnly
    }

    private let provider: any CredentialProvider
    private let origin: Origin?
    private let scope: Scope
    private let refresher: SingleFlightRefresher

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - provider: Where credentials come from.
    ///   - origin: The one origin the credentials belong to, as a URL that names only it
    ///     (`https://api.example.com`); nil means the client's trusted origins (its base URL's and
    ///     ``Client/Configuration/trustedOrigins``). The credentials go to every path of that origin, so
    ///     a URL with a path, query or fragment stops the program, as ``Origin/init(_:)`` does, and so
    ///     does one without a scheme or host (which would otherwise widen the credentials to the trusted
    ///     origins).
    ///   - scope: Which requests carry them.
    public init(provider: any CredentialProvider, origin: URL? = nil, scope: Scope = .allRequests) {
        self.provider = provider
        self.origin = origin.map { url in
            guard let named = Origin(url) else {
                fatalError("AuthMiddleware's origin needs a URL with a scheme and a host")
            }
            return named
        }
        self.scope = scope
        self.refresher = SingleFlightRefresher(provider: provider)
    }

    public func intercept(
        _ request: HTTPRequest, body: OutgoingBody, context: MiddlewareContext,
        next: @Sendable (HTTPRequest, OutgoingBody) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        let belongsHere = origin.map { Self.isOnlyOn($0, context) } ?? context.isToTrustedOrigin
        guard belongsHere, context.requiresAuth || scope == .allRequests else {
            return try await next(request, body)
        }
        let credential = try await provider.currentCredential()
        if context.requiresAuth, credential == nil {
            throw ClientError(kind: .missingCredentials, request: .init(method: HTTPMethod(rawValue: request.method.rawValue), url: context.url, sensitiveQueryParameterNames: context.sensitiveQueryParameterNames))
        }
        let first = try await next(Self.attach(credential, to: request, context: context), body)
        guard first.0.status == .unauthorized, body.isReplayable, credential != nil || context.requiresAuth else { return first }
        guard let fresh = try await refresher.refresh(rejected: credential) else { return first }
        return try await next(Self.attach(fresh, to: request, context: context), body)
    }

    /// Whether the request goes to `origin`, and every hop before it to `origin` or a trusted origin: an
    /// origin outside both chose where the rest of the chain goes.
    private static func isOnlyOn(_ origin: Origin, _ context: MiddlewareContext) -> Bool {
        Origin(of: context.url) == origin && context.redirectedFrom.allSatisfy { Origin(of: $0) == origin || context.trusts($0) }
    }

    /// `request` with the credential's field set, recorded first so logs redact it.
    private static func attach(_ credential: Credential?, to request: HTTPRequest, context: MiddlewareContext) -> HTTPRequest {
        guard let credential else { return request }
        context.credentialFieldNames.insert(credential.headerName)
        var request = request
        request.headerFields[credential.headerName] = credential.value
        return request
    }
}

/// Makes concurrent refreshes after 401s into one: the first rejected request starts the refresh,
/// the others wait for it; a request rejected with a credential that was already replaced reuses the
/// replacement instead of refreshing again.
actor SingleFlightRefresher {
    private let provider: any CredentialProvider
    private var inFlight: Task<Credential?, any Error>?
    private var lastRejected: Credential?
    private var lastResult: Credential?

    package init(provider: any CredentialProvider) { self.provider = provider }

    func refresh(rejected: Credential?) async throws -> Credential? {
        if let inFlight { return try await inFlight.value }
        // Rejected with the credential a finished refresh already replaced: use the replacement.
        if let lastResult, rejected == lastRejected { return lastResult }
        let provider = self.provider
        let task = Task { try await provider.refreshCredential(rejected: rejected) }
        inFlight = task
        defer { inFlight = nil }
        let result = try await task.value
        lastRejected = rejected
        lastResult = result
        return result
    }
}
