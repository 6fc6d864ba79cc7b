import Foundation

/// A to-one relationship from one resource to another: what is known of the related resource.
///
/// Any of the three parts may be missing: the related resource's ``id``, a ``link`` to fetch it, and the
/// ``resolved`` resource itself when the response included it.
///
/// The resolved value is stored out of line (in an indirect enum), so a resource may hold a relationship
/// to its own type, as `Person` holding `ToOne<Person>` for a friend.
///
/// ## Codable form
/// A keyed object with the optional keys `id`, `link` and `resolved`. Only parts that are not `nil` are
/// encoded; missing keys, and an empty object, decode to `nil` parts. This form is format-neutral: HAL
/// and JSON:API wire decoding is done elsewhere.
public struct ToOne<Target: Resource>: Hashable, Sendable, Codable {
    /// The ID of the related resource, if known.
    public var id: Target.ID?

    /// A link to the related resource: a HAL `href` or a JSON:API `related` link.
    ///
    /// A HAL href is kept as written and resolved against its document's URL each time this is read
    /// (most decoded links are never read); read it once into a local where it is used repeatedly.
    public var link: URL? {
        get { linkStorage.url }
        set { linkStorage = RelationshipLink(newValue) }
    }

    @usableFromInline package var linkStorage: RelationshipLink

    @usableFromInline var storage: ResolvedStorage<Target>

    // MARK: JSON:API relationship object extras (not part of the plain Codable form)

    /// JSON:API: the relationship's own URL (`links.self`), where its linkage can be read and changed.
    public var selfLink: URL? {
        get { extras?.selfLink }
        set { extras = extras?.with(selfLink: newValue) ?? RelationshipExtras.make(selfLink: newValue, meta: nil, linkageMeta: nil) }
    }
    /// JSON:API: the relationship object's `meta`. Setting it drops the typed value (``meta(as:)``).
    public var meta: JSONValue? {
        get { extras?.meta }
        set { extras = extras?.with(meta: newValue) ?? RelationshipExtras.make(selfLink: nil, meta: newValue, linkageMeta: nil) }
    }

    /// JSON:API: the relationship object's `meta` as the type the schema declares for it (the
    /// relationship's `meta:`), decoded with the resource; nil when the server sent none, for another
    /// type, or after ``meta`` was set. The generated `<relationship>Meta` property reads it.
    public func meta<Meta>(as type: Meta.Type) -> Meta? {
        extras?.typedMeta as? Meta
    }

    /// Stores the typed `meta` decoded by a generated model's decoder.
    @_spi(Generated) public mutating func setTypedMeta(_ value: (any Sendable)?) {
        extras = extras?.with(typedMeta: value) ?? RelationshipExtras.make(selfLink: nil, meta: nil, linkageMeta: nil, typedMeta: value)
    }
    /// JSON:API: the `meta` of the resource identifier in `data` (linkage meta).
    public var linkageMeta: JSONValue? {
        get { extras?.linkageMeta }
        set { extras = extras?.with(linkageMeta: newValue) ?? RelationshipExtras.make(selfLink: nil, meta: nil, linkageMeta: newValue) }
    }
    /// Out of line and usually nil, so relationships stay small to copy.
    @usableFromInline var extras: RelationshipExtras?

    /// Sets all JSON:API extras at once (one allocation, none when all are nil).
    @usableFromInline
    package mutating func setJSONAPIExtras(selfLink: URL?, meta: JSONValue?, linkageMeta: JSONValue?) {
        extras = RelationshipExtras.make(selfLink: selfLink, meta: meta, linkageMeta: linkageMeta)
    }

    /// The related resource, if the response included it.
    ///
    /// Setting a resource while ``id`` is `nil` also sets ``id`` to the resource's ID; setting `nil`
    /// leaves ``id`` unchanged.
    public var resolved: Target? {
        get { storage.value }
        set {
            storage = ResolvedStorage(newValue)
            if id == nil, let newValue { id = newValue.id }
        }
    }

    /// Resolves the relationship to the value in `storage`, which other relationships to the same resource
    /// share: include resolution hands every reference to one included resource the same box (one box per
    /// reference was ~200 bytes each for 10,000 loans of 3,000 items). `id` stays as it is.
    package mutating func resolve(sharing storage: ResolvedStorage<Target>) {
        self.storage = storage
    }

    /// Creates an empty relationship: nothing is known of the related resource (what a relationship the
    /// server did not send decodes to).
    ///
    /// The same as ``init(id:link:resolved:)`` with no arguments, without its `Target?`: decoding makes
    /// one of these for every relationship not sent, and code specialised for a model still destroys that
    /// `nil` through the value witnesses of `Optional<Target>` (~190 instructions each; measured: 5.2 M of
    /// the JSON:API benchmark's 289 M instructions).
    @inlinable
    public init() {
        self.id = nil
        self.linkStorage = .none
        self.storage = .none
    }

    /// Creates a relationship from whatever is known of the related resource.
    ///
    /// - Parameters:
    ///   - id: The ID of the related resource. When `nil` and `resolved` is given, `resolved.id` is used.
    ///   - link: A link to the related resource.
    ///   - resolved: The related resource itself.
    @inlinable
    public init(id: Target.ID? = nil, link: URL? = nil, resolved: Target? = nil) {
        self.id = id ?? resolved?.id
        self.linkStorage = RelationshipLink(link)
        self.storage = ResolvedStorage(resolved)
    }

    /// Creates a relationship with its link in stored form (HAL decoding: an href resolved when read).
    @inlinable
    package init(linkStorage: RelationshipLink, resolved: Target?) {
        self.id = resolved?.id
        self.linkStorage = linkStorage
        self.storage = ResolvedStorage(resolved)
    }

    /// Whether nothing at all is known of the related resource: no ID, no link and no resolved value.
    ///
    /// A link counts when there is one, without resolving it (an href that is not a URI reference still
    /// counts, though ``link`` reads `nil`).
    @inlinable
    public var isEmpty: Bool { id == nil && linkStorage.isNone && storage.isNone }

    private enum CodingKeys: String, CodingKey {
        case id, link, resolved
    }

    /// Decodes the format-neutral keyed form; missing keys give `nil` parts.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` if a present key holds a value of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decodeIfPresent(Target.ID.self, forKey: .id),
            link: try container.decodeIfPresent(URL.self, forKey: .link),
            resolved: try container.decodeIfPresent(Target.self, forKey: .resolved)
        )
    }

    /// Encodes the format-neutral keyed form, leaving out `nil` parts.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Any error of the encoder or of `Target`'s encoding.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(link, forKey: .link)
        try container.encodeIfPresent(resolved, forKey: .resolved)
    }
}

/// The out-of-line storage of ``ToOne/resolved``, which keeps `ToOne` finite in size when a resource
/// refers to its own type.
@usableFromInline
package indirect enum ResolvedStorage<Value: Hashable & Sendable>: Hashable, Sendable {
    case none
    case some(Value)

    @inlinable
    package init(_ value: Value?) {
        if let value { self = .some(value) } else { self = .none }
    }

    package var value: Value? {
        switch self {
        case .none: nil
        case .some(let value): value
        }
    }

    /// Whether there is no value, without copying one out.
    @inlinable
    package var isNone: Bool {
        if case .none = self { true } else { false }
    }
}
