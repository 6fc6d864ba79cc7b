import Foundation

/// A to-many relationship from one resource to others: what is known of the related resources.
///
/// Any of the three parts may be missing: the related resources' ``ids``, a ``link`` to fetch them, and
/// the ``resolved`` resources themselves when the response included them.
///
/// ## Codable form
/// A keyed object with the optional keys `ids`, `link` and `resolved`. Only parts that are not `nil` are
/// encoded; missing keys, and an empty object, decode to `nil` parts. This form is format-neutral: HAL
/// and JSON:API wire decoding is done elsewhere.
public struct ToMany<Target: Resource>: Hashable, Sendable, Codable {
    /// The IDs of the related resources, if known.
    public var ids: [Target.ID]?

    /// A link to the related resources: a HAL `href` or a JSON:API `related` link.
    ///
    /// A HAL href is kept as written and resolved against its document's URL each time this is read
    /// (most decoded links are never read); read it once into a local where it is used repeatedly.
    public var link: URL? {
        get { linkStorage.url }
        set { linkStorage = RelationshipLink(newValue) }
    }

    @usableFromInline package var linkStorage: RelationshipLink

    /// The related resources, if the response included them.
    public var resolved: [Target]?

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
    /// JSON:API: the `meta` of each resource identifier in `data` (linkage meta), one per element of
    /// ``ids`` in order; nil when no identifier had one. Read-only: it describes the linkage as sent.
    public var linkageMeta: [JSONValue?]? { extras?.linkageMetas }

    /// Out of line and usually nil, so relationships stay small to copy.
    @usableFromInline var extras: RelationshipExtras?

    /// The related resources when some of them are known only by URL (HAL: partial embedded resources;
    /// ``resolved`` is then `nil` until a traversal fetches those); usually nil.
    @usableFromInline package var partial: PartialMembers<Target>?

    /// Sets all JSON:API extras at once (one allocation, none when all are nil).
    @usableFromInline
    package mutating func setJSONAPIExtras(selfLink: URL?, meta: JSONValue?, linkageMeta: JSONValue?, linkageMetas: [JSONValue?]? = nil) {
        extras = RelationshipExtras.make(selfLink: selfLink, meta: meta, linkageMeta: linkageMeta, linkageMetas: linkageMetas)
    }

    /// Creates an empty relationship: nothing is known of the related resources (what a relationship the
    /// server did not send decodes to). The same as ``init(ids:link:resolved:)`` with no arguments,
    /// without its `[Target]?` (see ``ToOne/init()``).
    @inlinable
    public init() {
        self.ids = nil
        self.linkStorage = .none
        self.resolved = nil
    }

    /// Creates a relationship from whatever is known of the related resources.
    ///
    /// - Parameters:
    ///   - ids: The IDs of the related resources. When `nil` and `resolved` is given, the resolved
    ///     resources' IDs are used.
    ///   - link: A link to the related resources.
    ///   - resolved: The related resources themselves.
    @inlinable
    public init(ids: [Target.ID]? = nil, link: URL? = nil, resolved: [Target]? = nil) {
        self.ids = ids ?? resolved?.map { $0.id }
        self.linkStorage = RelationshipLink(link)
        self.resolved = resolved
    }

    /// Creates a relationship with its link in stored form (HAL decoding: an href resolved when read).
    @inlinable
    package init(linkStorage: RelationshipLink, resolved: [Target]?) {
        self.ids = resolved?.map { $0.id }
        self.linkStorage = linkStorage
        self.resolved = resolved
    }

    /// Whether nothing at all is known of the related resources: no IDs, no link and no resolved values.
    ///
    /// An empty but known list (`ids == []`) is not empty in this sense. A link counts when there is one,
    /// without resolving it (an href that is not a URI reference still counts, though ``link`` reads `nil`).
    @inlinable
    public var isEmpty: Bool { ids == nil && linkStorage.isNone && resolved == nil }

    private enum CodingKeys: String, CodingKey {
        case ids, link, resolved
    }

    /// Decodes the format-neutral keyed form; missing keys give `nil` parts.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` if a present key holds a value of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            ids: try container.decodeIfPresent([Target.ID].self, forKey: .ids),
            link: try container.decodeIfPresent(URL.self, forKey: .link),
            resolved: try container.decodeIfPresent([Target].self, forKey: .resolved)
        )
    }

    /// Encodes the format-neutral keyed form, leaving out `nil` parts.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Any error of the encoder or of `Target`'s encoding.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(ids, forKey: .ids)
        try container.encodeIfPresent(link, forKey: .link)
        try container.encodeIfPresent(resolved, forKey: .resolved)
    }
}
