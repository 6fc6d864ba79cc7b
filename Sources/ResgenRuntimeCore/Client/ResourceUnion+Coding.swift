/// How a ``ResourceUnion`` value is read and written: the member its type names, in the member's own
/// form.
///
/// - JSON:API: a resource object, dispatched on its `type`; a type the union does not list becomes
///   `other` with its type and id (never a decoding failure: servers add types) (`JSONAPIFormat`).
/// - Plain `Codable` form: `{"type": "books", "value": {…the member's plain form…}}`, or
///   `{"type": "podcasts", "id": "7"}` for `other`. A wrapper rather than a `type` key beside the member's
///   own keys, so a member with an attribute called `type` round-trips.
/// - HAL: the discriminator the schema names tells the member (the HAL module's `ResourceUnion+HAL.swift`).
///
/// It dispatches through the coder's ``WireFormat`` and the format's plug-in, which are the client's
/// (Client/), so it sits there rather than with ``ResourceUnion`` in Models/, below the client.
extension ResourceUnion {
    /// Decodes a value from `decoder` in the form its wire format names.
    @_spi(Generated) public init(unionFrom decoder: any Decoder) throws {
        if let format = decoder.wireFormat {
            self = try format.plugIn.decodeUnion(Self.self, from: decoder)
            return
        }
        let container = try decoder.container(keyedBy: ResourceUnionPlainKey.self)
        let type = try container.decode(String.self, forKey: .type)
        guard container.contains(.value) else {
            self = try Self.other(ResourceIdentity(type: type, id: container.decode(String.self, forKey: .id)))
            return
        }
        self = try Self.decodeMember(type, from: container.superDecoder(forKey: .value)) {
            ResourceIdentity(type: type, id: try container.decodeIfPresent(String.self, forKey: .id) ?? "")
        }
    }

    /// Encodes the member in the form the encoder's wire format names (plain: wrapped with its type).
    @_spi(Generated) public func encode(unionTo encoder: any Encoder) throws {
        let identity = id
        let member = member
        // A value of no member type, in a format that writes it its own way (a JSON:API identifier object).
        if member == nil, let format = encoder.wireFormat,
            try format.plugIn.encodeUnionIdentity(type: identity.resourceType, id: identity.wireString, to: encoder)
        {
            return
        }
        switch (encoder.wireFormat, member) {
        case (nil, let member?):
            var container = encoder.container(keyedBy: ResourceUnionPlainKey.self)
            try container.encode(identity.resourceType, forKey: .type)
            try member.encode(to: container.superEncoder(forKey: .value))
        case (_, nil):
            var container = encoder.container(keyedBy: ResourceUnionPlainKey.self)
            try container.encode(identity.resourceType, forKey: .type)
            try container.encode(identity.wireString, forKey: .id)
        case (_, let member?):
            try member.encode(to: encoder)
        }
    }

    /// The member of `type` decoded from `decoder`, or `other` with `identity()` when the union does not
    /// list `type`.
    package static func decodeMember(_ type: String, from decoder: any Decoder, identity: () throws -> ResourceIdentity) throws -> Self {
        guard let memberType = memberType(named: type) else { return try other(identity()) }
        return try decode(memberType, from: decoder)
    }

    /// A value of member type `memberType` decoded from `decoder` (in the member's own form), as the union.
    package static func decode(_ memberType: any Resource.Type, from decoder: any Decoder) throws -> Self {
        guard let value = try Self(member: memberType.init(from: decoder)) else {
            preconditionFailure("\(Self.self) lists \(memberType) but does not hold it")
        }
        return value
    }
}

/// The keys of a union value's plain `Codable` form.
enum ResourceUnionPlainKey: String, CodingKey {
    case type, value, id
}
