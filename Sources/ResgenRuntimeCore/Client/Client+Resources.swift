import Foundation
import HTTPTypes

/// Executing typed resource paths (`Article.show("1") / Comment.list()`). Which calls exist for a
/// path follows from its operation type, so `client.delete(Tag.show("1"))` does not compile.
extension Client {
    /// Reads one resource: `GET` its path.
    ///
    /// - Parameters:
    ///   - path: A `show` path, e.g. `Article.show("1")`.
    ///   - query: Extra query items for this call.
    ///   - headers: Extra header fields for this call.
    public func fetch<R: Resource>(_ path: ResourcePath<R, Op.Show>, query: [QueryItem] = [], headers: [HeaderField] = []) async throws -> R {
        try await read(path, query: query, headers: headers) { codec, data, context in try codec.decodeResource(R.self, from: data, context: context) }
    }

    /// Reads a collection: `GET` its path.
    ///
    /// - Parameters:
    ///   - path: A `list` path, e.g. `Article.show("1") / Comment.list()`.
    ///   - query: Extra query items for this call (filters, paging…).
    ///   - headers: Extra header fields for this call.
    public func fetch<R: Resource>(_ path: ResourcePath<R, Op.List>, query: [QueryItem] = [], headers: [HeaderField] = []) async throws -> [R] {
        try await read(path, query: query, headers: headers) { codec, data, context in try codec.decodeCollection(R.self, from: data, context: context) }
    }

    /// Reads one resource and says how the server answered: the value with the response's status, header
    /// fields, `ETag`, `Last-Modified` and `Location` (``ResponseMetadata``).
    ///
    /// ```swift
    /// let (article, response) = try await client.fetchWithResponse(Article.show("1"))
    /// let saved = try await client.patch(Article.patch("1"), edited.changes(since: article), headers: response.entityTag.map { [.ifMatch($0)] } ?? [])
    /// ```
    public func fetchWithResponse<R: Resource>(_ path: ResourcePath<R, Op.Show>, query: [QueryItem] = [], headers: [HeaderField] = []) async throws -> (value: R, response: ResponseMetadata) {
        try await readWithResponse(path, query: query, headers: headers) { codec, data, context in try codec.decodeResource(R.self, from: data, context: context) }
    }

    /// Reads a collection and says how the server answered (``ResponseMetadata``).
    public func fetchWithResponse<R: Resource>(_ path: ResourcePath<R, Op.List>, query: [QueryItem] = [], headers: [HeaderField] = []) async throws -> (value: [R], response: ResponseMetadata) {
        try await readWithResponse(path, query: query, headers: headers) { codec, data, context in try codec.decodeCollection(R.self, from: data, context: context) }
    }

    /// Creates a resource: `POST` the value to the collection; returns what the server made of it.
    ///
    /// A server that answers without the resource (`204 No Content` after a create with a client-chosen
    /// id, or a `201` without primary data) accepted it as sent: the result is the value sent, read back
    /// as `R`. A `202 Accepted` throws a ``ClientError`` of kind ``ClientError/Kind/accepted`` (there is
    /// no resource yet); `client.write(_:_:)` returns every answer as a ``WriteOutcome``.
    public func create<R: Resource>(_ path: ResourcePath<R, Op.Create>, _ value: some Encodable & Sendable, headers: [HeaderField] = []) async throws -> R {
        try await writeResource(path, value, merging: nil, headers: headers)
    }

    /// Replaces a resource: `PUT` the whole value. A `204` (or no primary data) returns the value as sent.
    public func replace<R: Resource>(_ path: ResourcePath<R, Op.Replace>, _ value: some Encodable & Sendable, headers: [HeaderField] = []) async throws -> R {
        try await writeResource(path, value, merging: nil, headers: headers)
    }

    /// Updates part of a resource: `PATCH` the changes (any encodable value holding just them).
    ///
    /// A `204` (or a `200` with only `meta`) says the server applied the changes and nothing else: the
    /// result is then the changes read back as `R`, which works when they name every field; for a part,
    /// pass the resource as it was with ``patch(_:_:merging:headers:)``.
    public func patch<R: Resource>(_ path: ResourcePath<R, Op.Patch>, _ changes: some Encodable & Sendable, headers: [HeaderField] = []) async throws -> R {
        try await writeResource(path, changes, merging: nil, headers: headers)
    }

    /// Updates part of a resource: `PATCH` the changes; when the server answers without the resource
    /// (`204`, or `200` with only `meta`), returns `original` with the changes applied, as JSON:API says
    /// the server now has it.
    ///
    /// ```swift
    /// let saved = try await client.patch(Article.patch(article.id), edited.changes(since: article), merging: article)
    /// ```
    ///
    /// The merge replaces each attribute and relationship the changes name (a changed relationship holds
    /// the identifiers sent) and keeps everything else as `original` has it: read-only attributes,
    /// relationships with their resolved targets and links, the resource's own `links` and `meta`.
    public func patch<R: Resource>(_ path: ResourcePath<R, Op.Patch>, _ changes: some Encodable & Sendable, merging original: R, headers: [HeaderField] = []) async throws -> R {
        try await writeResource(path, changes, merging: original, headers: headers)
    }

    /// Deletes a resource: `DELETE` its path. Any 2xx (`204`, `200` with only `meta`, `202 Accepted`) is
    /// success; `client.write(_:)` tells them apart.
    public func delete<R: Resource>(_ path: ResourcePath<R, Op.Delete>, headers: [HeaderField] = []) async throws {
        let prepared = try writeRequest(path, headers: headers, body: .none)
        _ = try await execute(prepared, accept: configuration.codec.acceptHeader)
    }

    /// `GET`s `path` and decodes the 2xx response with the codec (`includes` reach it through the
    /// ``ResponseContext``).
    package func read<R: Resource, O: ExecutableOperation, T: Sendable>(
        _ path: ResourcePath<R, O>, query: [QueryItem], headers: [HeaderField], includes: [IncludePath] = [],
        decode body: @escaping @Sendable (any ResourceCodec, Data, ResponseContext) throws -> T
    ) async throws -> T {
        try await readWithResponse(path, query: query, headers: headers, includes: includes, decode: body).value
    }

    /// ``read(_:query:headers:includes:decode:)`` with the response's metadata.
    func readWithResponse<R: Resource, O: ExecutableOperation, T: Sendable>(
        _ path: ResourcePath<R, O>, query: [QueryItem], headers: [HeaderField], includes: [IncludePath] = [],
        decode body: @escaping @Sendable (any ResourceCodec, Data, ResponseContext) throws -> T
    ) async throws -> (value: T, response: ResponseMetadata) {
        let prepared = try prepare(path, query: query, headers: headers, body: .none)
        return try await withDeadline(prepared.method, prepared.url) {
            let (response, data, url) = try await self.execute(prepared, accept: self.configuration.codec.acceptHeader)
            let value = try self.decode(prepared.method, url, data, response, includes: includes) { try body(self.configuration.codec, data, $0) }
            return (value, ResponseMetadata(status: response.status, headerFields: response.headerFields, url: url))
        }
    }

    /// A write whose result is the resource: the server's, or for an answer without one, the value as
    /// sent (merged into `original`, for a patch that has one).
    private func writeResource<R: Resource, O: ExecutableOperation>(
        _ path: ResourcePath<R, O>, _ value: some Encodable & Sendable, merging original: R?, headers: [HeaderField]
    ) async throws -> R {
        let (outcome, sent) = try await sendWrite(path, value, headers: headers)
        switch outcome {
        case .resource(let resource, _):
            return resource
        case .applied(let reply):
            return try resourceAsSent(R.self, value, sent: sent, merging: original, method: path.httpMethod, reply: reply)
        case .accepted(let reply):
            throw ClientError(
                kind: .accepted, request: summary(path.httpMethod, reply.url), status: reply.status, headers: reply.headers, body: reply.body,
                detail: "the server accepted the request for later processing, so there is no resource yet"
                    + ((reply.contentLocation ?? reply.location).map { "; follow it at \($0.absoluteString)" } ?? "")
                    + " (client.write returns this answer as WriteOutcome.accepted)")
        }
    }

    private func prepare<R: Resource, O: ExecutableOperation>(_ path: ResourcePath<R, O>, query: [QueryItem], headers: [HeaderField], body: RequestBody) throws -> PreparedRequest {
        let url = try url(for: path, query: query)  // refuses includes the path does not accept
        return PreparedRequest(method: path.httpMethod, url: url, headers: headers, body: body, requiresAuth: false, allowsRetryOfNonIdempotent: false)
    }
}
