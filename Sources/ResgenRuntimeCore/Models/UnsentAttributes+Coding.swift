import Foundation

/// The coding of optional attributes that keeps "not sent" apart from `null`: an absent key decodes as
/// `nil` and marks the attribute unsent; an unsent attribute is left out when encoding, while a known
/// `nil` is written as `null` (in a `PUT` it clears the value).
extension UnsentAttributes {
    /// Returns `value`, the optional attribute at `position` as the container decoded it, and marks the
    /// attribute unsent when it is nil and `isAbsent` says its key is absent (or the whole `attributes`
    /// member is). `null` stays a known nil.
    ///
    /// Generated code decodes the value itself, with the container's concrete `decodeIfPresent` (a
    /// generic call here would miss the decoders' fast paths for strings and numbers), and asks for the
    /// key only when the value is nil, so a present value costs nothing more.
    @_spi(Generated) @inlinable public mutating func note<Value>(
        _ value: Value?, position: Int, isAbsent: @autoclosure () -> Bool
    ) -> Value? {
        if value == nil, isAbsent() { insert(position) }
        return value
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
