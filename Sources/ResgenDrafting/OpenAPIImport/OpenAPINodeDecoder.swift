import ResgenCore
import Foundation
import Yams

/// A `Decoder` over a composed Yams `Node`: what `YAMLDecoder` does, with a mapping's keys looked up in a
/// hash table instead of a scan.
///
/// `YAMLDecoder` finds a key by scanning the mapping's pairs from the end, so decoding a mapping of n keys
/// key by key takes n² comparisons of nodes: App Store Connect's 1,394 component schemas and 966 paths made
/// it the largest share of `import-openapi`'s time, and doubling a document more than doubled it. Here each
/// keyed container indexes its mapping once (the last of a repeated key wins, as in Yams), and scalars are
/// constructed by Yams' own `ScalarConstructible` conformances, so values, merge keys (`<<`), error types
/// and coding paths are those `YAMLDecoder` gives.
struct OpenAPINodeDecoder {
    var userInfo: [CodingUserInfoKey: Any] = [:]

    /// `T` decoded from `node`.
    func decode<T: Decodable>(_ type: T.Type, from node: Node) throws -> T {
        try NodeDecoding(node: node, userInfo: userInfo, codingPath: []).decodeValue(type)
    }
}

/// A mapping's pairs (merge keys expanded) and the offset of each key's value, made the first time one of
/// its keyed containers is asked for: OpenAPIKit asks several times for one value (a schema reads its
/// type, then its context, then its object context).
private final class MappingIndex {
    private var made: (pairs: [(key: Node, value: Node)], offsets: [String: Int])?
    private let mapping: Node.Mapping

    init(_ mapping: Node.Mapping) { self.mapping = mapping }

    var contents: (pairs: [(key: Node, value: Node)], offsets: [String: Int]) {
        if let made { return made }
        let pairs = NodeDecoding.flatten(mapping)
        var offsets: [String: Int] = [:]
        offsets.reserveCapacity(pairs.count)
        for (offset, pair) in pairs.enumerated() {
            if let key = pair.key.string { offsets[key] = offset }
        }
        made = (pairs, offsets)
        return (pairs, offsets)
    }
}

/// A coding key of the decoder: a mapping's key, or an index written as Yams writes it (`Index 3`).
private struct NodeCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init?(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init?(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }

    init(index: Int) {
        self.stringValue = "Index \(index)"
        self.intValue = index
    }
}

private func typeMismatch(at codingPath: [any CodingKey], expectation: Any.Type, reality: Any) -> DecodingError {
    .typeMismatch(
        expectation,
        .init(
            codingPath: codingPath,
            debugDescription: "Expected to decode \(expectation) but found \(type(of: reality)) instead."))
}

/// One value being decoded.
private struct NodeDecoding: Decoder, SingleValueDecodingContainer {
    let node: Node
    let userInfo: [CodingUserInfoKey: Any]
    let codingPath: [any CodingKey]
    /// A mapping's index, shared by its keyed containers.
    let index: MappingIndex?

    init(node: Node, userInfo: [CodingUserInfoKey: Any], codingPath: [any CodingKey]) {
        self.node = node
        self.userInfo = userInfo
        self.codingPath = codingPath
        if case .mapping(let mapping) = node { index = MappingIndex(mapping) } else { index = nil }
    }

    func child(_ node: Node, key: any CodingKey) -> NodeDecoding {
        NodeDecoding(node: node, userInfo: userInfo, codingPath: codingPath + [key])
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let index else {
            throw typeMismatch(at: codingPath, expectation: Node.Mapping.self, reality: Self.reality(node))
        }
        let (pairs, offsets) = index.contents
        return KeyedDecodingContainer(NodeKeyedContainer<Key>(decoder: self, pairs: pairs, index: offsets))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .sequence(let sequence) = node else {
            throw typeMismatch(at: codingPath, expectation: Node.Sequence.self, reality: Self.reality(node))
        }
        return NodeUnkeyedContainer(decoder: self, items: Array(sequence))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool {
        guard case .scalar(let scalar) = node else { return false }
        return NSNull.construct(from: scalar) != nil
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        guard let constructible = type as? any ScalarConstructible.Type else { return try T(from: self) }
        guard case .scalar(let scalar) = node else {
            throw typeMismatch(at: codingPath, expectation: Node.Scalar.self, reality: Self.reality(node))
        }
        guard let constructed = constructible.construct(from: scalar) else {
            throw typeMismatch(at: codingPath, expectation: constructible, reality: scalar)
        }
        guard let value = constructed as? T else {
            throw typeMismatch(at: codingPath, expectation: type, reality: constructed)
        }
        return value
    }

    /// What a mismatch names as found, as `YAMLDecoder` names it.
    static func reality(_ node: Node) -> Any {
        switch node {
        case .scalar(let scalar): return scalar
        case .mapping(let mapping): return mapping
        case .sequence(let sequence): return sequence
        case .alias(let alias): return alias
        }
    }

    /// The mapping's pairs with merge keys (`<<`) expanded as Yams expands them: the merged pairs first,
    /// then the mapping's own.
    static func flatten(_ mapping: Node.Mapping) -> [(key: Node, value: Node)] {
        var merged: [(key: Node, value: Node)] = []
        var own: [(key: Node, value: Node)] = []
        own.reserveCapacity(mapping.count)
        for pair in mapping {
            // A merge key is a plain `<<` (the resolver's tag); the tag is looked at only then.
            guard pair.key.scalar?.string == "<<", pair.key.tag.rawValue == Tag.Name.merge.rawValue else {
                own.append(pair)
                continue
            }
            switch pair.value {
            case .mapping(let inner):
                merged += flatten(inner)
            case .sequence(let sequence):
                for inner in sequence.compactMap(\.mapping).reversed() { merged += flatten(inner) }
            default:
                break
            }
        }
        return merged.isEmpty ? own : merged + own
    }
}

private struct NodeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: NodeDecoding
    let pairs: [(key: Node, value: Node)]
    /// The index of each key's value in `pairs` (the last one of a repeated key).
    let index: [String: Int]

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { pairs.compactMap { $0.key.string.flatMap(Key.init(stringValue:)) } }
    func contains(_ key: Key) -> Bool { index[key.stringValue] != nil }

    private func node(_ key: some CodingKey) throws -> NodeDecoding {
        guard let offset = index[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                .init(
                    codingPath: codingPath,
                    debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return decoder.child(pairs[offset].value, key: key)
    }

    func decodeNil(forKey key: Key) throws -> Bool { try node(key).decodeNil() }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try node(key).decodeValue(type) }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try node(key).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try node(key).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder { try node(NodeCodingKey(stringValue: "super")!) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try node(key) }
}

private struct NodeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: NodeDecoding
    let items: [Node]
    var currentIndex = 0

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next<T>(_ type: T.Type, _ body: (NodeDecoding) throws -> T) throws -> T {
        let key = NodeCodingKey(index: currentIndex)
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: codingPath + [key], debugDescription: "Unkeyed container is at end."))
        }
        let value = try body(decoder.child(items[currentIndex], key: key))
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        // A value that is not null is left for the next decode.
        let key = NodeCodingKey(index: currentIndex)
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                Any?.self, .init(codingPath: codingPath + [key], debugDescription: "Unkeyed container is at end."))
        }
        let isNil = decoder.child(items[currentIndex], key: key).decodeNil()
        if isNil { currentIndex += 1 }
        return isNil
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type) { try $0.decodeValue(type) } }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try next(KeyedDecodingContainer<NestedKey>.self) { try $0.container(keyedBy: type) }
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self) { try $0.unkeyedContainer() }
    }
    mutating func superDecoder() throws -> any Decoder { try next((any Decoder).self) { $0 } }
}
