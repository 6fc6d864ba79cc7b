import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// Where a generated JSON:API resource writes its fields: the plain `Codable` form
/// (``JSONAPIPlainFieldsWriter``: one keyed object with `id`, every attribute, read-only ones included,
/// and the relationships in their own `Codable` form) or a JSON:API resource object
/// (``JSONAPIObjectFieldsWriter``: `type`, `id`, the writable attributes under `attributes`, relationship
/// objects under `relationships`).
///
/// One generic `encode(jsonAPIFields:)` per model writes both (issue 16); one type per form, not an
/// enum of both, for the reason ``JSONAPIResourceFieldsReader`` gives.
@_spi(Generated) public protocol JSONAPIResourceFieldsWriter<Key> {
    /// The model's coding keys.
    associatedtype Key: CodingKey
    /// How this form writes the relationships.
    associatedtype Relationships: JSONAPIResourceRelationshipsWriter where Relationships.Key == Key

    /// Whether this is the plain form, which also carries the read-only attributes.
    var isPlain: Bool { get }

    /// The id: under `key` in the plain form, as the `id` string of a resource object.
    mutating func encodeID<ID: JSONAPIIdentifier & Encodable>(_ id: ID, forKey key: Key) throws

    /// The attributes' container: the plain object itself, or a resource object's `attributes`.
    mutating func attributes() -> KeyedEncodingContainer<Key>

    /// The relationships: the plain object itself, or a resource object's `relationships`.
    mutating func relationships() -> Relationships
}

/// The relationships of a resource being encoded: in their own `Codable` form in the plain form, as
/// relationship objects (`{"data": …}`, nothing when the linkage is unknown) in a resource object.
@_spi(Generated) public protocol JSONAPIResourceRelationshipsWriter<Key> {
    /// The model's coding keys.
    associatedtype Key: CodingKey

    /// A to-one relationship.
    mutating func encode<Target: Resource>(_ relationship: ToOne<Target>, forKey key: Key) throws where Target.ID: JSONAPIIdentifier

    /// A to-many relationship.
    mutating func encode<Target: Resource>(_ relationship: ToMany<Target>, forKey key: Key) throws where Target.ID: JSONAPIIdentifier

    /// An optional to-one relationship: left out when nil in the plain form, `{"data": null}` in a
    /// resource object.
    mutating func encodeNullable<Target: Resource>(_ relationship: ToOne<Target>?, forKey key: Key) throws where Target.ID: JSONAPIIdentifier

    /// An optional to-many relationship: left out when nil in the plain form, `{"data": []}` in a
    /// resource object.
    mutating func encodeNullable<Target: Resource>(_ relationship: ToMany<Target>?, forKey key: Key) throws where Target.ID: JSONAPIIdentifier
}

extension JSONAPIResourceRelationshipsWriter {
    /// A relationship of a `Sparse` twin: left out when nil (not fetched), else as the full model writes it.
    @inlinable
    public mutating func encodeIfPresent<Target: Resource>(_ relationship: ToOne<Target>?, forKey key: Key) throws where Target.ID: JSONAPIIdentifier {
        if let relationship { try encode(relationship, forKey: key) }
    }

    /// A relationship of a `Sparse` twin: left out when nil (not fetched), else as the full model writes it.
    @inlinable
    public mutating func encodeIfPresent<Target: Resource>(_ relationship: ToMany<Target>?, forKey key: Key) throws where Target.ID: JSONAPIIdentifier {
        if let relationship { try encode(relationship, forKey: key) }
    }
}

/// The plain `Codable` form: one keyed object.
@_spi(Generated) public struct JSONAPIPlainFieldsWriter<Key: CodingKey>: JSONAPIResourceFieldsWriter, JSONAPIResourceRelationshipsWriter {
    @usableFromInline var container: KeyedEncodingContainer<Key>

    /// Opens the encoder's keyed object.
    @inlinable
    public init(_ encoder: any Encoder) {
        self.container = encoder.container(keyedBy: Key.self)
    }

    @inlinable
    public var isPlain: Bool { true }

    @inlinable
    public mutating func encodeID<ID: JSONAPIIdentifier & Encodable>(_ id: ID, forKey key: Key) throws {
        try container.encode(id, forKey: key)
    }

    @inlinable
    public mutating func attributes() -> KeyedEncodingContainer<Key> { container }

    @inlinable
    public mutating func relationships() -> Self { self }

    @inlinable
    public mutating func encode<Target: Resource>(_ relationship: ToOne<Target>, forKey key: Key) throws where Target.ID: JSONAPIIdentifier {
        try container.encode(relationship, forKey: key)
    }

    @inlinable
    public mutating func encode<Target: Resource>(_ relationship: ToMany<Target>, forKey key: Key) throws where Target.ID: JSONAPIIdentifier {
        try container.encode(relationship, forKey: key)
    }

    @inlinable
    public mutating func encodeNullable<Target: Resource>(_ relationship: ToOne<Target>?, forKey key: Key) throws where Target.ID: JSONAPIIdentifier {
        try container.encodeIfPresent(relationship, forKey: key)
    }

    @inlinable
    public mutating func encodeNullable<Target: Resource>(_ relationship: ToMany<Target>?, forKey key: Key) throws where Target.ID: JSONAPIIdentifier {
        try container.encodeIfPresent(relationship, forKey: key)
    }
}

/// A JSON:API resource object.
@_spi(Generated) public struct JSONAPIObjectFieldsWriter<Key: CodingKey>: JSONAPIResourceFieldsWriter {
    @usableFromInline var object: KeyedEncodingContainer<JSONAPIResourceKey>

    /// Opens a resource object of `resourceType` and writes its `type`.
    @inlinable
    public init(_ encoder: any Encoder, resourceType: String) throws {
        self.object = encoder.container(keyedBy: JSONAPIResourceKey.self)
        try object.encode(resourceType, forKey: .type)
    }

    @inlinable
    public var isPlain: Bool { false }

    @inlinable
    public mutating func encodeID<ID: JSONAPIIdentifier & Encodable>(_ id: ID, forKey key: Key) throws {
        try object.encode(id.wireString, forKey: .id)
    }

    @inlinable
    public mutating func attributes() -> KeyedEncodingContainer<Key> {
        object.nestedContainer(keyedBy: Key.self, forKey: .attributes)
    }

    @inlinable
    public mutating func relationships() -> JSONAPIObjectRelationshipsWriter<Key> {
        JSONAPIObjectRelationshipsWriter(relationships: object.nestedContainer(keyedBy: Key.self, forKey: .relationships))
    }
}

/// A resource object's `relationships`, written as relationship objects.
@_spi(Generated) public struct JSONAPIObjectRelationshipsWriter<Key: CodingKey>: JSONAPIResourceRelationshipsWriter {
    @usableFromInline var relationships: KeyedEncodingContainer<Key>

    @inlinable
    init(relationships: KeyedEncodingContainer<Key>) {
        self.relationships = relationships
    }

    @inlinable
    public mutating func encode<Target: Resource>(_ relationship: ToOne<Target>, forKey key: Key) throws where Target.ID: JSONAPIIdentifier {
        try relationships.encodeJSONAPI(relationship, forKey: key)
    }

    @inlinable
    public mutating func encode<Target: Resource>(_ relationship: ToMany<Target>, forKey key: Key) throws where Target.ID: JSONAPIIdentifier {
        try relationships.encodeJSONAPI(relationship, forKey: key)
    }

    @inlinable
    public mutating func encodeNullable<Target: Resource>(_ relationship: ToOne<Target>?, forKey key: Key) throws where Target.ID: JSONAPIIdentifier {
        try relationships.encodeJSONAPINullable(relationship, forKey: key)
    }

    @inlinable
    public mutating func encodeNullable<Target: Resource>(_ relationship: ToMany<Target>?, forKey key: Key) throws where Target.ID: JSONAPIIdentifier {
        try relationships.encodeJSONAPINullable(relationship, forKey: key)
    }
}
