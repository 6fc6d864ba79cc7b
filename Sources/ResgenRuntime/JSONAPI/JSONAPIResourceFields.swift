import Foundation

/// Where a generated JSON:API resource reads its fields: the plain `Codable` form (one keyed object with
/// `id`, the attributes and the relationships) or a JSON:API resource object (`id`, `attributes`,
/// `relationships`, `links`, `meta`).
///
/// The generated model decodes both forms with one initializer, `init(jsonAPIFields:)`, instead of one
/// per form: its attribute statements read from ``attributes()`` whatever the form, and the parts that
/// differ (the id, the relationships, `links` and `meta`) are read here. Half the decoding code per
/// resource, which was the largest part of the generated code's debug compile time (issue 16).
@_spi(Generated) public struct JSONAPIResourceFields<Key: CodingKey> {
    @usableFromInline enum Form {
        case plain(KeyedDecodingContainer<Key>)
        case jsonAPI(KeyedDecodingContainer<JSONAPIResourceKey>)
    }

    @usableFromInline let form: Form

    /// The JSON:API resource object when the coder's `userInfo` says ``WireFormat/jsonapi``, else the
    /// plain form.
    @inlinable
    public init(_ decoder: any Decoder) throws {
        if decoder.wireFormat == .jsonapi {
            self.form = .jsonAPI(try decoder.container(keyedBy: JSONAPIResourceKey.self))
        } else {
            self.form = .plain(try decoder.container(keyedBy: Key.self))
        }
    }

    /// A JSON:API resource object already open (`included` decodes its members this way).
    @inlinable
    public init(jsonAPIObject: KeyedDecodingContainer<JSONAPIResourceKey>) {
        self.form = .jsonAPI(jsonAPIObject)
    }

    /// The id: the plain form's `key`, or the resource object's `id` string converted to `ID`.
    @inlinable
    public func id<ID: JSONAPIIdentifier & Decodable>(_ type: ID.Type, forKey key: Key) throws -> ID {
        switch form {
        case .plain(let container): try container.decode(ID.self, forKey: key)
        case .jsonAPI(let object): try object.decodeJSONAPIID(ID.self, forKey: .id)
        }
    }

    /// The attributes' container when the resource has a required attribute: the plain object itself, or
    /// `attributes`, which must then be there.
    @inlinable
    public func attributes() throws -> KeyedDecodingContainer<Key> {
        switch form {
        case .plain(let container): container
        case .jsonAPI(let object): try object.nestedContainer(keyedBy: Key.self, forKey: .attributes)
        }
    }

    /// The attributes' container when every attribute is optional or has a default: nil when a resource
    /// object has no `attributes`.
    @inlinable
    public func attributesIfPresent() throws -> KeyedDecodingContainer<Key>? {
        switch form {
        case .plain(let container): container
        case .jsonAPI(let object): try object.contains(.attributes) ? object.nestedContainer(keyedBy: Key.self, forKey: .attributes) : nil
        }
    }

    /// The relationships: the plain object itself, or the resource object's `relationships` (nil when
    /// absent).
    @inlinable
    public func relationships() throws -> JSONAPIResourceRelationships<Key> {
        switch form {
        case .plain(let container):
            JSONAPIResourceRelationships(form: .plain(container))
        case .jsonAPI(let object):
            JSONAPIResourceRelationships(form: .jsonAPI(try object.contains(.relationships) ? object.nestedContainer(keyedBy: Key.self, forKey: .relationships) : nil))
        }
    }

    /// The resource object's `links` and `meta`; none in the plain form.
    @inlinable
    public func extras() throws -> JSONAPIResourceExtras {
        switch form {
        case .plain: JSONAPIResourceExtras()
        case .jsonAPI(let object): try JSONAPIResourceExtras(from: object)
        }
    }
}

/// The relationships of a resource being decoded by ``JSONAPIResourceFields``, in either form: the plain
/// form's keys hold ``ToOne``/``ToMany`` in their own `Codable` form, a resource object's `relationships`
/// holds relationship objects. A relationship not sent is empty (linkage unknown) in both.
@_spi(Generated) public struct JSONAPIResourceRelationships<Key: CodingKey> {
    @usableFromInline enum Form {
        case plain(KeyedDecodingContainer<Key>)
        case jsonAPI(KeyedDecodingContainer<Key>?)
    }

    @usableFromInline let form: Form

    @inlinable
    init(form: Form) {
        self.form = form
    }

    /// A to-one relationship; empty when not sent.
    @inlinable
    public func toOne<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToOne<Target> where Target.ID: JSONAPIIdentifier {
        switch form {
        case .plain(let container): try container.decodeIfPresent(ToOne<Target>.self, forKey: key) ?? ToOne()
        case .jsonAPI(let relationships): try relationships?.decodeJSONAPIToOne(type, forKey: key) ?? ToOne()
        }
    }

    /// A to-many relationship; empty when not sent.
    @inlinable
    public func toMany<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToMany<Target> where Target.ID: JSONAPIIdentifier {
        switch form {
        case .plain(let container): try container.decodeIfPresent(ToMany<Target>.self, forKey: key) ?? ToMany()
        case .jsonAPI(let relationships): try relationships?.decodeJSONAPIToMany(type, forKey: key) ?? ToMany()
        }
    }

    /// An optional to-one relationship: in the plain form nil when the key is absent; in a resource
    /// object nil when its `data` is `null`, empty when not sent.
    @inlinable
    public func nullableToOne<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToOne<Target>? where Target.ID: JSONAPIIdentifier {
        switch form {
        case .plain(let container):
            return try container.decodeIfPresent(ToOne<Target>.self, forKey: key)
        case .jsonAPI(let relationships):
            guard let sent = try relationships?.decodeJSONAPINullableToOne(type, forKey: key) else { return ToOne() }
            return sent
        }
    }

    /// An optional to-many relationship: in the plain form nil when the key is absent; in a resource
    /// object nil when its `data` is `null`, empty when not sent.
    @inlinable
    public func nullableToMany<Target: Resource>(_ type: Target.Type, forKey key: Key) throws -> ToMany<Target>? where Target.ID: JSONAPIIdentifier {
        switch form {
        case .plain(let container):
            return try container.decodeIfPresent(ToMany<Target>.self, forKey: key)
        case .jsonAPI(let relationships):
            guard let sent = try relationships?.decodeJSONAPINullableToMany(type, forKey: key) else { return ToMany() }
            return sent
        }
    }
}

/// Where a generated JSON:API resource writes its fields: the plain `Codable` form (one keyed object with
/// `id`, every attribute, read-only ones included, and the relationships in their own `Codable` form) or
/// a JSON:API resource object (`type`, `id`, the writable attributes under `attributes`, relationship
/// objects under `relationships`). One generated `encode(jsonAPIFields:)` writes both (issue 16).
@_spi(Generated) public struct JSONAPIResourceFieldsEncoder<Key: CodingKey> {
    enum Form {
        case plain(KeyedEncodingContainer<Key>)
        case jsonAPI(KeyedEncodingContainer<JSONAPIResourceKey>)
    }

    var form: Form

    /// A resource object of `resourceType` when the coder's `userInfo` says ``WireFormat/jsonapi``, else
    /// the plain form.
    public init(_ encoder: any Encoder, resourceType: String) throws {
        self.form = encoder.wireFormat == .jsonapi
            ? try Self.resourceObject(encoder, resourceType: resourceType)
            : .plain(encoder.container(keyedBy: Key.self))
    }

    /// A resource object of `resourceType`, whatever the coder's `userInfo`.
    public init(jsonAPI encoder: any Encoder, resourceType: String) throws {
        self.form = try Self.resourceObject(encoder, resourceType: resourceType)
    }

    /// Opens a resource object and writes its `type`.
    static func resourceObject(_ encoder: any Encoder, resourceType: String) throws -> Form {
        var object = encoder.container(keyedBy: JSONAPIResourceKey.self)
        try object.encode(resourceType, forKey: .type)
        return .jsonAPI(object)
    }

    /// Whether this is the plain form, which also carries the read-only attributes.
    public var isPlain: Bool {
        if case .plain = form { true } else { false }
    }

    /// The id: under `key` in the plain form, as the `id` string of a resource object.
    public mutating func encodeID<ID: JSONAPIIdentifier & Encodable>(_ id: ID, forKey key: Key) throws {
        switch form {
        case .plain(var container): try container.encode(id, forKey: key)
        case .jsonAPI(var object): try object.encode(id.jsonAPIString, forKey: .id)
        }
    }

    /// The attributes' container: the plain object itself, or a resource object's `attributes`.
    public mutating func attributes() -> KeyedEncodingContainer<Key> {
        switch form {
        case .plain(let container): container
        case .jsonAPI(var object): object.nestedContainer(keyedBy: Key.self, forKey: .attributes)
        }
    }

    /// The relationships: the plain object itself, or a resource object's `relationships`.
    public mutating func relationships() -> JSONAPIResourceRelationshipsEncoder<Key> {
        switch form {
        case .plain(let container): JSONAPIResourceRelationshipsEncoder(form: .plain(container))
        case .jsonAPI(var object): JSONAPIResourceRelationshipsEncoder(form: .jsonAPI(object.nestedContainer(keyedBy: Key.self, forKey: .relationships)))
        }
    }
}

/// The relationships of a resource being encoded by ``JSONAPIResourceFieldsEncoder``: in their own
/// `Codable` form in the plain form, as relationship objects (`{"data": …}`, nothing when the linkage is
/// unknown) in a resource object.
@_spi(Generated) public struct JSONAPIResourceRelationshipsEncoder<Key: CodingKey> {
    enum Form {
        case plain(KeyedEncodingContainer<Key>)
        case jsonAPI(KeyedEncodingContainer<Key>)
    }

    let form: Form

    /// A to-one relationship.
    public mutating func encode<Target: Resource>(_ relationship: ToOne<Target>, forKey key: Key) throws where Target.ID: JSONAPIIdentifier {
        switch form {
        case .plain(var container): try container.encode(relationship, forKey: key)
        case .jsonAPI(var container): try container.encodeJSONAPI(relationship, forKey: key)
        }
    }

    /// A to-many relationship.
    public mutating func encode<Target: Resource>(_ relationship: ToMany<Target>, forKey key: Key) throws where Target.ID: JSONAPIIdentifier {
        switch form {
        case .plain(var container): try container.encode(relationship, forKey: key)
        case .jsonAPI(var container): try container.encodeJSONAPI(relationship, forKey: key)
        }
    }

    /// An optional to-one relationship: left out when nil in the plain form, `{"data": null}` in a
    /// resource object.
    public mutating func encodeNullable<Target: Resource>(_ relationship: ToOne<Target>?, forKey key: Key) throws where Target.ID: JSONAPIIdentifier {
        switch form {
        case .plain(var container): try container.encodeIfPresent(relationship, forKey: key)
        case .jsonAPI(var container): try container.encodeJSONAPINullable(relationship, forKey: key)
        }
    }

    /// An optional to-many relationship: left out when nil in the plain form, `{"data": []}` in a
    /// resource object.
    public mutating func encodeNullable<Target: Resource>(_ relationship: ToMany<Target>?, forKey key: Key) throws where Target.ID: JSONAPIIdentifier {
        switch form {
        case .plain(var container): try container.encodeIfPresent(relationship, forKey: key)
        case .jsonAPI(var container): try container.encodeJSONAPINullable(relationship, forKey: key)
        }
    }
}
