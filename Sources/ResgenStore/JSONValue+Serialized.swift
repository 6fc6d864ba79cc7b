import Foundation
import ResgenRuntimeCore

extension JSONValue {
    /// This value as JSON text (UTF-8), written directly: what the store hands its decoder and writes to
    /// its file, many times per read, where `JSONEncoder` walked the `Encoder` API for every value.
    ///
    /// A number that is a whole number within ±2⁵³ is written as an integer (`7`, not `7.0`, so an `Int`
    /// field decodes it); any other as Swift's shortest round-tripping form. Non-finite numbers, which
    /// JSON cannot hold and a parsed document never has, are written `null`.
    func serialized() -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        write(to: &bytes)
        return Data(bytes)
    }

    /// Appends this value's JSON text to `bytes` (see ``serialized()``).
    func write(to bytes: inout [UInt8]) {
        switch self {
        case .null:
            bytes.append(contentsOf: "null".utf8)
        case .bool(let value):
            bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let number):
            if !number.isFinite {
                bytes.append(contentsOf: "null".utf8)
            } else if number.rounded() == number && abs(number) <= 9_007_199_254_740_992 {
                bytes.append(contentsOf: String(Int64(number)).utf8)
            } else {
                bytes.append(contentsOf: "\(number)".utf8)
            }
        case .string(let text):
            Self.write(text, to: &bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                item.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for (key, value) in members {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                Self.write(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                value.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\u00XX`, everything else as UTF-8.
    private static func write(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
