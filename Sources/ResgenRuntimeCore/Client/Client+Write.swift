import Foundation
import HTTPTypes

/// Writes that say how the server answered (``WriteOutcome``): every reply JSON:API allows to a create,
/// replace, patch or delete — the resource (`200`/`201`), done as sent (`204`, or no primary data), or
/// accepted for later (`202`, with `Location`/`Content-Location`).
extension Client {
    /// Creates a resource (`POST`) and says how the server answered.
    ///
    /// - Parameters:
    ///   - path: A `create` path, e.g. `Article.create()`.
    ///   - value: What to create, e.g. an `Article.New`.
    ///   - headers: Extra header fields for this call.
    public func write<R: Resource>(_ path: ResourcePath<R, Op.Create>, _ value: some Encodable & Sendable, headers: [HeaderField] = []) async throws -> WriteOutcome<R> {
        try await sendWrite(path, value, headers: headers).outcome
    }

    /// Replaces a resource (`PUT`) and says how the server answered.
    public func write<R: Resource>(_ path: ResourcePath<R, Op.Replace>, _ value: some Encodable & Sendable, headers: [HeaderField] = []) async throws -> WriteOutcome<R> {
        try await sendWrite(path, value, headers: headers).outcome
    }

    /// Updates part of a resource (`PATCH`) and says how the server answered.
    public func write<R: Resource>(_ path: ResourcePath<R, Op.Patch>, _ changes: some Encodable & Sendable, headers: [HeaderField] = []) async throws -> WriteOutcome<R> {
        try await sendWrite(path, changes, headers: headers).outcome
    }

    /// Deletes a resource (`DELETE`) and says how the server answered: ``WriteOutcome/applied(_:)`` (`204`,
    /// or `200` with only `meta`) or ``WriteOutcome/accepted(_:)`` (`202`, not deleted yet).
    public func write<R: Resource>(_ path: ResourcePath<R, Op.Delete>, headers: [HeaderField] = []) async throws -> WriteOutcome<R> {
        let prepared = try writeRequest(path, headers: headers, body: .none)
        return try await withDeadline(prepared.method, prepared.url) {
            let (response, data, url) = try await self.execute(prepared, accept: self.configuration.codec.acceptHeader)
            let reply = WriteReply(status: response.status, headers: response.headerFields, url: url, meta: self.topLevelMeta(data), body: data)
            return response.status.code == 202 ? .accepted(reply) : .applied(reply)
        }
    }

    /// The encoded body, sent: its outcome, and the body as sent (what ``WriteOutcome/applied(_:)``
    /// stands for).
    func sendWrite<R: Resource, O: ExecutableOperation>(
        _ path: ResourcePath<R, O>, _ value: some Encodable & Sendable, headers: [HeaderField]
    ) async throws -> (outcome: WriteOutcome<R>, sent: Data) {
        let codec = configuration.codec
        let body: Data
        do {
            body = try codec.encodeBody(value, for: R.self, encoder: encoder)
        } catch {
            throw ClientError(kind: .invalidRequest, request: summary(path.httpMethod, baseURL), detail: "the body did not encode: \(error)", underlying: error)
        }
        let prepared = try writeRequest(path, headers: headers, body: .raw(body, contentType: codec.contentTypeHeader))
        return try await withDeadline(prepared.method, prepared.url) {
            let (response, data, url) = try await self.execute(prepared, accept: codec.acceptHeader)
            let probe = self.probe(data)
            let reply = WriteReply(status: response.status, headers: response.headerFields, url: url, meta: probe.meta, body: data)
            if response.status.code == 202 { return (.accepted(reply), body) }
            guard response.status.code != 204, probe.hasPrimaryData else { return (.applied(reply), body) }
            let resource = try self.decode(prepared.method, url, data, response) { try codec.decodeResource(R.self, from: data, context: $0) }
            return (.resource(resource, reply), body)
        }
    }

    /// The request of a write to `path`.
    func writeRequest<R: Resource, O: ExecutableOperation>(_ path: ResourcePath<R, O>, headers: [HeaderField], body: RequestBody) throws -> PreparedRequest {
        let url = try url(for: path.components, method: path.httpMethod, query: [])
        return PreparedRequest(method: path.httpMethod, url: url, headers: headers, body: body, requiresAuth: false, allowsRetryOfNonIdempotent: false)
    }

    /// Whether a write's `2xx` body carries primary data, and its top-level `meta`: an empty body has no
    /// data; the codec's format says for a non-empty one (``FormatCodec/writeReply(_:decoder:)``); any
    /// other codec's non-empty body is the resource.
    private func probe(_ body: Data) -> (hasPrimaryData: Bool, meta: JSONValue?) {
        guard !body.isEmpty else { return (false, nil) }
        guard let codec = configuration.codec as? any FormatCodec else { return (true, nil) }
        return codec.writeReply(body, decoder: decoder)
    }

    /// The top-level `meta` of a reply's body, as the codec's format reads it; nil for another codec or body.
    private func topLevelMeta(_ body: Data) -> JSONValue? {
        guard !body.isEmpty, let codec = configuration.codec as? any FormatCodec else { return nil }
        return codec.writeReply(body, decoder: decoder).meta
    }
}
