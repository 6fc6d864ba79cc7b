/// Parses a type spelling such as `[String: Int]?` into a tree of names, before names are resolved.
///
/// Grammar: `type := base '?'?` and `base := name | '[' type ']' | '[' 'String' ':' type ']'`, with
/// spaces allowed around the punctuation.
indirect enum TypeSpelling: Hashable, Sendable {
    case named(String, offset: Int)
    case optional(TypeSpelling)
    case array(TypeSpelling)
    case dictionary(key: TypeSpelling, value: TypeSpelling)

    /// A syntax problem and the UTF-8 offset in the spelling where it was found.
    struct SyntaxError: Error {
        var message: String
        var offset: Int
    }

    /// Parses `text`.
    static func parse(_ text: String) throws(SyntaxError) -> TypeSpelling {
        var parser = Parser(bytes: Array(text.utf8))
        let result = try parser.type()
        parser.skipSpaces()
        guard parser.position == parser.bytes.count else {
            throw SyntaxError(message: "unexpected '\(parser.rest)'", offset: parser.position)
        }
        return result
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        var rest: String { String(decoding: bytes[position...], as: UTF8.self) }

        mutating func skipSpaces() {
            while position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
        }

        mutating func consume(_ character: Character) -> Bool {
            skipSpaces()
            guard position < bytes.count, bytes[position] == character.asciiValue else { return false }
            position += 1
            return true
        }

        mutating func type() throws(SyntaxError) -> TypeSpelling {
            var result = try base()
            while consume("?") { result = .optional(result) }
            return result
        }

        mutating func base() throws(SyntaxError) -> TypeSpelling {
            skipSpaces()
            if consume("[") {
                let first = try type()
                if consume(":") {
                    let value = try type()
                    guard consume("]") else { throw SyntaxError(message: "expected ']' to close the dictionary type", offset: position) }
                    return .dictionary(key: first, value: value)
                }
                guard consume("]") else { throw SyntaxError(message: "expected ']' to close the array type", offset: position) }
                return .array(first)
            }
            let start = position
            while position < bytes.count, isNameByte(bytes[position]) { position += 1 }
            guard position > start else {
                let found = position < bytes.count ? "'\(rest)'" : "the end"
                throw SyntaxError(message: "expected a type name, found \(found)", offset: position)
            }
            return .named(String(decoding: bytes[start..<position], as: UTF8.self), offset: start)
        }

        func isNameByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte >= 0x80
        }
    }
}
