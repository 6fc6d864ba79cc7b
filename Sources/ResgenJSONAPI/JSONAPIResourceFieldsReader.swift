import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// Where a generated JSON:API resource reads its fields: the plain `Codable` form
/// (``JSONAPIPlainFieldsReader``: one keyed object with `id`, the attributes and the relationships) or a
/// JSON:API resource object (``JSONAPIObjectFieldsReader``: `id`, `attributes`, `relationships`, `links`,
/// `meta`).
///
/// The generated model decodes both forms with one generic initializer, `init(jsonAPIFields:)`, instead
/// of one per form: half the decoding code per resource, which was the largest part of the generated
/// code's debug compile time (issue 16). Its attribute statements read from ``attributes()`` whatever
/// the form; the parts that differ (the id, the relationships, `links` and `meta`) are read here.
///
/// Each form is its own type holding its one container, rather than one type switching over an enum
/// of both: an optimised build specialises the initializer per form, so decoding does no work to find
/// out which form it is reading, and no generic enum of resilient containers is built per resource
/// (measured: that enum cost JSON:API decoding 8.5% more instructions).
@_spi(Generated) public protocol JSONAPIResourceFieldsReader<Key> {
    /// The model's coding keys.
    associatedtype Key: CodingKey
    /// How this form holds the relationships.
    associatedtype Relationships: JSONAPIResourceRelationshipsReader where Relationships.Key == Key

    /// The id: the plain form's `key`, or the resource object's `id` string converted to `ID`.
    func id<ID: JSONAPIIdentifier & Decodable>(_ type: ID.Type, forKey key: Key) throws -> ID

    /// The attributes' container when the resource has a required attribute: the plain object itself,
    /// or `attributes`, which must then be there.
    func attributes() throws -> KeyedDecodingContainer<Key>

    /// The attributes' container when every attribute is optional or has a default: nil when a
    /// resource object has no `attributes`.
    func attributesIfPresent() throws -> KeyedDecodingContainer<Key>?

    /// The relationships: the plain object itself, or the resource object's `relationships`.
    func relationships() throws -> Relationships

    /// The resource object's `links` and `meta`; none in the plain form.
    func extras() throws -> JSONAPIResourceExtras

    /// The resource object's `meta` decoded as the type the schema declares (`meta:`); nil when absent,
    /// and in the plain form.
    func meta<Meta: Decodable & Sendable>(_ type: Meta.Type) throws -> Meta?
}

/// The relationships of a resource being decoded, in either form. A relationship not sent is empty
/// (linkage unknown) in both.
@_spi(Generated) public protocol JSONAPIResourceRelationshipsReader<Key> {
    /// The model's coding keys.
    associatedtype Key: CodingKey

    /// A to-one relationship; empty when not sent.
    func toOne<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToOne<Target> where Target.ID: JSONAPIIdentifier

    /// A to-many relationship; empty when not sent.
    func toMany<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToMany<Target> where Target.ID: JSONAPIIdentifier

    /// An optional to-one relationship: in the plain form nil when the key is absent; in a resource
    /// object nil when its `data` is `null`, empty when not sent.
    func nullableToOne<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToOne<Target>? where Target.ID: JSONAPIIdentifier

    /// An optional to-many relationship: in the plain form nil when the key is absent; in a resource
    /// object nil when its `data` is `null`, empty when not sent.
    func nullableToMany<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToMany<Target>? where Target.ID: JSONAPIIdentifier

    /// A relationship object's `meta` decoded as the type the schema declares (the relationship's
    /// `meta:`); nil when absent, and in the plain form.
    func meta<Meta: Decodable & Sendable>(_ type: Meta.Type, forKey key: Key) throws -> Meta?

    /// A to-one relationship of a `Sparse` twin: nil when the document does not carry it (a sparse
    /// fieldset left it out); a relationship object's `data: null` reads as a relationship without an id.
    func toOneIfPresent<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToOne<Target>? where Target.ID: JSONAPIIdentifier

    /// A to-many relationship of a `Sparse` twin: nil when the document does not carry it.
    func toManyIfPresent<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToMany<Target>? where Target.ID: JSONAPIIdentifier

    /// A to-one relationship whose server writes its linkage only when it was included (the schema's
    /// `linkage: whenIncluded`): in a resource object, `data: null` reads as unknown (the relationship
    /// with its links and no id), never as "none"; in the plain form nil when the key is absent.
    func toOneLinkageWhenIncluded<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToOne<Target>? where Target.ID: JSONAPIIdentifier

    /// A to-many relationship whose server writes its linkage only when it was included: in a resource
    /// object, `data: []` or `null` reads as unknown (``ToMany/ids`` nil, links kept); in the plain form
    /// nil when the key is absent.
    func toManyLinkageWhenIncluded<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToMany<Target>? where Target.ID: JSONAPIIdentifier
}

/// The plain `Codable` form: one keyed object holding `id`, the attributes and the relationships (in
/// ``ToOne``/``ToMany``'s own `Codable` form).
@_spi(Generated) public struct JSONAPIPlainFieldsReader<Key: CodingKey>: JSONAPIResourceFieldsReader, JSONAPIResourceRelationshipsReader {
    @usableFromInline let container: KeyedDecodingContainer<Key>

    /// Opens the decoder's keyed object.
    @inlinable
    public init(_ decoder: any Decoder) throws {
        self.container = try decoder.container(keyedBy: Key.self)
    }

    @inlinable
    public func id<ID: JSONAPIIdentifier & Decodable>(_ type: ID.Type, forKey key: Key) throws -> ID {
        try container.decode(ID.self, forKey: key)
    }

    @inlinable
    public func attributes() throws -> KeyedDecodingContainer<Key> { container }

    @inlinable
    public func attributesIfPresent() throws -> KeyedDecodingContainer<Key>? { container }

    @inlinable
    public func relationships() throws -> Self { self }

    @inlinable
    public func extras() throws -> JSONAPIResourceExtras { JSONAPIResourceExtras() }

    @inlinable
    public func meta<Meta: Decodable & Sendable>(_ type: Meta.Type) throws -> Meta? { nil }

    @inlinable
    public func meta<Meta: Decodable & Sendable>(_ type: Meta.Type, forKey key: Key) throws -> Meta? { nil }

    @inlinable
    public func toOne<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToOne<Target> where Target.ID: JSONAPIIdentifier {
        try container.decodeIfPresent(ToOne<Target>.self, forKey: key) ?? ToOne()
    }

    @inlinable
    public func toMany<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToMany<Target> where Target.ID: JSONAPIIdentifier {
        try container.decodeIfPresent(ToMany<Target>.self, forKey: key) ?? ToMany()
    }

    @inlinable
    public func nullableToOne<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToOne<Target>? where Target.ID: JSONAPIIdentifier {
        try container.decodeIfPresent(ToOne<Target>.self, forKey: key)
    }

    @inlinable
    public func nullableToMany<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToMany<Target>? where Target.ID: JSONAPIIdentifier {
        try container.decodeIfPresent(ToMany<Target>.self, forKey: key)
    }

    @inlinable
    public func toOneIfPresent<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToOne<Target>? where Target.ID: JSONAPIIdentifier {
        try container.decodeIfPresent(ToOne<Target>.self, forKey: key)
    }

    @inlinable
    public func toManyIfPresent<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToMany<Target>? where Target.ID: JSONAPIIdentifier {
        try container.decodeIfPresent(ToMany<Target>.self, forKey: key)
    }

    /// The plain form has no linkage to be empty: as ``nullableToOne(_:forKey:)``.
    @inlinable
    public func toOneLinkageWhenIncluded<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToOne<Target>? where Target.ID: JSONAPIIdentifier {
        try nullableToOne(type, forKey: key)
    }

    /// The plain form has no linkage to be empty: as ``nullableToMany(_:forKey:)``.
    @inlinable
    public func toManyLinkageWhenIncluded<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToMany<Target>? where Target.ID: JSONAPIIdentifier {
        try nullableToMany(type, forKey: key)
    }
}

/// A JSON:API resource object: `type`, `id` (a string), `attributes`, `relationships` (relationship
/// objects), `links` and `meta`.
@_spi(Generated) public struct JSONAPIObjectFieldsReader<Key: CodingKey>: JSONAPIResourceFieldsReader {
    @usableFromInline let object: KeyedDecodingContainer<JSONAPIResourceKey>

    /// Opens the decoder's resource object and checks that its `type` is `resourceType`, the decoding
    /// model's: what a generated model's `init(from:)` reads primary data, request responses and atomic
    /// results with.
    ///
    /// - Throws: `DecodingError.keyNotFound` without a `type`; `DecodingError.dataCorrupted` carrying a
    ///   ``JSONAPITypeMismatch`` when it is another type.
    @inlinable
    public init(_ decoder: any Decoder, resourceType: String) throws {
        self.object = try decoder.container(keyedBy: JSONAPIResourceKey.self)
        try object.decodeJSONAPIType(allowing: resourceType)
    }

    /// Opens the decoder's resource object without reading its `type`: what code generated before the
    /// type check calls (it then reads another type's object as this one; regenerate it).
    @inlinable
    public init(_ decoder: any Decoder) throws {
        self.object = try decoder.container(keyedBy: JSONAPIResourceKey.self)
    }

    /// A resource object already open, its `type` already checked by the caller (`included` chooses the
    /// model by `type`).
    @inlinable
    public init(jsonAPIObject: KeyedDecodingContainer<JSONAPIResourceKey>) {
        self.object = jsonAPIObject
    }

    @inlinable
    public func id<ID: JSONAPIIdentifier & Decodable>(_ type: ID.Type, forKey key: Key) throws -> ID {
        try object.decodeJSONAPIID(ID.self, forKey: .id)
    }

    @inlinable
    public func attributes() throws -> KeyedDecodingContainer<Key> {
        try object.nestedContainer(keyedBy: Key.self, forKey: .attributes)
    }

    @inlinable
    public func attributesIfPresent() throws -> KeyedDecodingContainer<Key>? {
        try member(.attributes)
    }

    /// The relationships: read from the tape when the tape decoder is reading the document
    /// (`JSONAPITapeRelationships`), else through a container.
    @inlinable
    public func relationships() throws -> JSONAPIObjectRelationshipsReader<Key> {
        guard object.contains(.relationships) else { return JSONAPIObjectRelationshipsReader() }
        if let tape = JSONAPITapeRelationships(in: object) { return JSONAPIObjectRelationshipsReader(tape: tape) }
        return JSONAPIObjectRelationshipsReader(container: try object.nestedContainer(keyedBy: Key.self, forKey: .relationships))
    }

    /// The object's `attributes` keyed by the model's keys; nil when the object has none.
    @inlinable
    func member(_ key: JSONAPIResourceKey) throws -> KeyedDecodingContainer<Key>? {
        try object.contains(key) ? object.nestedContainer(keyedBy: Key.self, forKey: key) : nil
    }

    @inlinable
    public func extras() throws -> JSONAPIResourceExtras {
        try JSONAPIResourceExtras(from: object)
    }

    @inlinable
    public func meta<Meta: Decodable & Sendable>(_ type: Meta.Type) throws -> Meta? {
        try object.decodeIfPresent(Meta.self, forKey: .meta)
    }
}

/// A resource object's `relationships`: relationship objects (`data`, `links`, `meta`), read from the
/// tape (`tape`) or through a container (`relationships`, nil when the object has none).
///
/// The container is held in a class (``JSONAPIRelationshipsContainer``), so that this struct's layout is
/// known when it is compiled: `KeyedDecodingContainer` is a resilient type of the standard library, and a
/// `KeyedDecodingContainer<Key>?` stored here made every reader built for a resource object (the tape's,
/// which holds no container, too) ask the runtime for that Optional's metadata and copy and destroy it
/// through value witnesses (measured: 5.7 M of the JSON:API benchmark's 290 M instructions). For the same
/// reason no `KeyedDecodingContainer<Key>?` is made on the way to the tape: each method reads the tape
/// first, and the container only in its own branch.
@_spi(Generated) public struct JSONAPIObjectRelationshipsReader<Key: CodingKey>: JSONAPIResourceRelationshipsReader {
    @usableFromInline let container: JSONAPIRelationshipsContainer<Key>?
    @usableFromInline let tape: JSONAPITapeRelationships?

    /// A resource object without `relationships`: every relationship is empty.
    @inlinable
    init() {
        self.container = nil
        self.tape = nil
    }

    @inlinable
    init(container: KeyedDecodingContainer<Key>) {
        self.container = JSONAPIRelationshipsContainer(container)
        self.tape = nil
    }

    @inlinable
    init(tape: JSONAPITapeRelationships) {
        self.container = nil
        self.tape = tape
    }

    @inlinable
    public func toOne<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToOne<Target> where Target.ID: JSONAPIIdentifier {
        if let tape { return try tape.relationship(key, isToMany: false)?.toOne(type).relationship ?? ToOne() }
        guard let container else { return ToOne() }
        return try container.container.decodeJSONAPIToOne(type, forKey: key) ?? ToOne()
    }

    @inlinable
    public func toMany<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToMany<Target> where Target.ID: JSONAPIIdentifier {
        if let tape { return try tape.relationship(key, isToMany: true)?.toMany(type, nullIsNil: false) ?? ToMany() }
        guard let container else { return ToMany() }
        return try container.container.decodeJSONAPIToMany(type, forKey: key) ?? ToMany()
    }

    @inlinable
    public func nullableToOne<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToOne<Target>? where Target.ID: JSONAPIIdentifier {
        if let tape {
            guard let sent = try tape.relationship(key, isToMany: false)?.toOne(type) else { return ToOne() }
            return sent.isNull ? nil : sent.relationship
        }
        // Absent: empty; `null`: nil.
        guard let container, let sent = try container.container.decodeJSONAPINullableToOne(type, forKey: key) else { return ToOne() }
        return sent
    }

    @inlinable
    public func nullableToMany<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToMany<Target>? where Target.ID: JSONAPIIdentifier {
        if let tape {
            guard let sent = try tape.relationship(key, isToMany: true) else { return ToMany() }
            return try sent.toMany(type, nullIsNil: true)
        }
        // Absent: empty; `null`: nil.
        guard let container, let sent = try container.container.decodeJSONAPINullableToMany(type, forKey: key) else { return ToMany() }
        return sent
    }

    @inlinable
    public func toOneIfPresent<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToOne<Target>? where Target.ID: JSONAPIIdentifier {
        if let tape { return try tape.relationship(key, isToMany: false)?.toOne(type).relationship }
        return try container?.container.decodeJSONAPIToOne(type, forKey: key)
    }

    @inlinable
    public func toManyIfPresent<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToMany<Target>? where Target.ID: JSONAPIIdentifier {
        if let tape { return try tape.relationship(key, isToMany: true)?.toMany(type, nullIsNil: false) }
        return try container?.container.decodeJSONAPIToMany(type, forKey: key)
    }

    @inlinable
    public func toOneLinkageWhenIncluded<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToOne<Target>? where Target.ID: JSONAPIIdentifier {
        // `null` keeps the relationship (its links) without an id: the server did not say.
        if let tape { return try tape.relationship(key, isToMany: false)?.toOne(type).relationship ?? ToOne() }
        guard let container else { return ToOne() }
        return try container.container.decodeJSONAPIToOneLinkage(type, forKey: key)?.relationship ?? ToOne()
    }

    @inlinable
    public func toManyLinkageWhenIncluded<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToMany<Target>? where Target.ID: JSONAPIIdentifier {
        var relationship = try toMany(type, forKey: key)
        // `[]` (or `null`) is what the server writes for a relationship it did not include.
        if relationship.ids?.isEmpty == true { relationship.ids = nil }
        return relationship
    }

    @inlinable
    public func meta<Meta: Decodable & Sendable>(_ type: Meta.Type, forKey key: Key) throws -> Meta? {
        if let tape { return try tape.meta(type, forKey: key) }
        guard let relationships = container?.container, relationships.contains(key) else { return nil }
        let object = try relationships.nestedContainer(keyedBy: JSONAPIRelationshipKey.self, forKey: key)
        return try object.decodeIfPresent(Meta.self, forKey: .meta)
    }
}

/// The container ``JSONAPIObjectRelationshipsReader`` reads relationships through, in a class of fixed
/// layout (see there).
@usableFromInline final class JSONAPIRelationshipsContainer<Key: CodingKey> {
    @usableFromInline let container: KeyedDecodingContainer<Key>

    @inlinable
    init(_ container: KeyedDecodingContainer<Key>) {
        self.container = container
    }
}
