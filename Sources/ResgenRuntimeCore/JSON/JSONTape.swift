import Foundation

/// A JSON document parsed once into a flat array of nodes, in document order: the structure
/// ``TapeDecoder`` walks and the HAL readers (``HALLinks``) read straight from.
///
/// Strings and numbers stay bytes until something asks for them. An object's members follow its node
/// as key, value, key, value…; a container's node records where its subtree ends, so skipping a value is
/// one step. Parsing is strict (RFC 8259, UTF-8, every escape checked) and rejects anything it is unsure
/// of: ``TapeDecoder`` then leaves the document to `JSONDecoder`, so being stricter only costs speed,
/// never a different result.
///
/// What `JSONDecoder`'s scanner accepts beyond RFC 8259 the tape accepts the same way, so that such a
/// document still has a tape — without one, the `JSONValue`s in it would decode through `JSONDecoder`
/// alone, in time proportional to their depth per value, which a hostile server chooses (a trailing comma
/// anywhere was enough): a leading UTF-8 byte order mark, a comma before a closing bracket or brace
/// (`[1,]`), and strings and numbers that it scans by their shape only and refuses when they are decoded
/// (`01`, `1.`, `-`, a raw control character, `\x`, invalid UTF-8). Those are ``Kind/irregular`` nodes, and a
/// tape with one (``hasIrregular``) is decoded by `JSONDecoder`, with the tape lent for its open JSON.
package final class JSONTape {
    package enum Kind: UInt8 {
        case null, bool, number, string, object, array
        /// A number or string `JSONDecoder` scans but refuses to decode: any read of it is an error.
        case irregular

        /// The case's name, as string interpolation would print it (without its run-time lookups).
        package var name: String {
            switch self {
            case .null: "null"
            case .bool: "bool"
            case .number: "number"
            case .string: "string"
            case .object: "object"
            case .array: "array"
            case .irregular: "irregular"
            }
        }
    }

    /// One value or key in 8 bytes. Nodes are most of a tape's memory (a large HAL document has about one
    /// per 9 bytes): at 16 bytes they took twice the document's size, now about as much as it.
    package struct Node {
        /// Scalars: the first byte (after a string's opening quote). Containers: the node after the subtree.
        private let position: UInt32
        /// The kind (bits 0–2), ``flag`` (3), ``isPlainASCII`` (4), and from bit 5 the size: a scalar's
        /// length in bytes, a container's count.
        private let packed: UInt32

        /// Sizes must stay below this (27 bits); the parser rejects a longer string or number, or a larger
        /// container, which leaves such a document to JSONDecoder.
        static let sizeLimit = 1 << 27

        /// A scalar whose bytes are `start..<end`.
        package init(kind: Kind, flag: Bool, isPlainASCII: Bool = false, start: Int, end: Int) {
            position = UInt32(truncatingIfNeeded: start)
            packed = UInt32(kind.rawValue) | (flag ? 8 : 0) | (isPlainASCII ? 16 : 0) | UInt32(truncatingIfNeeded: end - start) << 5
        }

        /// An object (`count` members) or array (`count` elements) whose subtree ends before node `endNode`.
        package init(container kind: Kind, count: Int, endNode: Int) {
            position = UInt32(truncatingIfNeeded: endNode)
            packed = UInt32(kind.rawValue) | UInt32(truncatingIfNeeded: count) << 5
        }

        package var kind: Kind { Kind(rawValue: UInt8(truncatingIfNeeded: packed & 7)).unsafelyUnwrapped }
        /// A bool's value; for a string, whether it has escapes; for a number, whether it is a plain integer.
        package var flag: Bool { packed & 8 != 0 }
        /// For a string, whether its bytes are ASCII with no escapes: it then equals another ASCII string
        /// exactly when their bytes are equal.
        var isPlainASCII: Bool { packed & 16 != 0 }
        /// Members of an object (pairs), elements of an array.
        package var count: Int { Int(packed >> 5) }
        /// A scalar's first byte.
        package var start: Int { Int(position) }
        /// A scalar's length in bytes.
        package var length: Int { Int(packed >> 5) }
        /// The byte after a scalar (a string's closing quote).
        package var end: Int { start + length }
        /// The node after a container's subtree.
        var endNode: Int { Int(position) }
    }

    package struct SyntaxError: Error {}

    /// The document's bytes: the caller's own while a decode runs (``TapeDecoder/decode(_:from:like:userInfo:)``
    /// lends them, as JSONDecoder reads its input in place), a copy only once the tape outlives that call
    /// (``keepBytes()``). Copying them always was an eighth of the peak memory of decoding a large document.
    ///
    /// A `var` only for ``keepBytes()``, which runs after decoding is over; unchecked, because a checked
    /// `var` costs an exclusivity check on every read (a tenth of decoding, measured on ``nodes``). Other
    /// modules read it through this inlinable getter: the attribute does not reach their reads of the stored
    /// property (the same for ``TapeDecoder/currentNode``).
    @inlinable package var bytes: UnsafeBufferPointer<UInt8> { storedBytes }
    @exclusivity(unchecked) @usableFromInline private(set) var storedBytes: UnsafeBufferPointer<UInt8>
    /// Whether ``bytes`` is this tape's own copy, freed with it.
    package private(set) var ownsBytes = false
    /// A `let`, so that reading it needs no exclusivity check (a tenth of decoding when it was a `var`).
    package let nodes: [Node]
    /// Whether a node is ``Kind/irregular``: only `JSONDecoder` then says what the document decodes to.
    let hasIrregular: Bool

    /// Parses `bytes`, which the caller keeps valid until the tape is released or ``keepBytes()`` copied them;
    /// throws ``SyntaxError`` for anything but one strict JSON value, and `CancellationError` once the
    /// task is cancelled (checked every few thousand values).
    package init(borrowing bytes: UnsafeBufferPointer<UInt8>) throws {
        guard bytes.count < Int(Int32.max) else { throw SyntaxError() }
        var nodes: [Node] = []
        // As many nodes as the bytes can hold (every value but the last takes two bytes or more), so the
        // array never grows: growing copies it, and the old and new storage together were the peak. Pages
        // never written are never backed by memory, so the room left over costs only address space.
        nodes.reserveCapacity(bytes.count / 2 + 1)
        var parser = Parser()
        try parser.parseDocument(bytes, into: &nodes)
        storedBytes = bytes
        self.nodes = nodes
        self.hasIrregular = parser.sawIrregular
    }

    deinit {
        if ownsBytes { UnsafeMutableBufferPointer(mutating: bytes).deallocate() }
    }

    /// Parses the bytes of `data` without copying them and runs `body` with the tape; should anything still
    /// hold the tape when `body` returns (a model kept a decoder or a container past `init(from:)`), the
    /// tape copies the bytes first, as JSONDecoder does, since `data`'s are lent for this call only.
    package static func withTape<R>(of data: Data, _ body: (JSONTape) -> R) throws -> R {
        try data.withUnsafeBytes { raw in
            var tape = try JSONTape(borrowing: raw.assumingMemoryBound(to: UInt8.self))
            defer {
                if !isKnownUniquelyReferenced(&tape) { tape.keepBytes() }
            }
            return body(tape)
        }
    }

    /// Replaces the borrowed bytes with a copy of them, once.
    func keepBytes() {
        guard !ownsBytes else { return }
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = copy.initialize(from: bytes)
        storedBytes = UnsafeBufferPointer(copy)
        ownsBytes = true
    }

    /// The node after the value at `index` and everything inside it.
    @inline(__always)
    package func next(after index: Int) -> Int {
        let node = nodes[index]
        return node.kind == .object || node.kind == .array ? node.endNode : index + 1
    }

    /// The members of the object node `object`, in document order: each key's node with its value's node.
    package func members(of object: Int) -> Members {
        Members(tape: self, key: object + 1, remaining: nodes[object].count)
    }

    package struct Members: Sequence, IteratorProtocol {
        package let tape: JSONTape
        package var key: Int
        package var remaining: Int

        package var underestimatedCount: Int { remaining }

        package mutating func next() -> (key: Int, value: Int)? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            defer { key = tape.next(after: key + 1) }
            return (key, key + 1)
        }
    }

    /// The element nodes of the array node `array`, in order.
    package func elements(of array: Int) -> Elements {
        Elements(tape: self, element: array + 1, remaining: nodes[array].count)
    }

    package struct Elements: Sequence, IteratorProtocol {
        package let tape: JSONTape
        package var element: Int
        package var remaining: Int

        package var underestimatedCount: Int { remaining }

        package mutating func next() -> Int? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            defer { element = tape.next(after: element) }
            return element
        }
    }

    /// The value node of the first member of object `object` named `name`, keys compared as `String`s
    /// (canonical equivalence: `"cafe\u0301"` is `café`, the Kelvin sign is `K`), as JSONDecoder's
    /// dictionary of members compares them; it keeps the first of equal keys too.
    @inline(__always)
    package func value(in object: Int, named name: String) -> Int? {
        var name = name
        return name.withUTF8 { utf8 in
            let nameIsASCII = Self.isASCII(utf8)
            // The hottest lookup of decoding: a plain loop measured cheaper than `members(of:).first`.
            var key = object + 1
            for _ in 0..<nodes[object].count {
                if string(at: key, equals: utf8, isASCII: nameIsASCII) { return key + 1 }
                key = next(after: key + 1)
            }
            return nil
        }
    }

    /// The value nodes of the first members of object `object` named `first`, `second` and `third`, found
    /// in one pass over its members, keys compared as ``value(in:named:)`` compares them. For objects
    /// read member by member (a resource identifier's `type`, `id` and `meta`; a relationship object's
    /// `data`, `links` and `meta`): three lookups walked the members three times, each time preparing
    /// its name's UTF-8 again.
    ///
    /// - Precondition: The names are distinct literals.
    @inline(__always)
    package func values(in object: Int, named first: StaticString, _ second: StaticString, _ third: StaticString) -> (Int?, Int?, Int?) {
        var found: (Int?, Int?, Int?) = (nil, nil, nil)
        var key = object + 1
        for _ in 0..<nodes[object].count {
            if found.0 == nil, string(at: key, equals: first) {
                found.0 = key + 1
            } else if found.1 == nil, string(at: key, equals: second) {
                found.1 = key + 1
            } else if found.2 == nil, string(at: key, equals: third) {
                found.2 = key + 1
            }
            key = next(after: key + 1)
        }
        return found
    }

    /// Whether the string node at `index` is `name` by `String` equality, as
    /// ``string(at:equals:isASCII:)`` compares.
    @inline(__always)
    package func string(at index: Int, equals name: StaticString) -> Bool {
        string(at: index, equals: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount), isASCII: name.isASCII)
    }

    /// The bytes of the node at `index` as text, escapes left alone (numbers).
    package func text(at index: Int) -> String {
        withBytes(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether the string node at `index` is `key` by `String` equality (canonical equivalence), as
    /// JSONDecoder compares keys.
    package func string(at index: Int, equals key: String) -> Bool {
        var key = key
        return key.withUTF8 { string(at: index, equals: $0, isASCII: Self.isASCII($0)) }
    }

    /// Whether the string node at `index` is the string whose UTF-8 is `utf8` by `String` equality: when
    /// both are plain ASCII, byte for byte (the fast path: equal ASCII strings have equal bytes, and
    /// an ASCII string equals no other ASCII string); otherwise as `String`s, since a non-ASCII string
    /// may equal one spelled differently (`"e\u{301}"` and `"é"`, `"\u{212A}"` and `"K"`).
    @inline(__always)
    package func string(at index: Int, equals utf8: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> Bool {
        let node = nodes[index]
        guard node.isPlainASCII, isASCII else {
            // An irregular key (JSONDecoder's scanner took it, but it does not decode) equals no string.
            guard node.kind == .string else { return false }
            return (try? string(at: index)) == String(decoding: utf8, as: UTF8.self)
        }
        let length = node.length
        guard utf8.count == length else { return false }
        return memcmp(bytes.baseAddress! + node.start, utf8.baseAddress!, length) == 0
    }

    /// Whether every byte is below 0x80.
    package static func isASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        var bits: UInt8 = 0
        for byte in utf8 { bits |= byte }
        return bits < 0x80
    }

    /// The string node at `index` as a `String`, escapes resolved.
    package func string(at index: Int) throws -> String {
        let node = nodes[index]
        let slice = UnsafeBufferPointer(rebasing: bytes[node.start..<node.end])
        guard node.flag else { return String(decoding: slice, as: UTF8.self) }
        return try Self.unescape(slice)
    }

    /// The bytes of the number or string node at `index`.
    func withBytes<T>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        let node = nodes[index]
        return try body(UnsafeBufferPointer(rebasing: bytes[node.start..<node.end]))
    }

    /// Resolves the escapes of a string the parser has already checked (surrogates paired).
    private static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) throws -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        func hex(_ at: Int) -> UInt32 {
            var value: UInt32 = 0
            for byte in bytes[at..<at + 4] {
                value = value << 4 | UInt32(Parser.hexValue(byte))
            }
            return value
        }
        while i < bytes.count {
            let byte = bytes[i]
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                i += 1
                continue
            }
            let escape = bytes[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex(i)
                i += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex(i + 2) - 0xDC00)
                    i += 6
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw SyntaxError() }
                UTF8.encode(unicode) { out.append($0) }
            default: out.append(escape)  // " \ /
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A recursive-descent parser over the document's bytes.
    private struct Parser {
        /// Deeper documents are left to JSONDecoder, which has its own limit.
        static let maximumDepth = 512
        /// How many values the parser reads between two checks for cancellation: 4,096 values are some
        /// 40 KB of a typical document, parsed in tens of microseconds, and a check every 4,096 values
        /// costs nothing measurable.
        static let cancellationInterval = 4096

        var position = 0
        /// The node count from which the parser next checks for cancellation (at the first container,
        /// then every ``cancellationInterval`` values), so that a call's deadline can stop a large
        /// document's parse.
        var nextCancellationCheck = 0
        /// Whether an ``Kind/irregular`` node was made.
        var sawIrregular = false

        static func hexValue(_ byte: UInt8) -> UInt8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: 0xFF
            }
        }

        mutating func parseDocument(_ bytes: UnsafeBufferPointer<UInt8>, into nodes: inout [Node]) throws {
            // A UTF-8 byte order mark, which JSONDecoder skips too (RFC 8259 lets a parser ignore it).
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
            skipWhitespace(bytes)
            try parseValue(bytes, into: &nodes, depth: 0)
            skipWhitespace(bytes)
            guard position == bytes.count else { throw SyntaxError() }
        }

        @inline(__always)
        mutating func skipWhitespace(_ bytes: UnsafeBufferPointer<UInt8>) {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x0A, 0x0D, 0x09: position += 1
                default: return
                }
            }
        }

        mutating func parseValue(_ bytes: UnsafeBufferPointer<UInt8>, into nodes: inout [Node], depth: Int) throws {
            guard position < bytes.count else { throw SyntaxError() }
            switch bytes[position] {
            case UInt8(ascii: "{"): try parseObject(bytes, into: &nodes, depth: depth + 1)
            case UInt8(ascii: "["): try parseArray(bytes, into: &nodes, depth: depth + 1)
            case UInt8(ascii: "\""): try parseString(bytes, into: &nodes)
            case UInt8(ascii: "t"): try literal("true", .bool, flag: true, bytes, into: &nodes)
            case UInt8(ascii: "f"): try literal("false", .bool, flag: false, bytes, into: &nodes)
            case UInt8(ascii: "n"): try literal("null", .null, flag: false, bytes, into: &nodes)
            default: try parseNumber(bytes, into: &nodes)
            }
        }

        mutating func literal(_ word: StaticString, _ kind: Kind, flag: Bool, _ bytes: UnsafeBufferPointer<UInt8>, into nodes: inout [Node]) throws {
            let length = word.utf8CodeUnitCount
            guard bytes.count - position >= length, memcmp(bytes.baseAddress! + position, word.utf8Start, length) == 0 else {
                throw SyntaxError()
            }
            nodes.append(Node(kind: kind, flag: flag, start: position, end: position + length))
            position += length
        }

        /// Throws `CancellationError` when the task is cancelled, checked when a container starts once
        /// ``cancellationInterval`` values have been read since the last check: often enough to stop a
        /// large document soon, at no cost per scalar. (A single array of scalars is read without a check:
        /// a body the client accepts is read whole in a fraction of a second.)
        @inline(__always)
        mutating func checkCancellation(at count: Int) throws {
            guard count >= nextCancellationCheck else { return }
            nextCancellationCheck = count + Self.cancellationInterval
            if Task.isCancelled { throw CancellationError() }
        }

        mutating func parseObject(_ bytes: UnsafeBufferPointer<UInt8>, into nodes: inout [Node], depth: Int) throws {
            guard depth <= Self.maximumDepth else { throw SyntaxError() }
            try checkCancellation(at: nodes.count)
            let index = nodes.count
            nodes.append(Node(container: .object, count: 0, endNode: 0))
            var count = 0
            if !isEmpty(closedBy: UInt8(ascii: "}"), bytes) {
                repeat {
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw SyntaxError() }
                    try parseString(bytes, into: &nodes)
                    skipWhitespace(bytes)
                    guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw SyntaxError() }
                    position += 1
                    skipWhitespace(bytes)
                    try parseValue(bytes, into: &nodes, depth: depth)
                    count += 1
                } while try another(closedBy: UInt8(ascii: "}"), bytes)
            }
            guard count < Node.sizeLimit else { throw SyntaxError() }
            nodes[index] = Node(container: .object, count: count, endNode: nodes.count)
        }

        mutating func parseArray(_ bytes: UnsafeBufferPointer<UInt8>, into nodes: inout [Node], depth: Int) throws {
            guard depth <= Self.maximumDepth else { throw SyntaxError() }
            try checkCancellation(at: nodes.count)
            let index = nodes.count
            nodes.append(Node(container: .array, count: 0, endNode: 0))
            var count = 0
            if !isEmpty(closedBy: UInt8(ascii: "]"), bytes) {
                repeat {
                    try parseValue(bytes, into: &nodes, depth: depth)
                    count += 1
                } while try another(closedBy: UInt8(ascii: "]"), bytes)
            }
            guard count < Node.sizeLimit else { throw SyntaxError() }
            nodes[index] = Node(container: .array, count: count, endNode: nodes.count)
        }

        /// After an opening `{` or `[`: whether `close` follows at once (consumed), else at the first member.
        mutating func isEmpty(closedBy close: UInt8, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            position += 1
            skipWhitespace(bytes)
            guard position < bytes.count, bytes[position] == close else { return false }
            position += 1
            return true
        }

        /// After a member or element: `true` when a `,` says another follows, `false` at `close` (consumed),
        /// also after a `,` (a trailing comma, which JSONDecoder accepts).
        mutating func another(closedBy close: UInt8, _ bytes: UnsafeBufferPointer<UInt8>) throws -> Bool {
            skipWhitespace(bytes)
            guard position < bytes.count else { throw SyntaxError() }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                skipWhitespace(bytes)
                guard position < bytes.count, bytes[position] == close else { return true }
                position += 1
                return false
            }
            guard bytes[position] == close else { throw SyntaxError() }
            position += 1
            return false
        }

        /// A string (at its opening quote). One that RFC 8259 allows is a ``Kind/string`` node; one that only
        /// JSONDecoder's scanner accepts (a control character, a bad escape, an unpaired surrogate, invalid
        /// UTF-8: errors when decoded) an ``Kind/irregular`` one, ending where that scanner ends it.
        mutating func parseString(_ bytes: UnsafeBufferPointer<UInt8>, into nodes: inout [Node]) throws {
            let quote = position
            if let node = try? strictString(bytes) {
                nodes.append(node)
                return
            }
            position = quote + 1
            let start = position
            try skipStringAsJSONDecoderScans(bytes)
            guard position - start < Node.sizeLimit else { throw SyntaxError() }
            nodes.append(Node(kind: .irregular, flag: false, start: start, end: position))
            sawIrregular = true
            position += 1
        }

        /// An RFC 8259 string's node, past its closing quote.
        mutating func strictString(_ bytes: UnsafeBufferPointer<UInt8>) throws -> Node {
            position += 1
            let start = position
            var escaped = false
            var nonASCII = false
            while true {
                guard position < bytes.count else { throw SyntaxError() }
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") { break }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    try skipEscape(bytes)
                    continue
                }
                guard byte >= 0x20 else { throw SyntaxError() }
                if byte >= 0x80 { nonASCII = true }
                position += 1
            }
            if nonASCII {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
                guard Self.isValidUTF8(slice) else { throw SyntaxError() }
            }
            guard position - start < Node.sizeLimit else { throw SyntaxError() }
            defer { position += 1 }
            return Node(kind: .string, flag: escaped, isPlainASCII: !escaped && !nonASCII, start: start, end: position)
        }

        /// To a string's closing quote by JSONDecoder's scanning rule: a backslash skips the byte after it, and
        /// `\u` four more, none of them a quote; everything else is the string's until an unescaped quote.
        mutating func skipStringAsJSONDecoderScans(_ bytes: UnsafeBufferPointer<UInt8>) throws {
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "\""): return
                case UInt8(ascii: "\\"):
                    guard position + 1 < bytes.count else { throw SyntaxError() }
                    let escape = bytes[position + 1]
                    position += 2
                    if escape == UInt8(ascii: "u") {
                        guard position + 4 <= bytes.count, !bytes[position..<position + 4].contains(UInt8(ascii: "\"")) else { throw SyntaxError() }
                        position += 4
                    }
                default: position += 1
                }
            }
            throw SyntaxError()
        }

        mutating func skipEscape(_ bytes: UnsafeBufferPointer<UInt8>) throws {
            guard position + 1 < bytes.count else { throw SyntaxError() }
            switch bytes[position + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                position += 2
            case UInt8(ascii: "u"):
                let unit = try hexQuad(bytes, at: position + 2)
                position += 6
                if (0xDC00...0xDFFF).contains(unit) { throw SyntaxError() }
                if (0xD800...0xDBFF).contains(unit) {
                    guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u"),
                        (0xDC00...0xDFFF).contains(try hexQuad(bytes, at: position + 2))
                    else { throw SyntaxError() }
                    position += 6
                }
            default: throw SyntaxError()
            }
        }

        func hexQuad(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) throws -> UInt32 {
            guard start + 4 <= bytes.count else { throw SyntaxError() }
            var value: UInt32 = 0
            for offset in 0..<4 {
                let digit = Self.hexValue(bytes[start + offset])
                guard digit != 0xFF else { throw SyntaxError() }
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        /// A number, as far as JSONDecoder's scanner reads one: a `-` or digit, then digits, `.`, `+`, `-`, `e`
        /// and `E`. When RFC 8259's grammar covers exactly that much it is a ``Kind/number`` node, else an
        /// ``Kind/irregular`` one (`01`, `1.`, `1-2`: errors when decoded).
        mutating func parseNumber(_ bytes: UnsafeBufferPointer<UInt8>, into nodes: inout [Node]) throws {
            let start = position
            guard position < bytes.count, bytes[position] == UInt8(ascii: "-") || Self.isDigit(bytes[position]) else { throw SyntaxError() }
            var end = position + 1
            while end < bytes.count {
                let byte = bytes[end]
                guard Self.isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte | 0x20 == UInt8(ascii: "e") else { break }
                end += 1
            }
            guard end - start < Node.sizeLimit else { throw SyntaxError() }
            if let integer = Self.strictNumber(bytes, from: start, to: end) {
                nodes.append(Node(kind: .number, flag: integer, start: start, end: end))
            } else {
                nodes.append(Node(kind: .irregular, flag: false, start: start, end: end))
                sawIrregular = true
            }
            position = end
        }

        static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

        /// Whether `start..<end` is exactly `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`: nil when not, else
        /// whether it is only the integer part.
        static func strictNumber(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool? {
            var index = start
            func digits() -> Int {
                let from = index
                while index < end, isDigit(bytes[index]) { index += 1 }
                return index - from
            }
            if index < end, bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < end else { return nil }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
            } else {
                guard digits() > 0 else { return nil }
            }
            var integer = true
            if index < end, bytes[index] == UInt8(ascii: ".") {
                index += 1
                integer = false
                guard digits() > 0 else { return nil }
            }
            if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                integer = false
                if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { return nil }
            }
            return index == end ? integer : nil
        }

        /// Well-formed UTF-8 (no overlongs, surrogates or values past U+10FFFF).
        static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var i = 0
            func continuation(_ at: Int) -> Bool { at < bytes.count && bytes[at] & 0xC0 == 0x80 }
            while i < bytes.count {
                let lead = bytes[i]
                switch lead {
                case 0x00...0x7F: i += 1
                case 0xC2...0xDF:
                    guard continuation(i + 1) else { return false }
                    i += 2
                case 0xE0...0xEF:
                    guard i + 1 < bytes.count else { return false }
                    let second = bytes[i + 1]
                    let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80, high: UInt8 = lead == 0xED ? 0x9F : 0xBF
                    guard second >= low, second <= high, continuation(i + 2) else { return false }
                    i += 3
                case 0xF0...0xF4:
                    guard i + 1 < bytes.count else { return false }
                    let second = bytes[i + 1]
                    let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80, high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
                    guard second >= low, second <= high, continuation(i + 2), continuation(i + 3) else { return false }
                    i += 4
                default: return false
                }
            }
            return true
        }
    }
}
