import Foundation
import HTTPTypes
import ResgenRuntimeCore

/// One request through an ``HTTPCache``: the step between the middlewares and the transport, which
/// the client gets from ``HTTPCache/step(baseURL:codec:)`` and runs as the last middleware.
///
/// - `GET`: answered from a stored response while it is fresh (with an `Age` field), else sent with
///   the stored validators; a `304` updates the stored head and is answered from it. A storable answer
///   is stored. A request that carries its own validators or `Range` goes by untouched: its caller
///   wants the server's exact answer.
/// - Any unsafe method (not `GET`, `HEAD`, `OPTIONS`, `TRACE`) that succeeds (2xx, 3xx) makes stale:
///   its target, `Location` and `Content-Location` on the same origin (RFC 9111 §4.4); beyond that, as
///   the API's resource paths allow, every query of the target's path (the pages of a collection), the
///   target's ancestors below the base URL (the collection a resource is in, the resource a
///   relationship belongs to), and every stored document that holds the written resource (it
///   was included or embedded there).
/// - An unsafe request refused with `412 Precondition Failed` makes the same stale: the server says
///   the resource is no longer as the client read it (someone else wrote it), so what is stored of it
///   is not the server's. Kept, a fresh stored copy would answer the read after the refusal with the
///   old representation and its refused `ETag`, and the retry would be refused again.
struct CachingExchange: ClientMiddleware {
    package let cache: HTTPCache
    /// The path of the client's base URL: ancestors above it are not the API's.
    package let basePath: String
    /// The resources a document holds, as the client's codec names them.
    package let identities: @Sendable (Data, URL) -> CacheIdentities
    /// The present (a clock for tests).
    package var now: @Sendable () -> Date = { Date() }

    package init(cache: HTTPCache, basePath: String, identities: @escaping @Sendable (Data, URL) -> CacheIdentities) {
        self.cache = cache
        self.basePath = basePath
        self.identities = identities
    }

    /// Statuses a response may be stored with (RFC 9110 §15.1's heuristically cacheable ones that an
    /// API client reads: the cache never stores a partial `206`).
    private static let storableStatuses: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]
    private static let safeMethods: Set<HTTPRequest.Method> = [.get, .head, .options, .trace]

    /// Sends `request` through the cache, calling `next` (the transport) when the server must be asked.
    func intercept(
        _ request: HTTPRequest, body: OutgoingBody, context: MiddlewareContext,
        next send: @Sendable (HTTPRequest, OutgoingBody) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        guard request.method == .get else {
            let (response, data) = try await send(request, body)
            if !Self.safeMethods.contains(request.method), (200..<400).contains(response.status.code) || response.status.code == 412 {
                invalidate(after: request, body: body, response: response, data: data)
            }
            return (response, data)
        }
        let conditional: [HTTPField.Name] = [.ifNoneMatch, .ifModifiedSince, .ifMatch, .ifUnmodifiedSince, .ifRange, .range]
        guard let url = request.url, !conditional.contains(where: { request.headerFields[$0] != nil }) else {
            return try await send(request, body)
        }
        let key = Self.key(url)
        let requestControl = Self.requestControl(request.headerFields)
        guard !requestControl.noStore else { return try await send(request, body) }
        let identity = RequestIdentity.of(request.headerFields, nonIdentifying: cache.nonIdentifyingFieldNames, keyer: cache.keyer)
        // A digest per field value, once per `Vary` the variants name (they mostly name the same): a hash
        // per variant would cost one per user of the cache on every GET.
        var varyDigests: [VaryFields: [String?]] = [:]
        let stored = cache.variants(for: key).first { variant in
            let digests = varyDigests[variant.vary] ?? variant.vary.digests(in: request.headerFields, keyer: cache.keyer)
            varyDigests[variant.vary] = digests
            return variant.matches(varyDigests: digests, identity: identity)
        }
        if let stored, CacheFreshness.isUsableWithoutRevalidation(stored, request: requestControl, now: now()) {
            cache.record(.hit)
            return served(stored)
        }
        if requestControl.onlyIfCached {
            cache.record(.miss)
            return (HTTPResponse(status: .gatewayTimeout), Data())
        }
        var sent = request
        if let stored {
            if let tag = stored.entityTag { sent.headerFields[.ifNoneMatch] = tag }
            if let date = stored.lastModified { sent.headerFields[.ifModifiedSince] = date }
        }
        var requestTime = now()
        var (response, data) = try await send(sent, body)
        var responseTime = now()
        if response.status.code == 304, var stored {
            if stored.isSameRepresentation(as: response) {
                cache.record(.revalidation)
                stored.update(with: response, requestTime: requestTime, responseTime: responseTime)
                cache.store(stored, for: key, redactedKey: redactedKey(key, context))
                return served(stored)
            }
            // The server names a representation other than the stored one (RFC 9111 §4.3.4): the stored
            // body is not what it means, so it is dropped (other callers' variants stay), nothing is
            // answered from it, and the request is sent again without conditions.
            cache.remove(stored, for: key, redactedKey: redactedKey(key, context))
            if body.isReplayable {
                requestTime = now()
                (response, data) = try await send(request, body)
                responseTime = now()
            }
        }
        cache.record(.miss)
        if let fresh = storable(request, response, data, identity: identity, requestTime: requestTime, responseTime: responseTime) {
            cache.store(fresh, for: key, redactedKey: redactedKey(key, context))
        }
        return (response, data)
    }

    /// The key of a `GET` of `url`: the absolute URL without its fragment.
    package static func key(_ url: URL) -> String {
        let text = url.absoluteString
        guard let fragment = text.firstIndex(of: "#") else { return "GET " + text }
        return "GET " + text[..<fragment]
    }

    private static let pragma = HTTPField.Name("Pragma")

    /// The request's directives; `Pragma: no-cache` counts as `Cache-Control: no-cache` when the request
    /// has no `Cache-Control` (RFC 9111 §5.4).
    private static func requestControl(_ fields: HTTPFields) -> CacheControl {
        let lines = fields[values: .cacheControl]
        var control = CacheControl(parsing: lines)
        if lines.isEmpty, let pragma = Self.pragma, fields[values: pragma].contains(where: { $0.lowercased().contains("no-cache") }) {
            control.noCache = true
        }
        return control
    }

    /// `key` as a cache file may name it: the URL's secret query values redacted, as logs redact them
    /// (its path, which invalidation reads, stays as it was).
    private func redactedKey(_ key: String, _ context: MiddlewareContext) -> String {
        "GET " + URLRedaction.reference(key.dropFirst(4), redacting: context.sensitiveQueryParameterNames)
    }

    /// `stored` as an answer: its head with an `Age` field (RFC 9111 §5.1), its body.
    private func served(_ stored: StoredResponse) -> (HTTPResponse, Data) {
        var response = HTTPResponse(status: stored.status, headerFields: stored.headerFields)
        response.headerFields[.age] = String(CacheFreshness.currentAge(of: stored, now: now()))
        return (response, stored.body)
    }

    /// What to store of a response to a `GET`, or nil when it must not be (RFC 9111 §3): a storable
    /// status; no `no-store` (the request's was checked before it was sent); not `Vary: *`; and something
    /// to go on later: a freshness lifetime or a validator. Its head is kept without `Set-Cookie`, the
    /// values of the fields it varies on as digests.
    private func storable(
        _ request: HTTPRequest, _ response: HTTPResponse, _ data: Data, identity: String?, requestTime: Date, responseTime: Date
    ) -> StoredResponse? {
        guard Self.storableStatuses.contains(response.status.code), let url = request.url else { return nil }
        let control = CacheControl(parsing: response.headerFields[values: .cacheControl])
        let vary = VaryFields(parsing: response.headerFields[values: .vary])
        guard !control.noStore, !vary.matchesNothing else { return nil }
        var stored = StoredResponse(
            status: response.status, headerFields: StoredResponse.storedFields(of: response.headerFields), body: data, requestTime: requestTime,
            responseTime: responseTime, vary: vary, varyValues: vary.digests(in: request.headerFields, keyer: cache.keyer), identity: identity,
            identities: .none)
        guard stored.lifetime != nil || stored.entityTag != nil || stored.lastModified != nil else { return nil }
        stored.identities = identities(data, url)
        return stored
    }

    /// Forgets what a successful unsafe request, or one refused with `412`, made stale.
    private func invalidate(after request: HTTPRequest, body: OutgoingBody, response: HTTPResponse, data: Data) {
        guard let target = request.url, let origin = Origin(of: target) else { return }
        var urls = [target]
        for name in [HTTPField.Name.location, .contentLocation] {
            if let value = response.headerFields[name], let url = URIReference.url(value, relativeTo: target), Origin(of: url) == origin {
                urls.append(url)
            }
        }
        let exact = Set(urls.map(Self.key))
        let paths = Set(urls.map { Self.normalizedPath($0) })
        let ancestors = Self.ancestors(of: Self.normalizedPath(target), below: Self.normalizedPath(basePath))
        // The resources written: named in the request body and the answer, and the primary data of what
        // was stored for the target; plus the target URL itself (a HAL resource's `self`).
        var written: Set<String> = Set(urls.map { $0.absoluteString })
        if case .data(let sent) = body { written.formUnion(identities(sent, target).primary) }
        if !data.isEmpty { written.formUnion(identities(data, target).primary) }
        for stored in cache.variants(for: Self.key(target)) { written.formUnion(stored.identities.primary) }
        cache.invalidate(
            where: { key in
                if exact.contains(key) { return true }
                guard let url = URL(string: String(key.dropFirst(4))), Origin(of: url) == origin else { return false }
                let path = Self.normalizedPath(url)
                return paths.contains(path) || ancestors.contains(path)
            },
            holdingAnyOf: written)
    }

    /// The path without a trailing slash (so `/articles/` and `/articles` are one collection).
    private static func normalizedPath(_ url: URL) -> String {
        normalizedPath(URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? url.path)
    }

    private static func normalizedPath(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path.isEmpty ? "/" : path
    }

    /// `/a/b/c` → `/a/b`, `/a` (not `/`, nor anything at or above `base`).
    private static func ancestors(of path: String, below base: String) -> Set<String> {
        var result: Set<String> = []
        var current = Substring(path)
        while let slash = current.lastIndex(of: "/"), slash > current.startIndex {
            current = current[..<slash]
            let candidate = String(current)
            if candidate.count <= base.count, base.hasPrefix(candidate) { break }
            result.insert(candidate)
        }
        return result
    }
}
