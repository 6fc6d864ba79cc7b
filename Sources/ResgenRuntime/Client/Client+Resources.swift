import Foundation

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

    /// Creates a resource: `POST` the value to the collection; returns what the server made of it.
    public func create<R: Resource>(_ path: ResourcePath<R, Op.Create>, _ value: some Encodable & Sendable, headers: [HeaderField] = []) async throws -> R {
        try await write(path, value, headers: headers)
    }

    /// Replaces a resource: `PUT` the whole value.
    public func replace<R: Resource>(_ path: ResourcePath<R, Op.Replace>, _ value: some Encodable & Sendable, headers: [HeaderField] = []) async throws -> R {
        try await write(path, value, headers: headers)
    }

    /// Updates part of a resource: `PATCH` the changes (any encodable value holding just them).
    public func patch<R: Resource>(_ path: ResourcePath<R, Op.Patch>, _ changes: some Encodable & Sendable, headers: [HeaderField] = []) async throws -> R {
        try await write(path, changes, headers: headers)
    }

    /// Deletes a resource: `DELETE` its path. Any 2xx (typically 204) is success.
    public func delete<R: Resource>(_ path: ResourcePath<R, Op.Delete>, headers: [HeaderField] = []) async throws {
        let prepared = try prepare(path, query: [], headers: headers, body: .none)
        _ = try await execute(prepared, accept: configuration.codec.mediaType)
    }

    /// `GET`s `path` and decodes the 2xx response with the codec (`includes` reach it through the
    /// ``ResponseContext``).
    func read<R: Resource, O: ExecutableOperation, T: Sendable>(
        _ path: ResourcePath<R, O>, query: [QueryItem], headers: [HeaderField], includes: [IncludePath] = [],
        decode body: @escaping @Sendable (any ResourceCodec, Data, ResponseContext) throws -> T
    ) async throws -> T {
        let prepared = try prepare(path, query: query, headers: headers, body: .none)
        return try await withDeadline(prepared.method, prepared.url) {
            let (response, data, url) = try await self.execute(prepared, accept: self.configuration.codec.mediaType)
            return try self.decode(prepared.method, url, data, response, includes: includes) { try body(self.configuration.codec, data, $0) }
        }
    }

    private func write<R: Resource, O: ExecutableOperation>(_ path: ResourcePath<R, O>, _ value: some Encodable & Sendable, headers: [HeaderField]) async throws -> R {
        let codec = configuration.codec
        let data: Data
        do {
            data = try codec.encodeBody(value, for: R.self, encoder: encoder)
        } catch {
            throw ClientError(kind: .invalidRequest, request: summary(path.httpMethod, baseURL), detail: "the body did not encode: \(error)", underlying: error)
        }
        let prepared = try prepare(path, query: [], headers: headers, body: .raw(data, contentType: codec.mediaType))
        return try await withDeadline(prepared.method, prepared.url) {
            let (response, responseData, url) = try await self.execute(prepared, accept: codec.mediaType)
            return try self.decode(prepared.method, url, responseData, response) { try codec.decodeResource(R.self, from: responseData, context: $0) }
        }
    }

    private func prepare<R: Resource, O: ExecutableOperation>(_ path: ResourcePath<R, O>, query: [QueryItem], headers: [HeaderField], body: RequestBody) throws -> PreparedRequest {
        let url = try url(for: path.components, method: path.httpMethod, query: query)
        return PreparedRequest(method: path.httpMethod, url: url, headers: headers, body: body, requiresAuth: false, allowsRetryOfNonIdempotent: false)
    }
}
