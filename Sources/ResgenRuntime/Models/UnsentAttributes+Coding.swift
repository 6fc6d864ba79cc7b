import Foundation

/// The coding of optional attributes that keeps "not sent" apart from `null`: an absent key decodes as
/// `nil` and marks the attribute unsent; an unsent attribute is left out when encoding, while a known
/// `nil` is written as `null` (in a `PUT` it clears the value).
extension UnsentAttributes {
    /// Decodes the optional attribute `key` at `position` from `container` (nil when the resource object
    /// has no `attributes` at all): the value, or nil for `null` and for an absent key, which is marked.
    @_spi(Generated) @inlinable public mutating func decode<Key: CodingKey, Value: Decodable>(
        _ type: Value.Type, position: Int, forKey key: Key, from container: KeyedDecodingContainer<Key>?
    ) throws -> Value? {
        guard let container else {
            insert(position)
            return nil
        }
        if let value = try container.decodeIfPresent(type, forKey: key) { return value }
        if !container.contains(key) { insert(position) }
        return nil
    }

    /// Decodes the optional date attribute `key` in `format`, marking it when absent as
    /// ``decode(_:position:forKey:from:)`` does.
    @_spi(Generated) public mutating func decodeDate<Key: CodingKey>(
        position: Int, forKey key: Key, format: AttributeDateFormat, from container: KeyedDecodingContainer<Key>?
    ) throws -> Date? {
        guard let container, container.contains(key) else {
            insert(position)
            return nil
        }
        return try container.decodeDateIfPresent(forKey: key, format: format)
    }

    /// Encodes the optional attribute at `position` under `key`: nothing when it is unsent, `null` when
    /// it is a known nil.
    @_spi(Generated) @inlinable public func encode<Key: CodingKey, Value: Encodable>(
        _ value: Value?, position: Int, forKey key: Key, to container: inout KeyedEncodingContainer<Key>
    ) throws {
        guard !contains(position) else { return }
        if let value { try container.encode(value, forKey: key) } else { try container.encodeNil(forKey: key) }
    }

    /// Encodes the optional date attribute at `position` in `format`, as ``encode(_:position:forKey:to:)``
    /// does.
    @_spi(Generated) public func encodeDate<Key: CodingKey>(
        _ date: Date?, position: Int, forKey key: Key, format: AttributeDateFormat, to container: inout KeyedEncodingContainer<Key>
    ) throws {
        guard !contains(position) else { return }
        if let date { try container.encodeDate(date, forKey: key, format: format) } else { try container.encodeNil(forKey: key) }
    }
}
