import Foundation
@_spi(Generated) import ResgenRuntimeCore

extension ResourceUnion {
    /// Decodes a HAL resource as the member ``halDiscriminator`` names; a resource it names no member for
    /// becomes `other`, with the discriminating value (or the `self` path) as its type and its `self` href
    /// as its id.
    init(halUnionFrom decoder: any Decoder) throws {
        guard let discriminator = (Self.self as? any HALResource.Type)?.halDiscriminator else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(Self.self) names no HAL discriminator (schema: `discriminator:` of the union)"))
        }
        let container = try decoder.container(keyedBy: HALKey.self)
        // `_links` is read here only when the self link tells the member, or for `other`'s id: a member
        // reads its own links, so reading them for every member would parse them twice.
        var links: HALLinks?
        func selfLink() throws -> HALLink? {
            if links == nil { links = try HALLinks(container, forKey: HALKey("_links"), base: decoder.halDocumentURL) }
            return links?.selfLink
        }
        let (index, type) = try Self.member(by: discriminator, in: container, codingPath: decoder.codingPath) {
            // A document fetched on its own (a followed link) is at the URL it was fetched from when it has
            // no self link; an embedded resource without one has no URL of its own.
            try selfLink() ?? (decoder.codingPath.isEmpty ? decoder.halDocumentURL.map { HALLink(href: $0.absoluteString) } : nil)
        }
        guard let index else {
            self = Self.other(ResourceIdentity(type: type, id: try selfLink()?.href ?? ""))
            return
        }
        self = try Self.decode(Self.memberTypes[index], from: decoder)
    }

    /// The position of the member `discriminator` names for the resource in `container`, and the
    /// discriminating text (what `other` keeps as its type).
    private static func member(
        by discriminator: HALUnionDiscriminator, in container: KeyedDecodingContainer<HALKey>, codingPath: [any CodingKey], selfLink: () throws -> HALLink?
    ) throws -> (Int?, String) {
        switch discriminator {
        case .property(let name, let values):
            let value = try container.decode(String.self, forKey: HALKey(name))
            return (values.firstIndex(of: value), value)
        case .selfLink(let paths):
            guard let selfLink = try selfLink() else {
                throw DecodingError.keyNotFound(HALKey("self"), .init(codingPath: codingPath + [HALKey("_links")], debugDescription: "\(Self.self) tells its members by their self link, and this resource has none"))
            }
            let path = selfLink.url?.path ?? URLComponents(string: selfLink.href)?.path ?? selfLink.href
            let matches = paths.indices.filter { Self.path(path, isIn: paths[$0]) }
            return (matches.max { paths[$0].count < paths[$1].count }, path)
        case .embeddedKey(let keys):
            // The key of the array (or object) under `_embedded` that holds this resource.
            let key = codingPath.last(where: { $0.intValue == nil })?.stringValue ?? ""
            return (keys.firstIndex(of: key), key)
        }
    }

    /// Whether `path` is `collection` itself or below it (`/books/2` is in `/books` and in `/books/`,
    /// `/bookshelves/1` is in neither).
    package static func path(_ path: String, isIn collection: String) -> Bool {
        let trimmed = collection.hasSuffix("/") ? String(collection.dropLast()) : collection
        return path == trimmed || path.hasPrefix(trimmed + "/")
    }
}

extension HALResource where Self: ResourceUnion {
    /// The member's links; none for `other`. Setting them sets the member's.
    public var links: HALLinks {
        get { (member as? any HALResource)?.links ?? HALLinks() }
        set {
            guard var member = member as? any HALResource else { return }
            member.links = newValue
            if let updated = Self(member: member) { self = updated }
        }
    }

    /// The members' relations, each wire key once (members that share a key agree on it: the schema
    /// checks that include paths through the union can use one step for all of them).
    @_spi(Generated) public static var halRelations: [HALRelation] {
        var seen: Set<String> = []
        return memberTypes.flatMap { ($0 as? any HALResource.Type)?.halRelations ?? [] }.filter { seen.insert($0.key).inserted }
    }

    /// Decodes the member the discriminator names.
    @_spi(Generated) public init(halFrom decoder: any Decoder) throws {
        try self.init(halUnionFrom: decoder)
    }
}
