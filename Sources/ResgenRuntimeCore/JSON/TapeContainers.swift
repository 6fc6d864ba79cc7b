import Foundation

/// A JSON object read through ``TapeDecoder``: keys are found by walking the object's members with no
/// dictionary built per object, compared as JSONDecoder's dictionary compares them (`String` equality,
/// plain ASCII byte by byte); the first of equal keys wins, as with JSONDecoder.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    package let decoder: TapeDecoder
    /// The object's node.
    package let object: Int
    package let path: CodingPathNode
    /// For objects of more than ``indexedCount`` members: each key's first value node, so that reading
    /// every key of a large object (a `[String: T]`) is not quadratic.
    private let index: [String: Int]?

    static var indexedCount: Int { 16 }

    package init(decoder: TapeDecoder, object: Int, path: CodingPathNode) {
        self.decoder = decoder
        self.object = object
        self.path = path
        let tape = decoder.tape
        let count = tape.nodes[object].count
        guard count > Self.indexedCount else {
            index = nil
            return
        }
        var index: [String: Int] = [:]
        index.reserveCapacity(count)
        // A key that does not decode (it cannot: the parser checked it) is simply not found.
        for (key, value) in tape.members(of: object) {
            if let name = try? tape.string(at: key), index[name] == nil { index[name] = value }
        }
        self.index = index
    }

    package var codingPath: [any CodingKey] { path.keys }

    /// Each distinct key once, in document order.
    package var allKeys: [Key] {
        let tape = decoder.tape
        var seen: Set<String> = []
        return tape.members(of: object).compactMap { member in
            guard let name = try? tape.string(at: member.key), seen.insert(name).inserted else { return nil }
            return Key(stringValue: name)
        }
    }

    /// The value node of the member named `name`, if the object has it.
    @inline(__always)
    func valueIndex(named name: String) -> Int? {
        if let index { return index[name] }
        return decoder.tape.value(in: object, named: name)
    }

    func valueIndex(_ key: Key) -> Int? { valueIndex(named: key.stringValue) }

    package func value(_ key: Key) throws -> Int {
        guard let index = valueIndex(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return index
    }

    /// The value node of `key` unless it is absent or `null`; an absent key is remembered for ``contains(_:)``.
    func presentValue(_ key: Key) -> Int? {
        let name = key.stringValue
        guard let index = valueIndex(named: name) else {
            decoder.document.absentKey = (object, name)
            return nil
        }
        return decoder.tape.nodes[index].kind == .null ? nil : index
    }

    package func contains(_ key: Key) -> Bool {
        let name = key.stringValue
        let absent = decoder.document.absentKey
        if absent.object == object, absent.name == name { return false }
        return valueIndex(named: name) != nil
    }

    package func decodeNil(forKey key: Key) throws -> Bool { decoder.tape.nodes[try value(key)].kind == .null }

    package func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder.unwrapBool(value(key), path: path, key: key) }
    package func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder.unwrapString(value(key), path: path, key: key) }
    package func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder.unwrapFloat(value(key), as: type, path: path, key: key) }
    package func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder.unwrapFloat(value(key), as: type, path: path, key: key) }
    package func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder.unwrapInteger(value(key), as: type, path: path, key: key) }
    package func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder.unwrapInteger(value(key), as: type, path: path, key: key) }
    package func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder.unwrapInteger(value(key), as: type, path: path, key: key) }
    package func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder.unwrapInteger(value(key), as: type, path: path, key: key) }
    package func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder.unwrapInteger(value(key), as: type, path: path, key: key) }
    package func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder.unwrapInteger(value(key), as: type, path: path, key: key) }
    package func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder.unwrapInteger(value(key), as: type, path: path, key: key) }
    package func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder.unwrapInteger(value(key), as: type, path: path, key: key) }
    package func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder.unwrapInteger(value(key), as: type, path: path, key: key) }
    package func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder.unwrapInteger(value(key), as: type, path: path, key: key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    package func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try decoder.unwrapInteger(value(key), as: type, path: path, key: key) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    package func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try decoder.unwrapInteger(value(key), as: type, path: path, key: key) }
    package func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder.unwrap(value(key), as: type, path: path, key: key) }

    // One lookup each (the protocol's defaults look a key up three times). No closure (`presentValue(key).map {
    // … }`): this type is generic over the model's keys and runs unspecialized, where a closure capturing `self`
    // and `key` makes the runtime instantiate its context's metadata on every call (~270 instructions).
    package func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let index = presentValue(key) else { return nil }
        return try decoder.unwrapBool(index, path: path, key: key)
    }
    package func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let index = presentValue(key) else { return nil }
        return try decoder.unwrapString(index, path: path, key: key)
    }
    package func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let index = presentValue(key) else { return nil }
        return try decoder.unwrapFloat(index, as: type, path: path, key: key)
    }
    package func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        guard let index = presentValue(key) else { return nil }
        return try decoder.unwrapInteger(index, as: type, path: path, key: key)
    }
    package func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let index = presentValue(key) else { return nil }
        return try decoder.unwrap(index, as: type, path: path, key: key)
    }

    package func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.keyedContainer(at: value(key), path: path.appending(key), keyedBy: type)
    }

    package func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.unkeyedContainer(at: value(key), path: path.appending(key))
    }

    package func superDecoder() throws -> any Decoder { try superDecoder(SuperKey()) }
    package func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder(key) }

    /// JSONDecoder gives a decoder of `null` for a key the object does not have: rare enough to leave to it.
    private func superDecoder(_ key: some CodingKey) throws -> any Decoder {
        guard let value = valueIndex(named: key.stringValue) else { throw decoder.unsure() }
        return decoder.decoder(at: value, path: path.appending(key))
    }
}

/// A JSON array read through ``TapeDecoder``, element by element.
package struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    package let decoder: TapeDecoder
    package let path: CodingPathNode
    private let elementCount: Int
    package private(set) var currentIndex = 0
    /// The node of the element at `currentIndex`.
    private var cursor: Int

    package init(decoder: TapeDecoder, array: Int, path: CodingPathNode) {
        self.decoder = decoder
        self.path = path
        self.elementCount = decoder.tape.nodes[array].count
        self.cursor = array + 1
    }

    package var codingPath: [any CodingKey] { path.keys }
    package var count: Int? { elementCount }
    package var isAtEnd: Bool { currentIndex >= elementCount }

    private var indexKey: ArrayIndexKey { ArrayIndexKey(currentIndex) }

    /// The current element's node; at the end, the error JSONDecoder gives.
    private func current(_ type: Any.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: path.keys(appending: indexKey), debugDescription: "Unkeyed container is at end."))
        }
        return cursor
    }

    private mutating func advance() {
        cursor = decoder.tape.next(after: cursor)
        currentIndex += 1
    }

    /// Decodes the current element with `body` and moves past it.
    private mutating func next<T>(_ type: Any.Type, _ body: (TapeDecoder, Int, CodingPathNode, ArrayIndexKey) throws -> T) throws -> T {
        let value = try body(decoder, current(type), path, indexKey)
        advance()
        return value
    }

    package mutating func decodeNil() throws -> Bool {
        guard decoder.tape.nodes[try current(Never.self)].kind == .null else { return false }
        advance()
        return true
    }

    package mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) { try $0.unwrapBool($1, path: $2, key: $3) } }
    package mutating func decode(_ type: String.Type) throws -> String { try next(type) { try $0.unwrapString($1, path: $2, key: $3) } }
    package mutating func decode(_ type: Double.Type) throws -> Double { try next(type) { try $0.unwrapFloat($1, as: type, path: $2, key: $3) } }
    package mutating func decode(_ type: Float.Type) throws -> Float { try next(type) { try $0.unwrapFloat($1, as: type, path: $2, key: $3) } }
    package mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    package mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    package mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    package mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    package mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    package mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    package mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    package mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    package mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    package mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    package mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer(type) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    package mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(type) }

    private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        try next(type) { try $0.unwrapInteger($1, as: type, path: $2, key: $3) }
    }

    package mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next(type) { try $0.unwrap($1, as: type, path: $2, key: $3) }
    }

    /// Like JSONDecoder: `nil` for `null` or past the end, and the position moves on either way; past
    /// the end only ``currentIndex`` grows (JSONDecoder counts on; the protocol's default would not).
    private mutating func nextIfPresent<T>(_ body: (TapeDecoder, Int, CodingPathNode, ArrayIndexKey) throws -> T) throws -> T? {
        guard !isAtEnd else {
            currentIndex += 1
            return nil
        }
        guard decoder.tape.nodes[cursor].kind != .null else {
            advance()
            return nil
        }
        return try next(T.self, body)
    }

    package mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try nextIfPresent { try $0.unwrapBool($1, path: $2, key: $3) } }
    package mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try nextIfPresent { try $0.unwrapString($1, path: $2, key: $3) } }
    package mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try nextIfPresent { try $0.unwrapFloat($1, as: type, path: $2, key: $3) } }
    package mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try nextIfPresent { try $0.unwrapFloat($1, as: type, path: $2, key: $3) } }
    package mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try integerIfPresent(type) }
    package mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try integerIfPresent(type) }
    package mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try integerIfPresent(type) }
    package mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try integerIfPresent(type) }
    package mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try integerIfPresent(type) }
    package mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try integerIfPresent(type) }
    package mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try integerIfPresent(type) }
    package mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try integerIfPresent(type) }
    package mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try integerIfPresent(type) }
    package mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try integerIfPresent(type) }

    private mutating func integerIfPresent<T: FixedWidthInteger>(_ type: T.Type) throws -> T? {
        try nextIfPresent { try $0.unwrapInteger($1, as: type, path: $2, key: $3) }
    }

    package mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        try nextIfPresent { try $0.unwrap($1, as: type, path: $2, key: $3) }
    }

    // The types in the errors past the end are JSONDecoder's.
    package mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next(KeyedDecodingContainer<NestedKey>.self) { try $0.keyedContainer(at: $1, path: $2.appending($3), keyedBy: type) }
    }

    package mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next((any UnkeyedDecodingContainer).self) { try $0.unkeyedContainer(at: $1, path: $2.appending($3)) }
    }

    package mutating func superDecoder() throws -> any Decoder {
        try next((any Decoder).self) { $0.decoder(at: $1, path: $2.appending($3)) }
    }
}
