import Foundation
import HTTPTypes
@_spi(Generated) import ResgenRuntimeCore
@_spi(Generated) import ResgenJSONAPI

/// Relationship changes through the store: adding to, removing from and replacing a relationship's
/// members at its relationship endpoint, optimistic and queued like every write (see
/// ``ResourceStore/patch(_:_:headers:)`` for how each answer settles one).
///
/// The change shows at once in the resource's linkage, so every watcher whose graph goes through it
/// (an article watched with its tags) sees the new members. When the store never read the
/// relationship's members (the server sent it with `links` only), an add or a remove cannot be shown
/// and is only sent; a replace is shown either way.
///
/// The endpoint is the one the server's document gave: the relationship object's `links.self`, else
/// `relationships/<key>` below the resource's `links.self`, else the conventional path below a root
/// resource's instance path (as the client's `add(_:to:of:)` overloads that take a resource). A server
/// that answers `200` sends the relationship as it now has it, and that is stored; a `204` keeps the
/// change as sent.
extension ResourceStore {
    /// Adds members to a to-many relationship of `resource` (`POST` to its relationship endpoint).
    ///
    /// ```swift
    /// try await store.add(["swift"], to: \Article.tags, of: article)
    /// ```
    ///
    /// - Returns: The resource as the store now holds it (nil when it holds none).
    @discardableResult
    public func add<R: JSONAPIResource, Target: Resource>(
        _ ids: [Target.ID], to relationship: KeyPath<R, ToMany<Target>>, of resource: R, headers: [HeaderField] = []
    ) async throws -> R? where Target.ID: JSONAPIIdentifier {
        let members = ids.map { Self.identifier(Target.self, $0) }
        return try await changeRelationship(relationship, of: resource, link: resource[keyPath: relationship].selfLink, method: .post, .add(members), body: .array(members), headers: headers)
    }

    /// Removes members from a to-many relationship of `resource` (`DELETE` with a body to its
    /// relationship endpoint).
    @discardableResult
    public func remove<R: JSONAPIResource, Target: Resource>(
        _ ids: [Target.ID], from relationship: KeyPath<R, ToMany<Target>>, of resource: R, headers: [HeaderField] = []
    ) async throws -> R? where Target.ID: JSONAPIIdentifier {
        let members = ids.map { Self.identifier(Target.self, $0) }
        return try await changeRelationship(relationship, of: resource, link: resource[keyPath: relationship].selfLink, method: .delete, .remove(members), body: .array(members), headers: headers)
    }

    /// Replaces a to-many relationship's members (`PATCH` to its relationship endpoint).
    @discardableResult
    public func replace<R: JSONAPIResource, Target: Resource>(
        _ relationship: KeyPath<R, ToMany<Target>>, of resource: R, with ids: [Target.ID], headers: [HeaderField] = []
    ) async throws -> R? where Target.ID: JSONAPIIdentifier {
        let linkage = JSONValue.array(ids.map { Self.identifier(Target.self, $0) })
        return try await changeRelationship(relationship, of: resource, link: resource[keyPath: relationship].selfLink, method: .patch, .replace(linkage), body: linkage, headers: headers)
    }

    /// Sets (or with `nil` clears) a to-one relationship (`PATCH` to its relationship endpoint).
    @discardableResult
    public func replace<R: JSONAPIResource, Target: Resource>(
        _ relationship: KeyPath<R, ToOne<Target>>, of resource: R, with id: Target.ID?, headers: [HeaderField] = []
    ) async throws -> R? where Target.ID: JSONAPIIdentifier {
        let linkage = id.map { Self.identifier(Target.self, $0) } ?? .null
        return try await changeRelationship(relationship, of: resource, link: resource[keyPath: relationship].selfLink, method: .patch, .replace(linkage), body: linkage, headers: headers)
    }

    /// Sets (or with `nil` clears) an optional to-one relationship (`PATCH` to its relationship endpoint).
    @discardableResult
    public func replace<R: JSONAPIResource, Target: Resource>(
        _ relationship: KeyPath<R, ToOne<Target>?>, of resource: R, with id: Target.ID?, headers: [HeaderField] = []
    ) async throws -> R? where Target.ID: JSONAPIIdentifier {
        let linkage = id.map { Self.identifier(Target.self, $0) } ?? .null
        return try await changeRelationship(relationship, of: resource, link: resource[keyPath: relationship]?.selfLink, method: .patch, .replace(linkage), body: linkage, headers: headers)
    }

    // MARK: one relationship write

    /// Queues and sends a change of `relationship`'s linkage: `{"data": body}` to its endpoint.
    private func changeRelationship<R: JSONAPIResource>(
        _ relationship: PartialKeyPath<R>, of resource: R, link: URL?, method: HTTPMethod, _ change: StoredGraph.LinkageChange, body: JSONValue, headers: [HeaderField]
    ) async throws -> R? {
        guard let key = R.relationshipKey(for: relationship) else {
            throw StoreError.invalidWrite("\(relationship) is not a relationship of \(R.self)")
        }
        let endpoint = try client.relationshipURL(relationship, of: resource, link: link, method: method)
        let identity = Self.identity(R.self, resource.id)
        try await submit(
            method: method, path: endpoint.absoluteString, isURL: true, body: .object(["data": body]), headers: headers,
            identity: identity, change: .relationship(key: key, change), lid: nil)
        return try decodeOne(R.self, identity, includes: [])
    }

    /// Reads `identity`'s relationship `key` at its endpoint `url` and stores its linkage as the
    /// server's (taking the server's version of a refused relationship write).
    func readLinkage(of identity: ResourceIdentity, key: String, at url: URL) async throws {
        let raw = try await client.request(.get, runtimeURL: url)
        let document = try client.decode(raw) { _ in try JSONValue(parsing: raw.body) }
        guard let linkage = document["data"], graph.setLinkage(of: identity, key: key, to: linkage) else { return }
        persist([identity])
        notify([identity])
    }

    /// A queued relationship write's endpoint, read back from the text it was stored as.
    static func endpointURL(_ text: String) throws -> URL {
        guard let url = URL(string: text) else { throw StoreError.invalidWrite("a queued relationship write's URL no longer reads: \(text)") }
        return url
    }

    /// The resource identifier object of `Target` `id`, as the client writes it in linkage.
    static func identifier<Target: Resource>(_ target: Target.Type, _ id: Target.ID) -> JSONValue where Target.ID: JSONAPIIdentifier {
        let object = JSONAPIIdentifierObject(Target.self, id: id)
        return .object(["type": .string(object.type), "id": .string(object.id)])
    }
}

extension StoredGraph.PendingChange {
    /// Whether this is a change of a relationship's linkage (whose answer is linkage, not resources).
    var isRelationship: Bool {
        if case .relationship = self { return true }
        return false
    }
}
