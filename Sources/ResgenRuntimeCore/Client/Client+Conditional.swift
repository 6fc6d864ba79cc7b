import Foundation
import HTTPTypes

/// Optimistic concurrency: writes that apply only to the representation they were based on.
///
/// Explicitly, pass the tag a read returned (``fetchWithResponse(_:query:headers:)->(R,_)``) as
/// `headers: [.ifMatch(tag)]`. Automatically, with ``Configuration/sendsIfMatchAutomatically``, every
/// `PUT`, `PATCH` and `DELETE` to a URL the client read (without a query) carries the `ETag` of that
/// read, when it is a strong one (a weak tag never matches `If-Match`). Either way a lost race is a ``ClientError`` of kind ``ClientError/Kind/preconditionFailed``
/// (`412`), and a server that insists on the condition answers ``ClientError/Kind/preconditionRequired``
/// (`428`).
extension Client {
    /// The resource of a `412 Precondition Failed` answer, as the server has it now; nil when the error
    /// is no `412` or its body held no resource.
    ///
    /// ```swift
    /// do {
    ///     _ = try await client.patch(Article.patch("1"), changes, headers: [.ifMatch(tag)])
    /// } catch let error as ClientError where error.kind == .preconditionFailed {
    ///     let current = try client.currentRepresentation(error, as: Article.self)
    /// }
    /// ```
    public func currentRepresentation<R: Resource>(_ error: ClientError, as type: R.Type) throws -> R? {
        guard error.kind == .preconditionFailed, let data = error.currentRepresentation else { return nil }
        let response = HTTPResponse(status: error.status ?? .preconditionFailed, headerFields: error.headers ?? [:])
        return try decode(error.request.method, error.request.url, data, response) { try configuration.codec.decodeResource(R.self, from: data, context: $0) }
    }

    /// Adds `If-Match` to a write's request when the configuration asks for it, the caller set none,
    /// and the client read the target with an `ETag`.
    func addingAutomaticIfMatch(to prepared: PreparedRequest) -> PreparedRequest {
        guard configuration.sendsIfMatchAutomatically, [.put, .patch, .delete].contains(prepared.method),
            !prepared.headers.contains(where: { $0.name.lowercased() == "if-match" }),
            let tag = entityTags.tag(for: prepared.url)
        else { return prepared }
        var prepared = prepared
        prepared.headers.append(.ifMatch(tag))
        return prepared
    }

    /// Keeps the `ETag` of a successful exchange for later automatic `If-Match`: a `GET` of a URL
    /// without a query remembers it, a write takes the new one its answer carries (or forgets the old).
    ///
    /// Only a strong tag is kept: `If-Match` compares strongly (RFC 9110 §13.1.1), so a server must
    /// refuse every write that names a weak one with `412`, however fresh the read. A weak tag (what
    /// servers that compress answers make of theirs: Django's `GZipMiddleware`, nginx) forgets the
    /// URL's tag instead, and its next write goes without `If-Match`, as for a server that sends none.
    func rememberEntityTag(_ method: HTTPMethod, _ url: URL, _ response: HTTPResponse) {
        guard configuration.sendsIfMatchAutomatically else { return }
        let tag = response.headerFields[.eTag].flatMap(EntityTag.init(parsing:)).flatMap { $0.isWeak ? nil : $0 }
        switch method {
        case .get: if url.query == nil { entityTags.remember(tag, for: url) }
        case .delete: entityTags.remember(nil, for: url)
        case .put, .patch: entityTags.remember(tag, for: url)
        default: break
        }
    }
}
