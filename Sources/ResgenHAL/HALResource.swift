@_spi(Generated) import ResgenRuntimeCore

/// A resource generated from a `format: hal` schema: it keeps every link of its document (relations the
/// schema does not name included) and describes its relationships' link relations.
public protocol HALResource: Resource {
    /// All of the document's `_links`, as the server sent them.
    var links: HALLinks { get set }

    /// The relationships with their link relations and target types, in schema order. (Also `Testing`
    /// SPI: ResgenTesting writes mocked HAL documents with them.)
    @_spi(Generated) @_spi(Testing) static var halRelations: [HALRelation] { get }

    /// Decodes the resource from a HAL document: what `init(from:)` does when the decoder's wire format
    /// is HAL. HAL decoding calls it directly for embedded resources and collection items, which saves
    /// the wire-format lookup and a copy of every resource.
    @_spi(Generated) init(halFrom decoder: any Decoder) throws

    /// How a HAL document tells which member of a union it is (HAL has no `type`): what the schema names
    /// under the union's `discriminator:`. Nil (the default) for a resource that is not a union. A
    /// requirement of the HAL resource rather than of ``ResourceUnion``, so the core names no format.
    @_spi(Generated) static var halDiscriminator: HALUnionDiscriminator? { get }
}

/// A HAL resource decoded through ``HALResource/init(halFrom:)`` as a `Decodable` (what containers
/// decode), so nested resources skip `init(from:)`'s wire-format check. SPI rather than internal
/// because `HALEmbedded`'s inlinable readers use it in generated code.
@_spi(Generated) public struct HALDecoded<Target: HALResource>: Decodable {
    /// The resource.
    public var value: Target

    @inlinable
    public init(from decoder: any Decoder) throws {
        value = try Target(halFrom: decoder)
    }
}

/// One relationship of a ``HALResource``: wire key, link relation, cardinality and target type.
@_spi(Generated) @_spi(Testing) public struct HALRelation: Sendable {
    /// The relationship's wire key (what ``Resource/visitRelationship(_:with:)`` takes).
    public var key: String
    /// The HAL link relation, possibly a CURIE such as `ea:orders`.
    public var rel: String
    /// Whether the relationship is to-many.
    public var isToMany: Bool
    /// The related resource type.
    public var target: any Resource.Type

    /// Creates a relation.
    public init(key: String, rel: String, isToMany: Bool, target: any Resource.Type) {
        self.key = key
        self.rel = rel
        self.isToMany = isToMany
        self.target = target
    }
}
