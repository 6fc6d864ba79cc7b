import Foundation
import HTTPTypes
@_spi(Generated) import ResgenRuntimeCore

/// JSON:API calls beyond the format-neutral ones: sparse fieldsets, whole documents (top-level `meta`,
/// `links`, `jsonapi`, `included`) and relationship endpoints. They need a client whose codec is a
/// ``JSONAPICodec``.
extension Client {
    /// Reads a collection with a sparse fieldset: `GET /articles?fields[articles]=title,author` (resources
    /// whose schema says `sparseFieldsets: true`). The items are the resource's ``SparseFieldsetResource/Sparse`` twin, whose attributes and relationships are
    /// all optional, since the server leaves out every field not asked for.
    ///
    /// - Parameters:
    ///   - path: A `list` path.
    ///   - fields: The fields to read.
    ///   - query: More query items, e.g. `Article.query(sort: [.descending(.publishedAt)])`.
    ///   - headers: Extra header fields.
    public func fetch<R: SparseFieldsetResource>(_ path: ResourcePath<R, Op.List>, fields: [R.Field], query: [QueryItem] = [], headers: [HeaderField] = []) async throws -> [R.Sparse] {
        try await fetchDocument(ResourcePath<R.Sparse, Op.List>(uncheckedComponents: path.components, query: path.query, acceptedIncludes: path.acceptedIncludes), query: [R.fieldsQuery(fields)] + query, headers: headers).data
    }

    /// Reads one resource with a sparse fieldset, as its ``SparseFieldsetResource/Sparse`` twin.
    public func fetch<R: SparseFieldsetResource>(_ path: ResourcePath<R, Op.Show>, fields: [R.Field], query: [QueryItem] = [], headers: [HeaderField] = []) async throws -> R.Sparse {
        try await fetchSparse(path, fields: fields, including: [], query: query, headers: headers)
    }

    /// Reads one resource with a sparse fieldset and include sets, as its ``SparseFieldsetResource/Sparse``
    /// twin with relationships resolved from `included` (list the included relationships among `fields`).
    public func fetch<R: SparseFieldsetResource & HasIncludes>(_ path: ResourcePath<R, Op.Show>, fields: [R.Field], including includes: R.Include..., query: [QueryItem] = [], headers: [HeaderField] = []) async throws -> R.Sparse {
        try await fetchSparse(path, fields: fields, including: Self.paths(includes), query: query, headers: headers)
    }

    /// The sparse twin of one resource; `data: null` is a decoding error, as for ``fetch(_:query:headers:)``.
    private func fetchSparse<R: SparseFieldsetResource>(_ path: ResourcePath<R, Op.Show>, fields: [R.Field], including includes: [IncludePath], query: [QueryItem], headers: [HeaderField]) async throws -> R.Sparse {
        let document = try await fetchDocument(ResourcePath<R.Sparse, Op.Show>(uncheckedComponents: path.components, query: path.query, acceptedIncludes: path.acceptedIncludes), including: includes, query: [R.fieldsQuery(fields)] + query, headers: headers)
        guard let value = document.data else {
            throw ClientError(kind: .decoding, request: summary(.get, try url(for: path.path)), codingPath: "data", detail: "the primary data is null")
        }
        return value
    }

    /// Reads a collection with a sparse fieldset and include sets: the ``SparseFieldsetResource/Sparse`` items,
    /// relationships resolved from `included` (list the included relationships among `fields`, or the
    /// server leaves their linkage out). Included resources decode as full models.
    public func fetch<R: SparseFieldsetResource & HasIncludes>(_ path: ResourcePath<R, Op.List>, fields: [R.Field], including includes: R.Include..., query: [QueryItem] = [], headers: [HeaderField] = []) async throws -> [R.Sparse] {
        try await fetchDocument(ResourcePath<R.Sparse, Op.List>(uncheckedComponents: path.components, query: path.query, acceptedIncludes: path.acceptedIncludes), including: Self.paths(includes), query: [R.fieldsQuery(fields)] + query, headers: headers).data
    }

    /// Reads a collection as a whole document: items with relationships resolved along `includes`, the
    /// included resources, top-level `meta`, `links` and `jsonapi`.
    public func fetchDocument<R: Resource>(_ path: ResourcePath<R, Op.List>, including includes: [IncludePath] = [], query: [QueryItem] = [], headers: [HeaderField] = []) async throws -> JSONAPIDocument<[R]> {
        try await fetchDocument(path, including: includes, fields: [], query: query, headers: headers)
    }

    /// Reads one resource as a whole document; its `data` is nil when the server says `null`.
    public func fetchDocument<R: Resource>(_ path: ResourcePath<R, Op.Show>, including includes: [IncludePath] = [], query: [QueryItem] = [], headers: [HeaderField] = []) async throws -> JSONAPIDocument<R?> {
        try await fetchDocument(path, including: includes, fields: [], query: query, headers: headers)
    }

    /// Reads a collection as a whole document with sparse fieldsets for several types: the primary data as
    /// ``SparseFieldsetResource/Sparse`` twins with relationships resolved along `includes` where their
    /// targets came whole, and included resources of restricted types as twins, reached through
    /// `JSONAPIDocument.sparse(_:)`.
    ///
    /// ```swift
    /// let document = try await client.fetchDocument(Article.list(),
    ///     fields: [Article.fieldset(.title, .author), Person.fieldset(.name)], including: .author)
    /// document.data.map { document.sparse($0.author)?.name }
    /// ```
    ///
    /// The primary data is the twin even when `fields` leaves the primary type whole, so one call always
    /// has one result type. List a relationship among its type's fields, or the server leaves its
    /// linkage out and nothing can be found.
    public func fetchDocument<R: SparseFieldsetResource & HasIncludes>(
        _ path: ResourcePath<R, Op.List>, fields: Fieldsets, including includes: R.Include..., query: [QueryItem] = [], headers: [HeaderField] = []
    ) async throws -> JSONAPIDocument<[R.Sparse]> {
        try await fetchDocument(ResourcePath<R.Sparse, Op.List>(uncheckedComponents: path.components, query: path.query, acceptedIncludes: path.acceptedIncludes), including: Self.paths(includes), fields: fields, query: query, headers: headers)
    }

    /// Reads one resource as a whole document with sparse fieldsets for several types (see the list
    /// form); `data` is nil when the server says `null`.
    public func fetchDocument<R: SparseFieldsetResource & HasIncludes>(
        _ path: ResourcePath<R, Op.Show>, fields: Fieldsets, including includes: R.Include..., query: [QueryItem] = [], headers: [HeaderField] = []
    ) async throws -> JSONAPIDocument<R.Sparse?> {
        try await fetchDocument(ResourcePath<R.Sparse, Op.Show>(uncheckedComponents: path.components, query: path.query, acceptedIncludes: path.acceptedIncludes), including: Self.paths(includes), fields: fields, query: query, headers: headers)
    }

    /// Reads a collection of a resource without a sparse twin as a whole document, with sparse fieldsets
    /// for included types: `Comment.list()` with `[Person.fieldset(.name)]` and `including: .author`.
    public func fetchDocument<R: JSONAPIResource & HasIncludes>(
        _ path: ResourcePath<R, Op.List>, fields: Fieldsets, including includes: R.Include..., query: [QueryItem] = [], headers: [HeaderField] = []
    ) async throws -> JSONAPIDocument<[R]> {
        try await fetchDocument(path, including: Self.paths(includes), fields: fields, query: query, headers: headers)
    }

    /// Reads one resource without a sparse twin as a whole document, with sparse fieldsets for included
    /// types.
    public func fetchDocument<R: JSONAPIResource & HasIncludes>(
        _ path: ResourcePath<R, Op.Show>, fields: Fieldsets, including includes: R.Include..., query: [QueryItem] = [], headers: [HeaderField] = []
    ) async throws -> JSONAPIDocument<R?> {
        try await fetchDocument(path, including: Self.paths(includes), fields: fields, query: query, headers: headers)
    }

    /// `GET` with `include=` and `fields[…]=` and decode the collection document.
    package func fetchDocument<R: Resource>(_ path: ResourcePath<R, Op.List>, including includes: [IncludePath], fields: Fieldsets, query: [QueryItem], headers: [HeaderField]) async throws -> JSONAPIDocument<[R]> {
        let codec = try jsonAPICodec(path.path)
        let url = try url(for: path, query: includes.includeQueryItems + fields.queryItems + query)
        return try await withDeadline(.get, url) {
            let raw = try await self.request(.get, runtimeURL: url, headers: headers)
            var document = try self.decode(raw) { try codec.decodeDocument([R].self, from: raw.body, decoder: $0.decoder, includes: includes, fieldsets: fields, baseURL: $0.url) }
            document.contentTypeProfiles = JSONAPIMediaType.profiles(inContentType: raw.response.headerFields[.contentType])
            return document
        }
    }

    /// `GET` with `include=` and `fields[…]=` and decode the single-resource document.
    private func fetchDocument<R: Resource>(_ path: ResourcePath<R, Op.Show>, including includes: [IncludePath], fields: Fieldsets, query: [QueryItem], headers: [HeaderField]) async throws -> JSONAPIDocument<R?> {
        let codec = try jsonAPICodec(path.path)
        let url = try url(for: path, query: includes.includeQueryItems + fields.queryItems + query)
        return try await withDeadline(.get, url) {
            let raw = try await self.request(.get, runtimeURL: url, headers: headers)
            var document = try self.decode(raw) { try codec.decodeDocument(R?.self, from: raw.body, decoder: $0.decoder, includes: includes, fieldsets: fields, baseURL: $0.url) }
            document.contentTypeProfiles = JSONAPIMediaType.profiles(inContentType: raw.response.headerFields[.contentType])
            return document
        }
    }

    /// Reads a collection as a whole document, with named include sets.
    public func fetchDocument<R: HasIncludes>(_ path: ResourcePath<R, Op.List>, including includes: R.Include..., query: [QueryItem] = [], headers: [HeaderField] = []) async throws -> JSONAPIDocument<[R]> {
        try await fetchDocument(path, including: Self.paths(includes), query: query, headers: headers)
    }

    // MARK: relationship endpoints

    /// Replaces a to-many relationship's members: `PATCH /articles/1/relationships/tags`.
    ///
    /// - Parameters:
    ///   - relationship: The relationship, as a key path: `\Article.tags`.
    ///   - path: The resource, e.g. `Article.at("1")` or `Article.show("1")`.
    ///   - ids: The new members.
    ///   - headers: Header fields of this call.
    @discardableResult
    public func replace<R: JSONAPIResource, O: AddressesInstance, Target: Resource>(
        _ relationship: KeyPath<R, ToMany<Target>>, of path: ResourcePath<R, O>, with ids: [Target.ID], headers: [HeaderField] = []
    ) async throws -> WriteReply where Target.ID: JSONAPIIdentifier {
        try await sendLinkage(.patch, relationship, of: path, .many(ids.map { JSONAPIIdentifierObject(Target.self, id: $0) }), answer: [JSONAPITargetIdentifier<Target>].self, headers: headers)
    }

    /// Adds members to a to-many relationship: `POST /articles/1/relationships/tags`.
    @discardableResult
    public func add<R: JSONAPIResource, O: AddressesInstance, Target: Resource>(
        _ ids: [Target.ID], to relationship: KeyPath<R, ToMany<Target>>, of path: ResourcePath<R, O>, headers: [HeaderField] = []
    ) async throws -> WriteReply where Target.ID: JSONAPIIdentifier {
        try await sendLinkage(.post, relationship, of: path, .many(ids.map { JSONAPIIdentifierObject(Target.self, id: $0) }), answer: [JSONAPITargetIdentifier<Target>].self, headers: headers)
    }

    /// Removes members from a to-many relationship: `DELETE /articles/1/relationships/tags` with a body.
    @discardableResult
    public func remove<R: JSONAPIResource, O: AddressesInstance, Target: Resource>(
        _ ids: [Target.ID], from relationship: KeyPath<R, ToMany<Target>>, of path: ResourcePath<R, O>, headers: [HeaderField] = []
    ) async throws -> WriteReply where Target.ID: JSONAPIIdentifier {
        try await sendLinkage(.delete, relationship, of: path, .many(ids.map { JSONAPIIdentifierObject(Target.self, id: $0) }), answer: [JSONAPITargetIdentifier<Target>].self, headers: headers)
    }

    /// Sets (or with `nil` clears) a to-one relationship: `PATCH /comments/1/relationships/author`.
    @discardableResult
    public func replace<R: JSONAPIResource, O: AddressesInstance, Target: Resource>(
        _ relationship: KeyPath<R, ToOne<Target>>, of path: ResourcePath<R, O>, with id: Target.ID?, headers: [HeaderField] = []
    ) async throws -> WriteReply where Target.ID: JSONAPIIdentifier {
        try await sendLinkage(.patch, relationship, of: path, .one(id.map { JSONAPIIdentifierObject(Target.self, id: $0) }), answer: JSONAPITargetIdentifier<Target>.self, headers: headers)
    }

    /// Sets (or with `nil` clears) an optional to-one relationship.
    @discardableResult
    public func replace<R: JSONAPIResource, O: AddressesInstance, Target: Resource>(
        _ relationship: KeyPath<R, ToOne<Target>?>, of path: ResourcePath<R, O>, with id: Target.ID?, headers: [HeaderField] = []
    ) async throws -> WriteReply where Target.ID: JSONAPIIdentifier {
        try await sendLinkage(.patch, relationship, of: path, .one(id.map { JSONAPIIdentifierObject(Target.self, id: $0) }), answer: JSONAPITargetIdentifier<Target>.self, headers: headers)
    }

    /// Reads a to-many relationship's members: `GET /articles/1/relationships/tags`.
    public func fetchLinkage<R: JSONAPIResource, O: AddressesInstance, Target: Resource>(
        _ relationship: KeyPath<R, ToMany<Target>>, of path: ResourcePath<R, O>, headers: [HeaderField] = []
    ) async throws -> [Target.ID] where Target.ID: JSONAPIIdentifier {
        try await fetchLinkage([JSONAPITargetIdentifier<Target>].self, at: try linkageURL(relationship, of: path), headers: headers).map(\.id)
    }

    /// Reads a to-one relationship's target id (nil for `data: null`): `GET /comments/1/relationships/author`.
    public func fetchLinkage<R: JSONAPIResource, O: AddressesInstance, Target: Resource>(
        _ relationship: KeyPath<R, ToOne<Target>>, of path: ResourcePath<R, O>, headers: [HeaderField] = []
    ) async throws -> Target.ID? where Target.ID: JSONAPIIdentifier {
        try await toOneLinkage(Target.self, relationship, of: path, headers: headers)
    }

    /// Reads an optional to-one relationship's target id (nil for `data: null`): `GET /comments/1/relationships/author`.
    public func fetchLinkage<R: JSONAPIResource, O: AddressesInstance, Target: Resource>(
        _ relationship: KeyPath<R, ToOne<Target>?>, of path: ResourcePath<R, O>, headers: [HeaderField] = []
    ) async throws -> Target.ID? where Target.ID: JSONAPIIdentifier {
        try await toOneLinkage(Target.self, relationship, of: path, headers: headers)
    }

    /// The target id of the to-one relationship `relationship` (optional or not: the wire is the same).
    private func toOneLinkage<R: JSONAPIResource, O: AddressesInstance, Target: Resource>(
        _ target: Target.Type, _ relationship: PartialKeyPath<R>, of path: ResourcePath<R, O>, headers: [HeaderField]
    ) async throws -> Target.ID? where Target.ID: JSONAPIIdentifier {
        try await fetchLinkage(JSONAPITargetIdentifier<Target>?.self, at: try linkageURL(relationship, of: path), headers: headers)?.id
    }

    /// Reads the linkage at `url` (a relationship endpoint) as `Linkage`: `GET`, then `data` decoded in
    /// place, so an error names the member (`data[2].type`).
    func fetchLinkage<Linkage: Decodable & Sendable>(_ linkage: Linkage.Type, at url: URL, headers: [HeaderField]) async throws -> Linkage {
        try await withDeadline(.get, url) {
            let raw = try await self.request(.get, runtimeURL: url, headers: headers)
            return try self.decode(raw) { context in
                try context.decoder.decode(DataDocument<Linkage>.self, from: raw.body).data
            }
        }
    }

    /// The URL of `relationship`'s relationship endpoint below `path`.
    private func linkageURL<R: JSONAPIResource, O: AddressesInstance>(_ relationship: PartialKeyPath<R>, of path: ResourcePath<R, O>) throws -> URL {
        guard let key = R.relationshipKey(for: relationship) else {
            throw ClientError(kind: .invalidRequest, request: summary(.get, baseURL), detail: "\(relationship) is not a relationship of \(R.self)")
        }
        return try url(for: PathComponent.relationshipPath(of: try checkedPath(path.components, method: .get), key: key))
    }

    /// Sends `linkage` to `relationship`'s endpoint with `method`. A `200` answers with the relationship as
    /// the server now has it (or with top-level `meta` alone): its `data`, when there is one, is read as
    /// `Answer` (the target's identifiers), so a member of another type is a ``JSONAPITypeMismatch``
    /// here too. A `204` or `202` has nothing to check. Every 2xx is success; the reply says which
    /// (a `202 Accepted` is not done yet) and carries `meta`, `Location` and `Content-Location`.
    private func sendLinkage<R: JSONAPIResource, O: AddressesInstance, Answer: Decodable>(
        _ method: HTTPMethod, _ relationship: PartialKeyPath<R>, of path: ResourcePath<R, O>, _ linkage: JSONAPILinkage, answer: Answer.Type, headers: [HeaderField]
    ) async throws -> WriteReply {
        guard let key = R.relationshipKey(for: relationship) else {
            throw ClientError(kind: .invalidRequest, request: summary(method, baseURL), detail: "\(relationship) is not a relationship of \(R.self)")
        }
        _ = try jsonAPICodec(path.path, method: method)
        let target = try url(for: PathComponent.relationshipPath(of: try checkedPath(path.components, method: method), key: key))
        return try await sendLinkage(method, to: target, linkage, answer: answer, headers: headers)
    }

    /// Sends `linkage` to the relationship endpoint `target` with `method`; see the overload above.
    func sendLinkage<Answer: Decodable>(
        _ method: HTTPMethod, to target: URL, _ linkage: JSONAPILinkage, answer: Answer.Type, headers: [HeaderField]
    ) async throws -> WriteReply {
        let codec = try jsonAPICodec(target, method: method)
        let body = try codec.jsonAPIEncoder(from: encoder).encode(linkage.document)
        let raw = try await request(method, runtimeURL: target, headers: headers, body: .raw(body, contentType: codec.contentTypeHeader))
        var reply = WriteReply(status: raw.response.status, headers: raw.response.headerFields, url: raw.url, body: raw.body)
        guard !raw.body.isEmpty else { return reply }
        guard raw.response.status == .ok else {
            // A 202's body (a status document, perhaps) is the server's own: its `meta` when it has one.
            reply.meta = (try? decoder.decode(LinkageAnswer<JSONValue>.self, from: raw.body))?.meta
            return reply
        }
        reply.meta = try decode(raw, method: method) { context in try context.decoder.decode(LinkageAnswer<Answer>.self, from: raw.body).meta }
        return reply
    }

    /// The client's codec when it is a ``JSONAPICodec``; else an `invalidRequest` error naming the
    /// request (`method` at `path`) that needed it.
    func jsonAPICodec(_ path: String, method: HTTPMethod = .get) throws -> JSONAPICodec {
        try jsonAPICodec((try? url(for: path)) ?? baseURL, method: method)
    }

    /// The client's codec when it is a ``JSONAPICodec``; else an `invalidRequest` error naming the
    /// request (`method` at `url`) that needed it.
    func jsonAPICodec(_ url: URL, method: HTTPMethod) throws -> JSONAPICodec {
        guard let codec = configuration.codec as? JSONAPICodec else {
            throw ClientError(kind: .invalidRequest, request: summary(method, url), detail: "this call needs a JSONAPICodec; the client has \(type(of: configuration.codec))")
        }
        return codec
    }
}

/// A relationship update's `200` document: `data` (the relationship as the server now has it) may be
/// absent when the server answers with top-level `meta` alone.
private struct LinkageAnswer<Linkage: Decodable>: Decodable {
    var data: Linkage?
    var meta: JSONValue?
}
