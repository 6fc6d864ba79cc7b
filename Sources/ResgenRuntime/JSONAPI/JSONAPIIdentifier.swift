import Foundation

/// An ID type that travels as a string in JSON:API (`"id": "42"`): `String`, `Int`, `Int32`, `Int64`
/// and `UUID` conform. Generated JSON:API resources require their ID type to conform.
public protocol JSONAPIIdentifier: Hashable, Sendable {
    /// Converts the wire string; nil when it is not a valid value of the type.
    @_spi(Generated) init?(jsonAPIString: String)
    /// The wire string.
    @_spi(Generated) var jsonAPIString: String { get }
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
    /// Decodes a JSON:API id string under `key` and converts it to `ID`.
    ///
    /// - Throws: `DecodingError.dataCorrupted` naming the path when the string is not a valid `ID`.
    @inlinable
    @_spi(Generated) public func decodeJSONAPIID<ID: JSONAPIIdentifier>(_ type: ID.Type, forKey key: Key) throws -> ID {
        let text = try decode(String.self, forKey: key)
        guard let id = ID(jsonAPIString: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "'\(text)' is not a valid \(ID.self) id")
        }
        return id
    }
}
