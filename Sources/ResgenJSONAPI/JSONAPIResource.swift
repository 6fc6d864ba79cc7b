import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// A resource generated from a `format: jsonapi` schema: it decodes and encodes JSON:API resource
/// objects directly (when ``WireFormat/jsonapi`` is in the coder's `userInfo`) and names its fields for
/// sparse fieldsets and sorting.
public protocol JSONAPIResource: Resource where ID: JSONAPIIdentifier {
    /// The resource's fields (attributes and relationships) by wire name, for `fields[type]=` and `sort=`.
    associatedtype Field: JSONAPIField

    /// The relationship wire key of a key path to a relationship (`\Article.tags` → `"tags"`).
    @_spi(Generated) static func relationshipKey(for keyPath: PartialKeyPath<Self>) -> String?

    /// Resource-level `links` and `meta` of the resource object this value was decoded from.
    var jsonAPI: JSONAPIResourceExtras { get set }

    /// Decodes a resource object from its container (`type` already read by the caller, or ignored):
    /// how `included` decodes each member with one container.
    @_spi(Generated) init(jsonAPIObject: KeyedDecodingContainer<JSONAPIResourceKey>) throws
}

/// A JSON:API resource whose schema says `sparseFieldsets: true`: it has a ``Sparse`` twin, so
/// `client.fetch(_:fields:)` can ask for some fields only.
///
/// Opt-in because the twin is a second struct with its own coding per resource: generated for every
/// resource, it was a third of the output and of its compile time, for a feature most clients use on
/// one or two types.
public protocol SparseFieldsetResource: JSONAPIResource {
    /// The same resource with every attribute and relationship optional: what a sparse fieldset
    /// (`fields[articles]=title`) response decodes into.
    associatedtype Sparse: Resource where Sparse.ID == ID
}

/// A generated `Field` enum: one case per attribute and relationship, raw value the wire name.
public protocol JSONAPIField: RawRepresentable, Hashable, Sendable, CaseIterable where RawValue == String {}

/// A resource object's own `links` and `meta` (not attributes).
public struct JSONAPIResourceExtras: Hashable, Sendable {
    /// `links` of the resource object (usually `self`).
    public var links: JSONAPILinks?
    /// `meta` of the resource object. Setting it drops the typed value (``meta(as:)``).
    public var meta: JSONValue? {
        didSet { typedMeta = nil }
    }
    /// `meta` decoded as the type the schema declares (the resource's `meta:`); derived from ``meta``,
    /// so not compared.
    @_spi(Generated) public var typedMeta: (any Sendable)?

    /// Creates the extras.
    public init(links: JSONAPILinks? = nil, meta: JSONValue? = nil) {
        self.links = links
        self.meta = meta
    }

    /// Reads `links` and `meta` of a resource object; absent keys cost one lookup each.
    @inlinable
    @_spi(Generated) public init(from object: KeyedDecodingContainer<JSONAPIResourceKey>) throws {
        self.links = try object.decodeIfPresent(JSONAPILinks.self, forKey: .links)
        self.meta = try object.decodeIfPresent(JSONValue.self, forKey: .meta)
    }

    /// The resource object's `meta` as the type the schema declares for it (`meta:`), decoded with the
    /// resource; nil when the server sent none, for another type, or after ``meta`` was set. The
    /// generated model's `resourceMeta` property reads it.
    public func meta<Meta>(as type: Meta.Type) -> Meta? {
        typedMeta as? Meta
    }

    public static func == (lhs: JSONAPIResourceExtras, rhs: JSONAPIResourceExtras) -> Bool {
        lhs.links == rhs.links && lhs.meta == rhs.meta
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(links)
        hasher.combine(meta)
    }
}
