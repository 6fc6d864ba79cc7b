/// Turns an `Encodable` render context into the tree Mustache walks: `[String: Any]` for objects,
/// `[Any]` for arrays, `String` and `Bool` for leaves.
///
/// Dictionaries conform to `MustacheParent`, so lookups are hash lookups rather than Mirror
/// reflection (about 4× faster to render), and the keys templates see are exactly the property names
/// of the context types — the same keys `resgen dump-context` prints.
enum TreeEncoder {
    static func encode(_ value: some Encodable) throws -> Any {
        let encoder = NodeEncoder()
        try value.encode(to: encoder)
        return encoder.storage.value
    }
}

/// A mutable box for one node, so nested containers can write into their parent's slot.
private final class Slot {
    var value: Any = [String: Any]()
}

private final class NodeEncoder: Encoder {
    let storage: Slot
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    init(storage: Slot = Slot()) { self.storage = storage }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if !(storage.value is [String: Any]) { storage.value = [String: Any]() }
        return KeyedEncodingContainer(KeyedNode<Key>(slot: storage))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        storage.value = [Any]()
        return UnkeyedNode(slot: storage)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleNode(slot: storage) }
}

/// Encodes a nested value into a fresh slot and returns what it became.
private func encodeNested(_ value: some Encodable) throws -> Any {
    if let string = value as? String { return string }
    if let bool = value as? Bool { return bool }
    let slot = Slot()
    try value.encode(to: NodeEncoder(storage: slot))
    return slot.value
}

private struct KeyedNode<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: Slot
    var codingPath: [any CodingKey] = []

    private func set(_ value: Any, _ key: Key) {
        var dictionary = slot.value as? [String: Any] ?? [:]
        dictionary[key.stringValue] = value
        slot.value = dictionary
    }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(value, key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { set(try encodeNested(value), key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        preconditionFailure("render contexts do not use nested containers")
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        preconditionFailure("render contexts do not use nested containers")
    }

    mutating func superEncoder() -> any Encoder { preconditionFailure("render contexts do not use super encoders") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { preconditionFailure("render contexts do not use super encoders") }
}

private struct UnkeyedNode: UnkeyedEncodingContainer {
    let slot: Slot
    var codingPath: [any CodingKey] = []
    var count: Int { (slot.value as? [Any])?.count ?? 0 }

    private func append(_ value: Any) {
        var array = slot.value as? [Any] ?? []
        array.append(value)
        slot.value = array
    }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: Bool) throws { append(value) }
    mutating func encode(_ value: String) throws { append(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { append(try encodeNested(value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        preconditionFailure("render contexts do not use nested containers")
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { preconditionFailure("render contexts do not use nested containers") }
    mutating func superEncoder() -> any Encoder { preconditionFailure("render contexts do not use super encoders") }
}

private struct SingleNode: SingleValueEncodingContainer {
    let slot: Slot
    var codingPath: [any CodingKey] = []

    mutating func encodeNil() throws {}
    mutating func encode(_ value: Bool) throws { slot.value = value }
    mutating func encode(_ value: String) throws { slot.value = value }
    mutating func encode<T: Encodable>(_ value: T) throws { slot.value = try encodeNested(value) }
}
