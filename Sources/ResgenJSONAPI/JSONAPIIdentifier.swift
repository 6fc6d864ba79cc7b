import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// An ID type that travels as a string in JSON:API (`"id": "42"`): the core's ``WireIdentifier``, by the
/// name it had when the core declared it. `String`, `Int`, `Int32`, `Int64` and `UUID` conform.
public typealias JSONAPIIdentifier = WireIdentifier

/// A resource object or resource identifier whose `type` the schema does not allow where it stands: the
/// core's ``ResourceTypeMismatch``, by the name it had when the core declared it
/// (``ClientError/jsonAPITypeMismatch`` reads it from a decoding error).
public typealias JSONAPITypeMismatch = ResourceTypeMismatch

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
    @_spi(Generated) public func decodeJSONAPIID<ID: WireIdentifier>(_ type: ID.Type, forKey key: Key) throws -> ID {
        let text = try decodeJSONAPIIDText(forKey: key)
        guard let id = ID(wireString: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "'\(text)' is not a valid \(ID.self) id")
        }
        return id
    }
}
