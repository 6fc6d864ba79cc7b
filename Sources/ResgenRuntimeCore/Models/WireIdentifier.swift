import Foundation

/// An ID type that travels as a string on the wire (`"id": "42"` in JSON:API; a union's member id in any
/// format): `String`, `Int`, `Int32`, `Int64` and `UUID` conform. Generated resources require their ID
/// type to conform. (`JSONAPIIdentifier`, in the JSON:API module, is this protocol's former name.)
public protocol WireIdentifier: Hashable, Sendable {
    /// Converts the wire string; nil when it is not a valid value of the type.
    @_spi(Generated) init?(wireString: String)
    /// The wire string.
    @_spi(Generated) var wireString: String { get }

    /// The id a resource identifier (a resource's `type` and `id`) gives for a relationship whose targets
    /// are of the `allowed` types: by default `id` converted, once `type` is allowed; a union's identifier
    /// reads any `type` (``ResourceUnionID``).
    ///
    /// - Parameter codingPath: The identifier's coding path, built only for an error.
    /// - Throws: `DecodingError.dataCorrupted` at the identifier's `type` carrying a
    ///   ``ResourceTypeMismatch``, or at its `id` when that is not a valid id.
    @_spi(Generated) static func identifier(type: String, id: String, allowed: some Collection<String>, codingPath: @autoclosure () -> [any CodingKey]) throws -> Self

    /// The `type` a resource identifier with this id is written with, for a relationship whose target type
    /// is `resourceType`: that type, except for a union's identifier, which names its member's.
    @_spi(Generated) func wireType(target resourceType: String) -> String
}

extension WireIdentifier {
    @_spi(Generated) @inlinable
    public static func identifier(type: String, id: String, allowed: some Collection<String>, codingPath: @autoclosure () -> [any CodingKey]) throws -> Self {
        try ResourceTypeMismatch.check(type, allowed: allowed, codingPath: codingPath() + [ResourceIdentifierKey.type])
        guard let converted = Self(wireString: id) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath() + [ResourceIdentifierKey.id], debugDescription: "'\(id)' is not a valid \(Self.self) id"))
        }
        return converted
    }

    @_spi(Generated) @inlinable public func wireType(target resourceType: String) -> String { resourceType }
}

/// The members of a resource identifier that its errors name in their coding paths (and a union
/// identifier's plain `Codable` form).
@usableFromInline enum ResourceIdentifierKey: String, CodingKey {
    case type, id
}

extension String: WireIdentifier {
    @_spi(Generated) @inlinable public init?(wireString: String) { self = wireString }
    @_spi(Generated) @inlinable public var wireString: String { self }
}

extension Int: WireIdentifier {
    @_spi(Generated) @inlinable public init?(wireString: String) { self.init(wireString, radix: 10) }
    @_spi(Generated) @inlinable public var wireString: String { String(self) }
}

extension Int32: WireIdentifier {
    @_spi(Generated) @inlinable public init?(wireString: String) { self.init(wireString, radix: 10) }
    @_spi(Generated) @inlinable public var wireString: String { String(self) }
}

extension Int64: WireIdentifier {
    @_spi(Generated) @inlinable public init?(wireString: String) { self.init(wireString, radix: 10) }
    @_spi(Generated) @inlinable public var wireString: String { String(self) }
}

extension UUID: WireIdentifier {
    @_spi(Generated) @inlinable public init?(wireString: String) { self.init(uuidString: wireString) }
    /// Lowercase, as most servers write UUIDs.
    @_spi(Generated) @inlinable public var wireString: String { uuidString.lowercased() }
}
