import Foundation

/// A strict `application/x-www-form-urlencoded` reader for what the WHATWG URL standard's serializer
/// writes: `name=value` pairs joined by `&`, each byte an ASCII letter or digit, `*-._`, `+` (a space)
/// or `%XX` with uppercase hex, the decoded bytes valid UTF-8. Anything else is an error, so that the
/// encoder cannot drift towards output that only a lenient parser reads.
enum FormReader {
    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    /// The pairs of `body`, in order.
    static func parse(_ body: Data) throws -> [(String, String)] {
        guard !body.isEmpty else { return [] }
        return try body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).map { pair in
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { throw Malformed(description: "a pair without '='") }
            return (try decode(pair[..<equals]), try decode(pair[pair.index(after: equals)...]))
        }
    }

    static func decode(_ bytes: Data.SubSequence) throws -> String {
        var output: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
                output.append(byte)
            case UInt8(ascii: "+"):
                output.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard index + 2 < bytes.endIndex, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) else {
                    throw Malformed(description: "a '%' not followed by two uppercase hex digits")
                }
                output.append(high << 4 | low)
                index += 2
            default:
                throw Malformed(description: "byte 0x\(String(byte, radix: 16)) is not written as is")
            }
            index += 1
        }
        guard let string = String(validating: output, as: UTF8.self) else { throw Malformed(description: "the decoded bytes are not UTF-8") }
        return string
    }

    static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
