/// A union of resource types: what a polymorphic relationship points to (a loan's `item` is a book, a
/// film or an album) and what a polymorphic collection holds (`GET /items`).
///
/// Generated code declares one enum per union of the schema, with a case per member resource and
/// `other` for a resource of a type the schema does not list there (its type and id kept; never a
/// decoding failure), so a `switch` handles every member:
///
/// ```swift
/// switch loan.item.resolved {
/// case .book(let book)?: print(book.title, book.author.id ?? "")
/// case .film(let film)?: print(film.title, film.minutes)
/// case .album, .other, nil: break
/// }
/// ```
///
/// A union is itself a ``Resource``: `ToOne<Item>` and `ToMany<Item>` hold its ID, a ``ResourceUnionID`` (which member type
/// and that member's id) and, once resolved, its value; include paths go through it and continue on the
/// members that have the next relationship; a union with a path is listed like any collection.
public protocol ResourceUnion: Resource where ID: ResourceUnionID {
    /// The member resource types, in schema order.
    static var memberTypes: [any Resource.Type] { get }

    /// The union value holding `member`; nil when `member` is of no member type.
    init?(member: any Resource)

    /// The member resource this value holds; nil for a resource of a type the schema does not list.
    var member: (any Resource)? { get }

    /// A resource of a type the union does not list, known by its type and id (the generated `other`
    /// case).
    static func other(_ identity: ResourceIdentity) -> Self
}

extension ResourceUnion {
    /// The member types' relationship keys, each once, in member then schema order: a path may continue
    /// through a union on whichever members have the next relationship.
    @_spi(Generated) public static var relationshipKeys: [String] {
        var seen: Set<String> = []
        return memberTypes.flatMap { $0.relationshipKeys }.filter { seen.insert($0).inserted }
    }

    /// Hands the relationship `key` of the member this value holds to `visitor`; nothing for a member
    /// without that relationship, or for `other`.
    @_spi(Generated) public mutating func visitRelationship<Visitor: RelationshipVisitor>(_ key: String, with visitor: inout Visitor) {
        guard var member else { return }
        member.visitRelationship(key, with: &visitor)
        if let updated = Self(member: member) { self = updated }
    }

    /// The member type whose resource type is `type`; nil when the union does not list it.
    package static func memberType(named type: String) -> (any Resource.Type)? {
        memberTypes.first { $0.resourceType == type }
    }
}

/// The identifier of a ``ResourceUnion``'s value: which member type, and that member's own id.
///
/// Generated unions declare one as an enum with a case per member (`.book(Book.ID)`) and `other`
/// (``ResourceIdentity``) for a type the schema does not list. On the wire it is the resource
/// identifier's `type` and `id`; its plain `Codable` form is `{"type": "books", "id": "2"}`.
public protocol ResourceUnionID: WireIdentifier, Codable, CustomStringConvertible {
    /// The identifier of the resource of `type` with `id`: the member's case when `type` is a member's,
    /// else `other`.
    ///
    /// - Throws: `DecodingError` when `id` is not a valid id of the member `type` names.
    init(resourceType type: String, id: String) throws

    /// The member's resource type (`"books"`), or the one `other` holds.
    var resourceType: String { get }
}

extension ResourceUnionID {
    /// The wire `type` of this identifier, whatever the relationship's declared target.
    @_spi(Generated) public func wireType(target resourceType: String) -> String { self.resourceType }

    /// No conversion from an id alone: a union's identifier needs its type.
    @_spi(Generated) public init?(wireString: String) { nil }

    /// Any type is read: a member's as its case, any other as `other` (never a ``ResourceTypeMismatch``).
    @_spi(Generated) public static func identifier(type: String, id: String, allowed: some Collection<String>, codingPath: @autoclosure () -> [any CodingKey]) throws -> Self {
        do {
            return try Self(resourceType: type, id: id)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath() + [ResourceIdentifierKey.id], debugDescription: "'\(id)' is not a valid id of '\(type)'", underlyingError: error))
        }
    }

    /// `books/2`.
    public var description: String { "\(resourceType)/\(wireString)" }
}

/// A resource known only by its type and id: what a union holds for a type the schema does not list.
public struct ResourceIdentity: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The resource type, as the wire writes it (`"podcasts"`).
    public var type: String
    /// The id, as the wire writes it.
    public var id: String

    /// Creates an identity.
    public init(type: String, id: String) {
        self.type = type
        self.id = id
    }

    /// `podcasts/7`.
    public var description: String { "\(type)/\(id)" }
}

extension ResourceUnionID {
    /// Decodes the plain form, `{"type": "books", "id": "2"}`.
    @_spi(Generated) public init(unionIDFrom decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ResourceIdentifierKey.self)
        let type = try container.decode(String.self, forKey: .type)
        let id = try container.decode(String.self, forKey: .id)
        try self.init(resourceType: type, id: id)
    }

    /// Encodes the plain form.
    @_spi(Generated) public func encode(unionIDTo encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ResourceIdentifierKey.self)
        try container.encode(resourceType, forKey: .type)
        try container.encode(wireString, forKey: .id)
    }

    /// The id of `member` converted from its wire string, or a decoding error naming the type.
    @_spi(Generated) public static func memberID<ID: WireIdentifier>(_ type: ID.Type, _ id: String, of resourceType: String) throws -> ID {
        guard let converted = ID(wireString: id) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [ResourceIdentifierKey.id], debugDescription: "'\(id)' is not a valid \(ID.self) id of '\(resourceType)'"))
        }
        return converted
    }
}
