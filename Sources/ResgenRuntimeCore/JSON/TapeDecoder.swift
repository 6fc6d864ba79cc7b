import Foundation

/// A `Decoder` over a ``JSONTape``: what HAL documents decode through (``HALCodec``), because HAL's
/// `_links` can then be read straight from the tape (``HALLinks``) instead of through one keyed container
/// per link object, the bulk of decoding a HAL document with `JSONDecoder`.
///
/// It decodes like the client's `JSONDecoder` would, and when it cannot be sure of that it does not
/// guess: ``decode(_:from:like:userInfo:)`` returns `nil` and the caller decodes with `JSONDecoder`.
/// That happens for strategies it does not implement (key conversion, non-conforming floats, JSON5,
/// formatted dates), for documents its strict parser rejects, for any error (so errors are always
/// JSONDecoder's own), and for values whose conversion it does not reproduce exactly (an integer written
/// `1.0`, a number out of range) — even when a model's `try?` swallowed the error, because the decoder
/// remembers it was unsure.
package final class TapeDecoder: Decoder {
    /// How dates and data decode: the client decoder's strategies this decoder implements.
    package struct Options {
        package enum DateStrategy {
            case deferredToDate, secondsSince1970, millisecondsSince1970, iso8601
            case custom(@Sendable (any Decoder) throws -> Date)
        }

        package enum DataStrategy {
            case deferredToData, base64
            case custom(@Sendable (any Decoder) throws -> Data)
        }

        package var date: DateStrategy
        package var data: DataStrategy

        /// The options of `decoder`; `nil` when it is configured in a way only it implements.
        package init?(like decoder: JSONDecoder) {
            guard case .useDefaultKeys = decoder.keyDecodingStrategy, case .throw = decoder.nonConformingFloatDecodingStrategy,
                !decoder.allowsJSON5
            else { return nil }
            switch decoder.dateDecodingStrategy {
            case .deferredToDate: date = .deferredToDate
            case .secondsSince1970: date = .secondsSince1970
            case .millisecondsSince1970: date = .millisecondsSince1970
            case .iso8601: date = .iso8601
            case .custom(let closure): date = .custom(closure)
            #if canImport(Darwin)
            case .formatted: return nil
            @unknown default: return nil
            #endif
            }
            switch decoder.dataDecodingStrategy {
            case .deferredToData: data = .deferredToData
            case .base64: data = .base64
            case .custom(let closure): data = .custom(closure)
            #if canImport(Darwin)
            @unknown default: return nil
            #endif
            }
        }
    }

    /// What a decoder and the decoders made from it (`superDecoder`) share.
    package final class Document {
        package let tape: JSONTape
        package let options: Options
        package let userInfo: [CodingUserInfoKey: Any]
        /// ``CodingUserInfoKey/halDocumentURL``, looked up once rather than once per resource.
        package let halDocumentURL: URL?
        /// The ``CodingUserInfoKey/resgenWireFormat`` entry, looked up once rather than once per model: every
        /// generated model's `init(from:)` asks `Decoder.wireFormat`, which casts it.
        package let wireFormatEntry: Any?
        /// The type a wire format reads straight from the tape (``CodingUserInfoKey/resgenTapeReadable``),
        /// looked up once: asking every value's type for a conformance would cost each nested decode a
        /// protocol lookup; comparing metatypes costs nothing.
        let tapeReadable: (any TapeReadable.Type)?
        /// The array the codec decodes with its count known up front (``TapeCountedArray``), compared by
        /// metatype for the same reason.
        let countedArray: (any TapeCountedArray.Type)?
        /// Set when a value was met that this decoder may not decode exactly like `JSONDecoder`, or when
        /// decoding stopped because the task was cancelled (a model's `try?` may have swallowed the error).
        var isUnsure = false
        /// Nested values decoded so far (``TapeDecoder/unwrap(_:as:path:key:)``): every
        /// ``TapeDecoder/cancellationInterval`` of them, the decoder checks for cancellation.
        @exclusivity(unchecked) package var steps = 0
        /// The last key a keyed container's `decodeIfPresent` did not find, and its object's node: generated
        /// models ask `contains` right after a nil optional attribute (absent or `null`?), which then
        /// answers an absent key without walking the object again.
        var absentKey: (object: Int, name: String) = (-1, "")

        package init(tape: JSONTape, options: Options, userInfo: [CodingUserInfoKey: Any], countedArray: (any TapeCountedArray.Type)? = nil) {
            self.tape = tape
            self.options = options
            self.userInfo = userInfo
            self.halDocumentURL = userInfo[.halDocumentURL] as? URL
            self.wireFormatEntry = userInfo[.resgenWireFormat]
            self.tapeReadable = userInfo[.resgenTapeReadable] as? any TapeReadable.Type
            self.countedArray = countedArray
        }
    }

    /// Thrown for a value this decoder does not decode exactly like `JSONDecoder` (see ``Document/isUnsure``).
    package struct Unsure: Error {}

    package let document: Document
    /// The node of the value being decoded. Unchecked (like the path): a decoder serves one decode on one
    /// thread, and a checked `var` costs an exclusivity check on every read (~76 instructions, 1.2 M on the
    /// HAL benchmark). Internal: other modules read ``currentNode`` and ``currentPath``.
    @exclusivity(unchecked) @usableFromInline var node: Int
    @exclusivity(unchecked) @usableFromInline var path: CodingPathNode

    /// ``node`` and ``path`` for the format modules' readers: the attribute does not reach another module's reads
    /// of the stored properties, which each paid a run-time exclusivity check (~76 instructions; 14,000 a
    /// 1,000-article JSON:API document); read through these inlinable getters they pay none.
    @inlinable package var currentNode: Int { node }
    @inlinable package var currentPath: CodingPathNode { path }

    package init(document: Document, node: Int, path: CodingPathNode) {
        self.document = document
        self.node = node
        self.path = path
    }

    /// Decodes `type` from `data` like `decoder` would, or returns `nil` when only `decoder` can (see the
    /// type's documentation); every error also returns `nil`, so that the caller's `JSONDecoder` reports it.
    ///
    /// Parsing and decoding stop soon after the task is cancelled (every few thousand values), and return
    /// `nil` then: the caller checks for cancellation before it hands the document to `JSONDecoder`
    /// (`JSONDecoder.decodeUsingTape(_:from:)`), which cannot be stopped once started.
    ///
    /// The bytes are read where they are, not copied (``JSONTape/withTape(of:_:)``): a decoder or container
    /// a model keeps past `init(from:)` keeps a copy of them instead.
    package static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, like decoder: JSONDecoder, userInfo: [CodingUserInfoKey: Any], countedArray: (any TapeCountedArray.Type)? = nil
    ) -> T? {
        guard let options = Options(like: decoder) else { return nil }
        return try? JSONTape.withTape(of: data) { tape in decode(T.self, tape: tape, options: options, userInfo: userInfo, countedArray: countedArray) }
    }

    /// Decodes the document `tape` holds. The document and the top decoder end with this call unless a model
    /// kept one, which ``JSONTape/withTape(of:_:)`` then sees.
    package static func decode<T: Decodable>(
        _ type: T.Type, tape: JSONTape, options: Options, userInfo: [CodingUserInfoKey: Any], countedArray: (any TapeCountedArray.Type)? = nil
    ) -> T? {
        guard case .decoded(let value) = attempt(T.self, tape: tape, options: options, userInfo: userInfo, countedArray: countedArray) else { return nil }
        return value
    }

    /// What decoding one type from a tape came to.
    package enum Attempt<T> {
        /// The value, exactly as `JSONDecoder` would have decoded it.
        case decoded(T)
        /// Decoding failed, as it would have with `JSONDecoder` (whose error would say more).
        case failed
        /// Only `JSONDecoder` can say (see ``Document/isUnsure``).
        case unsure
    }

    /// Decodes `type` from the document `tape` holds: for callers that decode several types from one parse
    /// and need not know why one failed.
    package static func attempt<T: Decodable>(
        _ type: T.Type, tape: JSONTape, options: Options, userInfo: [CodingUserInfoKey: Any], countedArray: (any TapeCountedArray.Type)? = nil
    ) -> Attempt<T> {
        // A value JSONDecoder scans but refuses to decode: whether the document decodes depends on whether a
        // model reads it, which is JSONDecoder's to say.
        guard !tape.hasIrregular else { return .unsure }
        let document = Document(tape: tape, options: options, userInfo: userInfo, countedArray: countedArray)
        let decoder = TapeDecoder(document: document, node: 0, path: .root)
        let value = try? decoder.unwrap(0, as: T.self, path: .root, key: nil)
        if document.isUnsure { return .unsure }
        return value.map { .decoded($0) } ?? .failed
    }

    package var tape: JSONTape { document.tape }
    package var userInfo: [CodingUserInfoKey: Any] { document.userInfo }
    package var codingPath: [any CodingKey] { path.keys }

    /// Marks the document unsure and returns the error to throw.
    package func unsure() -> Unsure {
        document.isUnsure = true
        return Unsure()
    }

    /// How many nested values the decoder decodes between two checks for cancellation: decoding 4,096
    /// values takes well under a millisecond, and a check that often costs nothing measurable.
    static let cancellationInterval = 4096

    /// Counts one nested value and, every ``cancellationInterval`` of them, throws `CancellationError`
    /// when the task is cancelled — marking the document unsure, so that no answer comes of it even when
    /// a model swallows the error.
    @inline(__always)
    package func countStep() throws {
        document.steps &+= 1
        guard document.steps & (Self.cancellationInterval - 1) == 0, Task.isCancelled else { return }
        document.isUnsure = true
        throw CancellationError()
    }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try keyedContainer(at: node, path: path, keyedBy: type)
    }

    func keyedContainer<Key: CodingKey>(at index: Int, path: CodingPathNode, keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let found = tape.nodes[index]
        guard found.kind == .object else {
            throw mismatch([String: Any].self, found: found, path: path.keys, nullIsMissing: true)
        }
        return KeyedDecodingContainer(TapeKeyedContainer<Key>(decoder: self, object: index, path: path))
    }

    package func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try unkeyedContainer(at: node, path: path)
    }

    package func unkeyedContainer(at index: Int, path: CodingPathNode) throws -> any UnkeyedDecodingContainer {
        let found = tape.nodes[index]
        guard found.kind == .array else {
            throw mismatch([Any].self, found: found, path: path.keys, nullIsMissing: true)
        }
        return TapeUnkeyedContainer(decoder: self, array: index, path: path)
    }

    package func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// A decoder for the value at `index` (`superDecoder`): same document, own position.
    package func decoder(at index: Int, path: CodingPathNode) -> TapeDecoder {
        TapeDecoder(document: document, node: index, path: path)
    }

    /// The error for a value of the wrong kind: `valueNotFound` for `null` (when `nullIsMissing`), else `typeMismatch`.
    ///
    /// Cheap to build, because `try?` probes make it on the happy path (is this value an array?): the type's
    /// name from `_typeName` and the kind's from a switch, not string interpolation, which looks up
    /// `CustomStringConvertible` and friends at run time (a first lookup scans every conformance of the
    /// process: ~1.7 M instructions each, measured on the HAL benchmark).
    package func mismatch(_ type: Any.Type, found: JSONTape.Node, path: @autoclosure () -> [any CodingKey], nullIsMissing: Bool = true) -> DecodingError {
        let typeName = _typeName(type, qualified: false)
        if found.kind == .null, nullIsMissing {
            return DecodingError.valueNotFound(type, .init(codingPath: path(), debugDescription: "Cannot get value of type " + typeName + " -- found null value instead"))
        }
        return DecodingError.typeMismatch(type, .init(codingPath: path(), debugDescription: "Expected to decode " + typeName + " but found " + found.kind.name + " instead."))
    }

    // MARK: values

    /// Runs `body` with this decoder positioned at `index` (nested `init(from:)` calls share one decoder).
    @inline(__always)
    package func with<T>(_ index: Int, path: CodingPathNode, _ body: () throws -> T) rethrows -> T {
        let (oldNode, oldPath) = (node, path)
        node = index
        self.path = path
        defer {
            node = oldNode
            self.path = oldPath
        }
        return try body()
    }

    /// The value at `index` as `type`; `path` and `key` say where it is (the key is appended only for
    /// errors and nested decoders, so the common case builds no path).
    package func unwrap<T: Decodable>(_ index: Int, as type: T.Type, path: CodingPathNode, key: (any CodingKey)?) throws -> T {
        if T.self == String.self { return try unwrapString(index, path: path, key: key) as! T }  // swift-format-ignore: NeverForceUnwrap
        if T.self == Date.self { return try unwrapDate(index, path: path, key: key) as! T }  // swift-format-ignore: NeverForceUnwrap
        if T.self == Data.self { return try unwrapData(index, path: path, key: key) as! T }  // swift-format-ignore: NeverForceUnwrap
        if T.self == URL.self { return try unwrapURL(index, path: path, key: key) as! T }  // swift-format-ignore: NeverForceUnwrap
        if T.self == Decimal.self { return try unwrapDecimal(index, path: path, key: key) as! T }  // swift-format-ignore: NeverForceUnwrap
        try countStep()
        // A type a format reads straight from the tape (JSON:API linkage: the bulk of a compound document,
        // read without a container per identifier).
        if let direct = document.tapeReadable, T.self == direct { return try direct.init(self, at: index, path: path, key: key) as! T }  // swift-format-ignore: NeverForceUnwrap
        if let counted = document.countedArray, T.self == counted, tape.nodes[index].kind == .array {
            return try decodeCounted(counted, at: index, path: path, key: key) as! T  // swift-format-ignore: NeverForceUnwrap
        }
        return try with(index, path: path.appending(key)) { try T(from: self) }
    }

    func unwrapString(_ index: Int, path: CodingPathNode, key: (any CodingKey)?) throws -> String {
        let found = tape.nodes[index]
        guard found.kind == .string else { throw mismatch(String.self, found: found, path: path.keys(appending: key)) }
        do {
            return try tape.string(at: index)
        } catch {
            throw unsure()
        }
    }

    func unwrapBool(_ index: Int, path: CodingPathNode, key: (any CodingKey)?) throws -> Bool {
        let found = tape.nodes[index]
        // JSONDecoder calls a `null` here a type mismatch, not a missing value.
        guard found.kind == .bool else { throw mismatch(Bool.self, found: found, path: path.keys(appending: key), nullIsMissing: false) }
        return found.flag
    }

    /// An integer. JSONDecoder reads one written as an integer directly; otherwise (`1.0`, `1e3`, out of
    /// range) it converts through `Double`, which is reproduced here below 2^53, and left to it above.
    /// A number that is no `T` (`1.5`, `300` for `UInt8`) is left to it too: its error is not a
    /// `DecodingError` (JSONDecoder reports it as invalid JSON once it reaches the top), so a model that
    /// catches `DecodingError` must not catch one here.
    func unwrapInteger<T: FixedWidthInteger>(_ index: Int, as type: T.Type, path: CodingPathNode, key: (any CodingKey)?) throws -> T {
        let found = tape.nodes[index]
        guard found.kind == .number else { throw mismatch(T.self, found: found, path: path.keys(appending: key)) }
        if found.flag, let value = tape.withBytes(at: index, Self.integer(T.self)) { return value }
        guard !found.flag, let double = Double(tape.text(at: index)), let value = T(exactly: double), double.magnitude < 0x1p53 else {
            throw unsure()
        }
        return value
    }

    /// The digits of an integer literal as `T`, `nil` when out of range.
    package static func integer<T: FixedWidthInteger>(_ type: T.Type) -> (UnsafeBufferPointer<UInt8>) -> T? {
        { bytes in
            var digits = bytes[...]
            let negative = digits.first == UInt8(ascii: "-")
            if negative { digits = digits.dropFirst() }
            var result: T = 0
            for digit in digits {
                let (times10, overflow1) = result.multipliedReportingOverflow(by: 10)
                let value = T(digit - UInt8(ascii: "0"))
                let (next, overflow2) = negative ? times10.subtractingReportingOverflow(value) : times10.addingReportingOverflow(value)
                if overflow1 || overflow2 { return nil }
                result = next
            }
            return result
        }
    }

    /// A number as a `Double` or `Float`; a value that rounds to infinity, or to zero from non-zero digits, is left to JSONDecoder.
    func unwrapFloat<T: BinaryFloatingPoint & LosslessStringConvertible>(_ index: Int, as type: T.Type, path: CodingPathNode, key: (any CodingKey)?) throws -> T {
        let found = tape.nodes[index]
        guard found.kind == .number else { throw mismatch(T.self, found: found, path: path.keys(appending: key)) }
        let text = tape.text(at: index)
        guard let value = T(text), value.isFinite else { throw unsure() }
        if value == 0, text.utf8.contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) {
            // "1e-400" rounds to zero; JSONDecoder's check for that looks at digits before the exponent only.
            throw unsure()
        }
        return value
    }

    func unwrapDecimal(_ index: Int, path: CodingPathNode, key: (any CodingKey)?) throws -> Decimal {
        let found = tape.nodes[index]
        guard found.kind == .number else { throw mismatch(Decimal.self, found: found, path: path.keys(appending: key)) }
        let text = tape.text(at: index)
        // Up to 18 digits Decimal holds exactly, so every parser agrees; longer ones are JSONDecoder's call.
        guard text.utf8.count <= 18, let value = Decimal(string: text, locale: nil) else { throw unsure() }
        return value
    }

    func unwrapURL(_ index: Int, path: CodingPathNode, key: (any CodingKey)?) throws -> URL {
        // JSONDecoder's error for `null` names `URL`, not `String`.
        if tape.nodes[index].kind == .null { throw mismatch(URL.self, found: tape.nodes[index], path: path.keys(appending: key)) }
        let string = try unwrapString(index, path: path, key: key)
        guard let url = URL(string: string) else {
            throw DecodingError.dataCorrupted(.init(codingPath: path.keys(appending: key), debugDescription: "Invalid URL string."))
        }
        return url
    }

    func unwrapDate(_ index: Int, path: CodingPathNode, key: (any CodingKey)?) throws -> Date {
        let found = tape.nodes[index]
        if found.kind == .null { throw mismatch(Date.self, found: found, path: path.keys(appending: key)) }
        switch document.options.date {
        case .deferredToDate: return try with(index, path: path.appending(key)) { try Date(from: self) }
        case .secondsSince1970: return Date(timeIntervalSince1970: try unwrapFloat(index, as: Double.self, path: path, key: key))
        case .millisecondsSince1970: return Date(timeIntervalSince1970: try unwrapFloat(index, as: Double.self, path: path, key: key) / 1000)
        case .iso8601:
            let string = try unwrapString(index, path: path, key: key)
            guard let date = try? Date.ISO8601FormatStyle().parse(string) else { throw unsure() }
            return date
        case .custom(let closure): return try with(index, path: path.appending(key)) { try closure(self) }
        }
    }

    func unwrapData(_ index: Int, path: CodingPathNode, key: (any CodingKey)?) throws -> Data {
        let found = tape.nodes[index]
        if found.kind == .null { throw mismatch(Data.self, found: found, path: path.keys(appending: key)) }
        switch document.options.data {
        case .deferredToData: return try with(index, path: path.appending(key)) { try Data(from: self) }
        case .base64:
            guard found.kind == .string else { throw mismatch(String.self, found: found, path: path.keys(appending: key)) }
            guard let data = Data(base64Encoded: try unwrapString(index, path: path, key: key)) else { throw unsure() }
            return data
        case .custom(let closure): return try with(index, path: path.appending(key)) { try closure(self) }
        }
    }
}

// MARK: - single value (the decoder itself, like JSONDecoder's)

extension TapeDecoder: SingleValueDecodingContainer {
    package func decodeNil() -> Bool { tape.nodes[node].kind == .null }
    package func decode(_ type: Bool.Type) throws -> Bool { try unwrapBool(node, path: path, key: nil) }
    package func decode(_ type: String.Type) throws -> String { try unwrapString(node, path: path, key: nil) }
    package func decode(_ type: Double.Type) throws -> Double { try unwrapFloat(node, as: type, path: path, key: nil) }
    package func decode(_ type: Float.Type) throws -> Float { try unwrapFloat(node, as: type, path: path, key: nil) }
    package func decode(_ type: Int.Type) throws -> Int { try unwrapInteger(node, as: type, path: path, key: nil) }
    package func decode(_ type: Int8.Type) throws -> Int8 { try unwrapInteger(node, as: type, path: path, key: nil) }
    package func decode(_ type: Int16.Type) throws -> Int16 { try unwrapInteger(node, as: type, path: path, key: nil) }
    package func decode(_ type: Int32.Type) throws -> Int32 { try unwrapInteger(node, as: type, path: path, key: nil) }
    package func decode(_ type: Int64.Type) throws -> Int64 { try unwrapInteger(node, as: type, path: path, key: nil) }
    package func decode(_ type: UInt.Type) throws -> UInt { try unwrapInteger(node, as: type, path: path, key: nil) }
    package func decode(_ type: UInt8.Type) throws -> UInt8 { try unwrapInteger(node, as: type, path: path, key: nil) }
    package func decode(_ type: UInt16.Type) throws -> UInt16 { try unwrapInteger(node, as: type, path: path, key: nil) }
    package func decode(_ type: UInt32.Type) throws -> UInt32 { try unwrapInteger(node, as: type, path: path, key: nil) }
    package func decode(_ type: UInt64.Type) throws -> UInt64 { try unwrapInteger(node, as: type, path: path, key: nil) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    package func decode(_ type: Int128.Type) throws -> Int128 { try unwrapInteger(node, as: type, path: path, key: nil) }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    package func decode(_ type: UInt128.Type) throws -> UInt128 { try unwrapInteger(node, as: type, path: path, key: nil) }

    package func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // JSONDecoder decodes the special types of a single-value container in place, without a new path.
        if T.self == Date.self || T.self == Data.self || T.self == URL.self || T.self == Decimal.self || T.self == String.self {
            return try unwrap(node, as: type, path: path, key: nil)
        }
        return try T(from: self)
    }
}

// MARK: - coding paths

/// A coding path as a linked list: appending a key is one allocation and needs no array copy; the
/// array is built only when something asks (errors, `codingPath`).
package indirect enum CodingPathNode {
    case root
    case key(any CodingKey, CodingPathNode)

    package func appending(_ key: (any CodingKey)?) -> CodingPathNode {
        guard let key else { return self }
        return .key(key, self)
    }

    /// How many keys the path has (the length of ``keys``), without building the array.
    package var depth: Int {
        var depth = 0
        var node = self
        while case .key(_, let parent) = node {
            depth += 1
            node = parent
        }
        return depth
    }

    package var keys: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = self
        while case .key(let key, let parent) = node {
            keys.append(key)
            node = parent
        }
        return keys.reversed()
    }

    package func keys(appending key: (any CodingKey)?) -> [any CodingKey] {
        appending(key).keys
    }
}

/// The key of an array element in a coding path, spelled as JSONDecoder spells it ("Index 3").
package struct ArrayIndexKey: CodingKey {
    package var intValue: Int?
    package var stringValue: String { "Index \(intValue ?? 0)" }
    package init(_ index: Int) { intValue = index }
    package init?(stringValue: String) { nil }
    package init?(intValue: Int) { self.intValue = intValue }
}

/// The key JSONDecoder's `superDecoder()` uses.
struct SuperKey: CodingKey {
    package var stringValue: String { "super" }
    package var intValue: Int? { nil }
    package init() {}
    package init?(stringValue: String) { guard stringValue == "super" else { return nil } }
    package init?(intValue: Int) { nil }
}
