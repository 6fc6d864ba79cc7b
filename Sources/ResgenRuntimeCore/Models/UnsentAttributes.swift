/// The optional attributes of a decoded model that the server did not send: "not sent" is neither a
/// value nor `null`.
///
/// A JSON:API server may send a subset of the attributes (fastapi-jsonapi, a default fieldset), so an
/// absent optional attribute reads as `nil` but is *unknown*. Generated models keep this record beside
/// their properties: decoding marks each optional attribute whose key is absent (`null` is a known
/// `nil`); assigning the property marks it known again, so `book.subtitle = nil` after a response
/// without `subtitle` is an explicit clear that `changes(since:)` sends. Values created in code know
/// every attribute.
///
/// Each optional attribute has a fixed position (its index among the model's optional attributes). The
/// record is wire metadata, not part of the value: every record is equal to every other and hashes to
/// nothing, so models compare and hash by their values alone.
public struct UnsentAttributes: Hashable, Sendable {
    /// Positions 0–63, one bit each: a model rarely has more optional attributes.
    @usableFromInline var bits: UInt64 = 0
    /// Positions from 64 on.
    @usableFromInline var more: Set<Int> = []

    /// Creates a record in which every attribute is known.
    @inlinable public init() {}

    /// Whether nothing is unknown.
    @inlinable public var isEmpty: Bool { bits == 0 && more.isEmpty }

    /// Whether the attribute at `position` was not sent (and not set since).
    @_spi(Generated) @inlinable public func contains(_ position: Int) -> Bool {
        position < 64 ? bits & (1 << UInt64(position)) != 0 : more.contains(position)
    }

    /// Marks the attribute at `position` as not sent.
    @_spi(Generated) @inlinable public mutating func insert(_ position: Int) {
        if position < 64 { bits |= 1 << UInt64(position) } else { more.insert(position) }
    }

    /// Marks the attribute at `position` as known: its property was assigned.
    @_spi(Generated) @inlinable public mutating func remove(_ position: Int) {
        if position < 64 { bits &= ~(1 << UInt64(position)) } else if !more.isEmpty { more.remove(position) }
    }

    /// Whether the attribute `key` is known, `keys` being the model's optional attributes in position
    /// order; any other key is always known.
    @_spi(Generated) public func isKnown<Key: Equatable>(_ key: Key, among keys: [Key]) -> Bool {
        guard let position = keys.firstIndex(of: key) else { return true }
        return !contains(position)
    }

    /// Whether `changes(since:)` sends the attribute at `position`: it is known in the new value and
    /// either unknown in the old one (`old` then holds nothing the server has) or different.
    @_spi(Generated) @inlinable public func changed<Value: Equatable>(
        _ value: Value, since old: Value, in oldRecord: UnsentAttributes, position: Int
    ) -> Bool {
        !contains(position) && (oldRecord.contains(position) || value != old)
    }

    /// Always true: the record is wire metadata, not part of a model's value.
    @inlinable public static func == (lhs: UnsentAttributes, rhs: UnsentAttributes) -> Bool { true }

    /// Adds nothing, as equality ignores the record.
    @inlinable public func hash(into hasher: inout Hasher) {}
}
