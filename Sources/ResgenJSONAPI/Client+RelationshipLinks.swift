import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// Relationship calls at the URL the server gave: a decoded resource's relationship object carries its
/// own `links.self`, and these calls use it.
///
/// JSON:API recommends `/articles/1/relationships/author` for a relationship's endpoint but does not
/// require it, and servers differ: safrs writes `links.self` as `/api/appointments/1/doctor`, and its
/// `…/relationships/doctor` answers 404. The overloads that take a *path* build the conventional URL; the
/// ones here take the *resource* as the server sent it and go where its document says:
///
/// ```swift
/// let appointment = try await client.fetch(Appointment.show(1))
/// let doctor = try await client.fetchLinkage(\.doctor, of: appointment)      // GET  /api/appointments/1/doctor
/// try await client.replace(\.doctor, of: appointment, with: 2)                 // PATCH /api/appointments/1/doctor
/// ```
///
/// The URL, in order: the relationship object's `links.self`; else `relationships/<key>` below the resource
/// object's own `links.self`; else the conventional path below the resource's instance path (a root
/// resource). A relative link resolves against the client's base URL. The link is the server's, so it is
/// requested as every link a server wrote is: header fields go only to trusted origins (see <doc:Security>).
///
/// A server may answer a relationship URL with whole resource objects where linkage belongs (safrs
/// does): each is read as its identifier, `type` and `id`, the rest ignored.
extension Client {
    /// Reads a to-many relationship's members at the URL `resource`'s document gave for it.
    ///
    /// - Parameters:
    ///   - relationship: The relationship, as a key path: `\Doctor.appointments`.
    ///   - resource: The resource as decoded from the server (its relationship's `links.self` is used).
    ///   - headers: Header fields of this call, sent only when the link's origin is trusted.
    public func fetchLinkage<R: JSONAPIResource, Target: Resource>(
        _ relationship: KeyPath<R, ToMany<Target>>, of resource: R, headers: [HeaderField] = []
    ) async throws -> [Target.ID] where Target.ID: JSONAPIIdentifier {
        let url = try relationshipURL(relationship, of: resource, link: resource[keyPath: relationship].selfLink, method: .get)
        return try await fetchLinkage([JSONAPITargetIdentifier<Target>].self, at: url, headers: headers).map(\.id)
    }

    /// Reads a to-one relationship's target id (nil for `data: null`) at the URL `resource`'s document
    /// gave for it.
    public func fetchLinkage<R: JSONAPIResource, Target: Resource>(
        _ relationship: KeyPath<R, ToOne<Target>>, of resource: R, headers: [HeaderField] = []
    ) async throws -> Target.ID? where Target.ID: JSONAPIIdentifier {
        let url = try relationshipURL(relationship, of: resource, link: resource[keyPath: relationship].selfLink, method: .get)
        return try await fetchLinkage(JSONAPITargetIdentifier<Target>?.self, at: url, headers: headers)?.id
    }

    /// Reads an optional to-one relationship's target id (nil for `data: null`) at the URL `resource`'s
    /// document gave for it.
    public func fetchLinkage<R: JSONAPIResource, Target: Resource>(
        _ relationship: KeyPath<R, ToOne<Target>?>, of resource: R, headers: [HeaderField] = []
    ) async throws -> Target.ID? where Target.ID: JSONAPIIdentifier {
        let url = try relationshipURL(relationship, of: resource, link: resource[keyPath: relationship]?.selfLink, method: .get)
        return try await fetchLinkage(JSONAPITargetIdentifier<Target>?.self, at: url, headers: headers)?.id
    }

    /// Replaces a to-many relationship's members (`PATCH`) at the URL `resource`'s document gave for it.
    @discardableResult
    public func replace<R: JSONAPIResource, Target: Resource>(
        _ relationship: KeyPath<R, ToMany<Target>>, of resource: R, with ids: [Target.ID], headers: [HeaderField] = []
    ) async throws -> WriteReply where Target.ID: JSONAPIIdentifier {
        let url = try relationshipURL(relationship, of: resource, link: resource[keyPath: relationship].selfLink, method: .patch)
        return try await sendLinkage(.patch, to: url, .many(ids.map { JSONAPIIdentifierObject(Target.self, id: $0) }), answer: [JSONAPITargetIdentifier<Target>].self, headers: headers)
    }

    /// Adds members to a to-many relationship (`POST`) at the URL `resource`'s document gave for it.
    @discardableResult
    public func add<R: JSONAPIResource, Target: Resource>(
        _ ids: [Target.ID], to relationship: KeyPath<R, ToMany<Target>>, of resource: R, headers: [HeaderField] = []
    ) async throws -> WriteReply where Target.ID: JSONAPIIdentifier {
        let url = try relationshipURL(relationship, of: resource, link: resource[keyPath: relationship].selfLink, method: .post)
        return try await sendLinkage(.post, to: url, .many(ids.map { JSONAPIIdentifierObject(Target.self, id: $0) }), answer: [JSONAPITargetIdentifier<Target>].self, headers: headers)
    }

    /// Removes members from a to-many relationship (`DELETE` with a body) at the URL `resource`'s
    /// document gave for it.
    @discardableResult
    public func remove<R: JSONAPIResource, Target: Resource>(
        _ ids: [Target.ID], from relationship: KeyPath<R, ToMany<Target>>, of resource: R, headers: [HeaderField] = []
    ) async throws -> WriteReply where Target.ID: JSONAPIIdentifier {
        let url = try relationshipURL(relationship, of: resource, link: resource[keyPath: relationship].selfLink, method: .delete)
        return try await sendLinkage(.delete, to: url, .many(ids.map { JSONAPIIdentifierObject(Target.self, id: $0) }), answer: [JSONAPITargetIdentifier<Target>].self, headers: headers)
    }

    /// Sets (or with `nil` clears) a to-one relationship (`PATCH`) at the URL `resource`'s document gave
    /// for it.
    @discardableResult
    public func replace<R: JSONAPIResource, Target: Resource>(
        _ relationship: KeyPath<R, ToOne<Target>>, of resource: R, with id: Target.ID?, headers: [HeaderField] = []
    ) async throws -> WriteReply where Target.ID: JSONAPIIdentifier {
        let url = try relationshipURL(relationship, of: resource, link: resource[keyPath: relationship].selfLink, method: .patch)
        return try await sendLinkage(.patch, to: url, .one(id.map { JSONAPIIdentifierObject(Target.self, id: $0) }), answer: JSONAPITargetIdentifier<Target>.self, headers: headers)
    }

    /// Sets (or with `nil` clears) an optional to-one relationship (`PATCH`) at the URL `resource`'s
    /// document gave for it.
    @discardableResult
    public func replace<R: JSONAPIResource, Target: Resource>(
        _ relationship: KeyPath<R, ToOne<Target>?>, of resource: R, with id: Target.ID?, headers: [HeaderField] = []
    ) async throws -> WriteReply where Target.ID: JSONAPIIdentifier {
        let url = try relationshipURL(relationship, of: resource, link: resource[keyPath: relationship]?.selfLink, method: .patch)
        return try await sendLinkage(.patch, to: url, .one(id.map { JSONAPIIdentifierObject(Target.self, id: $0) }), answer: JSONAPITargetIdentifier<Target>.self, headers: headers)
    }

    /// Where a relationship of `resource` is read and changed: `link` (the relationship object's
    /// `links.self`), else `relationships/<key>` below the resource object's `links.self`, else below the
    /// instance path of a root resource; an `invalidRequest` error when there is none of them.
    package func relationshipURL<R: JSONAPIResource>(_ relationship: PartialKeyPath<R>, of resource: R, link: URL?, method: HTTPMethod) throws -> URL {
        guard let key = R.relationshipKey(for: relationship) else {
            throw ClientError(kind: .invalidRequest, request: summary(method, baseURL), detail: "\(relationship) is not a relationship of \(R.self)")
        }
        if let link { return absolute(link) }
        if let own = resource.jsonAPI.links?["self"]?.url(relativeTo: baseURL),
            let url = URL(string: PathComponent.relationshipPath(of: own.absoluteString, key: key))
        {
            return url
        }
        if let root = R.self as? any RootResource.Type, let components = Self.instanceComponents(of: root, id: resource.id) {
            return try url(for: PathComponent.relationshipPath(of: try checkedPath(components, method: method), key: key))
        }
        throw ClientError(
            kind: .invalidRequest, request: summary(method, baseURL),
            detail: "\(R.self) \(resource.id) has no link for its relationship '\(key)' and no path of its own; pass its path: `of: <path>`")
    }

    /// The instance components of a root resource's `id` (nil when `id` is not its ID type).
    private static func instanceComponents<Root: RootResource>(of type: Root.Type, id: Any) -> [PathComponent]? {
        (id as? Root.ID).map(Root.instanceComponents)
    }

}
