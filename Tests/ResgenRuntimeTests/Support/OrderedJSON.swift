/// A JSON value that keeps object keys in document order and numbers as their source text, for test
/// data where both matter (Foundation's `JSONSerialization` loses the order and reformats numbers).
enum OrderedJSON: Equatable {
    case string(String)
    /// The number exactly as written, e.g. `-122.427`.
    case number(String)
    case bool(Bool)
    case null
    case array([OrderedJSON])
    case object([(String, OrderedJSON)])

    /// Parses a complete JSON text (RFC 8259; no extensions).
    static func parse(_ text: String) throws -> OrderedJSON {
        var reader = Reader(bytes: Array(text.utf8))
        let value = try reader.value()
        reader.skipWhitespace()
        guard reader.index == reader.bytes.count else { throw reader.failure("trailing characters") }
        return value
    }

    /// The members of an object, or `nil`.
    var members: [(String, OrderedJSON)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The member with this key of an object, or `nil`.
    subscript(key: String) -> OrderedJSON? {
        members?.first { $0.0 == key }?.1
    }

    static func == (lhs: OrderedJSON, rhs: OrderedJSON) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)), (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.elementsEqual(b) { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// Why a text is not JSON.
    struct SyntaxError: Error, CustomStringConvertible {
        var offset: Int
        var message: String
        var description: String { "invalid JSON at byte \(offset): \(message)" }
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        func failure(_ message: String) -> SyntaxError { SyntaxError(offset: index, message: message) }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value() throws -> OrderedJSON {
            skipWhitespace()
            guard index < bytes.count else { throw failure("unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"):
                try keyword("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try keyword("false")
                return .bool(false)
            case UInt8(ascii: "n"):
                try keyword("null")
                return .null
            default: return try number()
            }
        }

        mutating func keyword(_ word: String) throws {
            let expected = Array(word.utf8)
            guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected
            else { throw failure("expected '\(word)'") }
            index += expected.count
        }

        mutating func object() throws -> OrderedJSON {
            index += 1
            var members: [(String, OrderedJSON)] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key") }
                let key = try string()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
                index += 1
                members.append((key, try value()))
                skipWhitespace()
                guard index < bytes.count else { throw failure("unexpected end in an object") }
                index += 1
                switch bytes[index - 1] {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: "}"): return .object(members)
                default:
                    index -= 1
                    throw failure("expected ',' or '}'")
                }
            }
        }

        mutating func array() throws -> OrderedJSON {
            index += 1
            var elements: [OrderedJSON] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                elements.append(try value())
                skipWhitespace()
                guard index < bytes.count else { throw failure("unexpected end in an array") }
                index += 1
                switch bytes[index - 1] {
                case UInt8(ascii: ","): continue
                case UInt8(ascii: "]"): return .array(elements)
                default:
                    index -= 1
                    throw failure("expected ',' or ']'")
                }
            }
        }

        mutating func number() throws -> OrderedJSON {
            let start = index
            let allowed = Set("+-.0123456789eE".utf8)
            while index < bytes.count, allowed.contains(bytes[index]) { index += 1 }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard !text.isEmpty, Double(text) != nil else { throw failure("invalid value") }
            return .number(text)
        }

        mutating func string() throws -> String {
            index += 1
            var scalars = String.UnicodeScalarView()
            var pendingHighSurrogate: UInt32?
            var raw: [UInt8] = []
            func flush() {
                if !raw.isEmpty { scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars) }
                raw.removeAll()
            }
            while true {
                guard index < bytes.count else { throw failure("unterminated string") }
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    guard pendingHighSurrogate == nil else { throw failure("unpaired surrogate") }
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush()
                    guard index < bytes.count else { throw failure("unterminated escape") }
                    let escape = bytes[index]
                    index += 1
                    let simple: [UInt8: Unicode.Scalar] = [
                        UInt8(ascii: "\""): "\"", UInt8(ascii: "\\"): "\\", UInt8(ascii: "/"): "/",
                        UInt8(ascii: "b"): "\u{08}", UInt8(ascii: "f"): "\u{0C}", UInt8(ascii: "n"): "\n",
                        UInt8(ascii: "r"): "\r", UInt8(ascii: "t"): "\t",
                    ]
                    if let scalar = simple[escape] {
                        guard pendingHighSurrogate == nil else { throw failure("unpaired surrogate") }
                        scalars.append(scalar)
                        continue
                    }
                    guard escape == UInt8(ascii: "u"), bytes.count - index >= 4,
                        let unit = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                    else { throw failure("invalid escape") }
                    index += 4
                    if let high = pendingHighSurrogate, (0xDC00...0xDFFF).contains(unit) {
                        pendingHighSurrogate = nil
                        scalars.append(Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00))!)
                    } else if pendingHighSurrogate != nil {
                        throw failure("unpaired surrogate")
                    } else if (0xD800...0xDBFF).contains(unit) {
                        pendingHighSurrogate = unit
                    } else if let scalar = Unicode.Scalar(unit) {
                        scalars.append(scalar)
                    } else {
                        throw failure("unpaired surrogate")
                    }
                default:
                    guard byte >= 0x20 else { throw failure("control character in a string") }
                    guard pendingHighSurrogate == nil else { throw failure("unpaired surrogate") }
                    raw.append(byte)
                }
            }
        }
    }
}
