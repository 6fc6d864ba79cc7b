import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// How a HAL server takes a relationship in a request body (schema: a relationship's `write:`). HAL
/// defines no way to write one, so servers choose: Django REST framework HAL serializers want a link,
/// Spring Data REST the related resource's URI in a property, many others an id property.
@_spi(Generated) public enum HALWriteForm: Sendable {
    /// `"_links": {"venue": {"href": "http://…/venues/1"}}` (a to-many: an array of link objects).
    case link
    /// `"venue": "http://…/venues/1"` (a to-many: an array of URIs).
    case uri
    /// `"venueId": 1`: the id as the schema types it (a to-many: an array of ids).
    case id
}

/// A relationship as a HAL request body writes it: a URI, an id, a link object, an array of them, or
/// `null` (an optional relationship cleared). Computed when encoded, because a URI is made absolute
/// with the base URL of the client that sends it (``CodingUserInfoKey/resgenBaseURL``).
@_spi(Generated) public struct HALRelationshipValue: Encodable, Sendable {
    let write: @Sendable (any Encoder) throws -> Void

    public func encode(to encoder: any Encoder) throws { try write(encoder) }
}

/// The relationships a body writes as links: encoded as the body's `_links`, in the order added.
@_spi(Generated) public struct HALWriteLinks: Encodable, Sendable {
    private(set) var entries: [(rel: String, value: HALRelationshipValue)] = []

    /// No links yet.
    public init() {}

    /// Whether no link was added.
    public var isEmpty: Bool { entries.isEmpty }

    /// Adds the relation `rel` (replacing an earlier one); nil (a relationship whose value is not known)
    /// adds nothing.
    public mutating func add(_ rel: String, _ value: HALRelationshipValue?) {
        guard let value else { return }
        entries.removeAll { $0.rel == rel }
        entries.append((rel, value))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: HALKey.self)
        for (rel, value) in entries { try container.encode(value, forKey: HALKey(rel)) }
    }
}

/// Helpers of generated HAL encoding and `changes(since:)`: a relationship's value in the form the
/// schema names, and whether it changed.
///
/// A to-one's URI is its link when the link's last segment is its id (the server's own spelling), else
/// the target's instance path for its id below the client's base URL (`/venues/1`; relative when
/// encoded outside a client), else its link. Its id is ``ToOne/id``, else the link's last segment. A
/// to-many's members are its ``ToMany/ids`` (or those of its resolved resources), else the links of its
/// relation in the document it was decoded from (an array of links). A relationship of which nothing is
/// known (``ToOne/isEmpty``, or a to-many with neither ids nor a link array) is not sent, never sent as
/// empty; an optional one that is `nil` is sent as `null`, which clears it.
@_spi(Generated) public enum HALWrite {
    /// The value of a to-one relationship in `form`; nil when nothing of it is known.
    public static func toOne<Target: Resource>(_ relationship: ToOne<Target>?, as form: HALWriteForm) -> HALRelationshipValue? {
        guard let relationship else { return HALRelationshipValue { try nullValue($0) } }
        guard !relationship.isEmpty else { return nil }
        return HALRelationshipValue { encoder in
            var container = encoder.singleValueContainer()
            switch form {
            case .id: try container.encode(try id(of: relationship, codingPath: encoder.codingPath))
            case .uri: try container.encode(try uri(of: relationship, encoder: encoder))
            case .link: try container.encode(LinkObject(href: try uri(of: relationship, encoder: encoder)))
            }
        }
    }

    /// The value of a to-many relationship in `form`; nil when its members are not known. `links` and
    /// `rel` are the owner's links and the relationship's relation: a to-many decoded from an array of
    /// links has its members there.
    public static func toMany<Target: Resource>(
        _ relationship: ToMany<Target>?, as form: HALWriteForm, links: HALLinks, rel: String
    ) -> HALRelationshipValue? {
        guard let relationship else { return HALRelationshipValue { try nullValue($0) } }
        let members: Members<Target>
        if let ids = relationship.ids ?? relationship.resolved?.map(\.id) {
            members = .ids(ids)
        } else if relationship.link == nil, links.contains(rel) {
            members = .links(links.links(rel).map { link in
                var link = link
                if link.base == nil { link.base = links.base }
                return link
            })
        } else {
            return nil
        }
        return HALRelationshipValue { encoder in
            var container = encoder.unkeyedContainer()
            switch (members, form) {
            case (.ids(let ids), .id): try container.encode(contentsOf: ids)
            case (.ids(let ids), .uri): try container.encode(contentsOf: try ids.map { try instanceURI(Target.self, id: $0, encoder: encoder) })
            case (.ids(let ids), .link):
                try container.encode(contentsOf: try ids.map { LinkObject(href: try instanceURI(Target.self, id: $0, encoder: encoder)) })
            case (.links(let memberLinks), .id):
                try container.encode(contentsOf: try memberLinks.map { try id(Target.self, fromHref: $0.url?.absoluteString ?? $0.href, codingPath: encoder.codingPath) })
            case (.links(let memberLinks), .uri): try container.encode(contentsOf: memberLinks.map { $0.url?.absoluteString ?? $0.href })
            case (.links(let memberLinks), .link): try container.encode(contentsOf: memberLinks.map { LinkObject(href: $0.url?.absoluteString ?? $0.href) })
            }
        }
    }

    /// Whether a to-one relationship is to be sent as changed: its new value is known and differs from
    /// the old one (in id or link), or it became `nil` (an explicit clear) or non-`nil`.
    public static func changed<Target: Resource>(_ new: ToOne<Target>?, since old: ToOne<Target>?) -> Bool {
        switch (new, old) {
        case (nil, nil): false
        case (nil, _?): true
        case (let new?, nil): !new.isEmpty
        case (let new?, let old?): !new.isEmpty && (new.id != old.id || new.linkStorage != old.linkStorage)
        }
    }

    /// Whether a to-many relationship is to be sent as changed: its members are known and differ from
    /// the old ones (ids, or the link), or it became `nil` or non-`nil`.
    public static func changed<Target: Resource>(_ new: ToMany<Target>?, since old: ToMany<Target>?) -> Bool {
        switch (new, old) {
        case (nil, nil): false
        case (nil, _?): true
        case (let new?, nil): !new.isEmpty
        case (let new?, let old?): !new.isEmpty && (memberIDs(new) != memberIDs(old) || new.linkStorage != old.linkStorage)
        }
    }

    // MARK: Values

    private enum Members<Target: Resource> {
        case ids([Target.ID])
        case links([HALLink])
    }

    private static func memberIDs<Target: Resource>(_ relationship: ToMany<Target>) -> [Target.ID]? {
        relationship.ids ?? relationship.resolved?.map(\.id)
    }

    /// `{"href": "…"}`.
    private struct LinkObject: Encodable {
        var href: String
    }

    private static func nullValue(_ encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encodeNil()
    }

    /// The URI of a to-one's target (see the type's discussion).
    static func uri<Target: Resource>(of relationship: ToOne<Target>, encoder: any Encoder) throws -> String {
        let link = relationship.link
        guard let id = relationship.id else {
            if let link { return link.absoluteString }
            throw unwritable("the relationship to '\(Target.resourceType)' has neither an id nor a link", encoder.codingPath)
        }
        if let link, lastSegment(of: link.absoluteString) == Target.pathValue(of: id) { return link.absoluteString }
        if let path = instancePath(Target.self, id: id) { return absolute(path, encoder: encoder) }
        throw unwritable("'\(Target.resourceType)' has no collection path to write the URI of id '\(id)' with, and the relationship no link to it", encoder.codingPath)
    }

    /// The URI of the instance of `Target` with `id`: its instance path below the client's base URL.
    private static func instanceURI<Target: Resource>(_ type: Target.Type, id: Target.ID, encoder: any Encoder) throws -> String {
        guard let path = instancePath(Target.self, id: id) else {
            throw unwritable("'\(Target.resourceType)' has no collection path to write the URI of id '\(id)' with", encoder.codingPath)
        }
        return absolute(path, encoder: encoder)
    }

    /// The instance path of a root resource (`/venues/1`, percent-encoded); nil for another resource.
    private static func instancePath<Target: Resource>(_ type: Target.Type, id: Target.ID) -> String? {
        guard let root = Target.self as? any RootResource.Type else { return nil }
        return rootInstancePath(root, id: id)
    }

    private static func rootInstancePath<Root: RootResource>(_ type: Root.Type, id: Any) -> String? {
        guard let id = id as? Root.ID else { return nil }
        return PathComponent.path(of: Root.instanceComponents(id))
    }

    /// `path` below the encoder's base URL (the client's); the path itself when there is none.
    private static func absolute(_ path: String, encoder: any Encoder) -> String {
        guard let base = encoder.userInfo[.resgenBaseURL] as? URL else { return path }
        return PreparedRequest.url(base: base, path: path, query: [])?.absoluteString ?? path
    }

    /// The id of a to-one's target: its id, else its link's last segment.
    private static func id<Target: Resource>(of relationship: ToOne<Target>, codingPath: [any CodingKey]) throws -> Target.ID {
        if let id = relationship.id { return id }
        guard let link = relationship.link else {
            throw unwritable("the relationship to '\(Target.resourceType)' has neither an id nor a link", codingPath)
        }
        return try id(Target.self, fromHref: link.absoluteString, codingPath: codingPath)
    }

    /// The id a link's last path segment spells (`/venues/7` → 7).
    private static func id<Target: Resource>(_ type: Target.Type, fromHref href: String, codingPath: [any CodingKey]) throws -> Target.ID {
        let segment = lastSegment(of: href)
        if Target.ID.self == UUID.self, let id = UUID(uuidString: segment) as? Target.ID { return id }
        if let convertible = Target.ID.self as? any LosslessStringConvertible.Type, let id = convertible.init(segment) as? Target.ID {
            return id
        }
        throw unwritable("the link '\(href)' does not end in a '\(Target.resourceType)' id", codingPath)
    }

    /// The last path segment of `href`, percent-decoded, without query or fragment.
    private static func lastSegment(of href: String) -> String {
        let path = href.split(whereSeparator: { $0 == "?" || $0 == "#" }).first.map(String.init) ?? href
        let segment = path.split(separator: "/").last.map(String.init) ?? ""
        return segment.removingPercentEncoding ?? segment
    }

    private static func unwritable(_ detail: String, _ codingPath: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(Optional<Int>.none as Any, .init(codingPath: codingPath, debugDescription: detail))
    }
}
