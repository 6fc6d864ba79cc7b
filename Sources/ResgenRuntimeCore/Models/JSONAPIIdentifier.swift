import Foundation

/// An ID type that travels as a string in JSON:API (`"id": "42"`): `String`, `Int`, `Int32`, `Int64`
/// and `UUID` conform. Generated JSON:API resources require their ID type to conform.
public protocol JSONAPIIdentifier: Hashable, Sendable {
    /// Converts the wire string; nil when it is not a valid value of the type.
    @_spi(Generated) init?(jsonAPIString: String)
    /// The wire string.
    @_spi(Generated) var jsonAPIString: String { get }

    /// The id a resource identifier (linkage) gives for a relationship whose targets are of the `allowed`
    /// types: by default `id` converted, once `type` is allowed; a union's identifier reads any `type`
    /// (``ResourceUnionID``).
    ///
    /// - Parameter codingPath: The identifier's coding path, built only for an error.
    /// - Throws: `DecodingError.dataCorrupted` at the identifier's `type` carrying a
    ///   ``JSONAPITypeMismatch``, or at its `id` when that is not a valid id.
    @_spi(Generated) static func jsonAPIID(type: String, id: String, allowed: some Collection<String>, codingPath: @autoclosure () -> [any CodingKey]) throws -> Self

    /// The `type` a resource identifier with this id is written with, for a relationship whose target type
    /// is `resourceType`: that type, except for a union's identifier, which names its member's.
    @_spi(Generated) func jsonAPIType(target resourceType: String) -> String
}

extension JSONAPIIdentifier {
    @_spi(Generated) @inlinable
    public static func jsonAPIID(type: String, id: String, allowed: some Collection<String>, codingPath: @autoclosure () -> [any CodingKey]) throws -> Self {
        try JSONAPITypeMismatch.check(type, allowed: allowed, codingPath: codingPath() + [JSONAPIResourceKey.type])
        guard let converted = Self(jsonAPIString: id) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath() + [JSONAPIResourceKey.id], debugDescription: "'\(id)' is not a valid \(Self.self) id"))
        }
        return converted
    }

    @_spi(Generated) @inlinable public func jsonAPIType(target resourceType: String) -> String { resourceType }
}

extension String: JSONAPIIdentifier {
    @_spi(Generated) @inlinable public init?(jsonAPIString: String) { self = jsonAPIString }
    @_spi(Generated) @inlinable public var jsonAPIString: String { self }
}

extension Int: JSONAPIIdentifier {
    @_spi(Generated) @inlinable public init?(jsonAPIString: String) { self.init(jsonAPIString, radix: 10) }
    @_spi(Generated) @inlinable public var jsonAPIString: String { String(self) }
}

extension Int32: JSONAPIIdentifier {
    @_spi(Generated) @inlinable public init?(jsonAPIString: String) { self.init(jsonAPIString, radix: 10) }
    @_spi(Generated) @inlinable public var jsonAPIString: String { String(self) }
}

extension Int64: JSONAPIIdentifier {
    @_spi(Generated) @inlinable public init?(jsonAPIString: String) { self.init(jsonAPIString, radix: 10) }
    @_spi(Generated) @inlinable public var jsonAPIString: String { String(self) }
}

extension UUID: JSONAPIIdentifier {
    @_spi(Generated) @inlinable public init?(jsonAPIString: String) { self.init(uuidString: jsonAPIString) }
    /// Lowercase, as most servers write UUIDs.
    @_spi(Generated) @inlinable public var jsonAPIString: String { uuidString.lowercased() }
}

extension KeyedDecodingContainer {
    /// The JSON:API id under `key` as the wire writes it: a string, or an integral JSON number (`"id": 1`),
    /// which some servers write although the specification says strings; it is unambiguous, so it is read
    /// as its decimal text. Anything else is the string's decoding error.
    @inlinable
    package func decodeJSONAPIIDText(forKey key: Key) throws -> String {
        do {
            return try decode(String.self, forKey: key)
        } catch let error as DecodingError {
            guard case .typeMismatch = error, let number = try? decode(Int64.self, forKey: key) else { throw error }
            return String(number)
        }
    }

    /// Decodes a JSON:API id string under `key` and converts it to `ID`.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the path when the string is not a valid `ID`.
    @inlinable
    @_spi(Generated) public func decodeJSONAPIID<ID: JSONAPIIdentifier>(_ type: ID.Type, forKey key: Key) throws -> ID {
        let text = try decodeJSONAPIIDText(forKey: key)
        guard let id = ID(jsonAPIString: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "'\(text)' is not a valid \(ID.self) id")
        }
        return id
    }
}
