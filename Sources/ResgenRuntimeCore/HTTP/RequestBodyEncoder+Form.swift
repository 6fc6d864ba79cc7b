import Foundation

extension RequestBodyEncoder {
    /// Serializes items as `application/x-www-form-urlencoded`, by the WHATWG URL standard's serializer.
    ///
    /// Items are written in order as `name=value`, joined by `&`. In names and values, ASCII letters
    /// and digits and `*`, `-`, `.` and `_` are kept, a space becomes `+`, and every other byte of the
    /// UTF-8 encoding becomes `%XX` (uppercase hex). No line breaks are normalized.
    ///
    /// An item whose value is `nil` is written `name=`, the same as an empty value: the standard's
    /// serializer always writes `=`, and its parser (like most servers') reads `name` and `name=`
    /// alike, so a bare `name` would carry no extra meaning in a form body.
    ///
    /// - Parameter items: The items, in order.
    /// - Returns: The ASCII bytes; empty for no items.
    public static func formURLEncoded(_ items: [QueryItem]) -> Data {
        var output: [UInt8] = []
        for (index, item) in items.enumerated() {
            if index > 0 { output.append(UInt8(ascii: "&")) }
            appendFormEncoded(item.name, to: &output)
            output.append(UInt8(ascii: "="))
            appendFormEncoded(item.value ?? "", to: &output)
        }
        return Data(output)
    }

    /// Appends `string` percent-encoded with the application/x-www-form-urlencoded percent-encode set,
    /// with spaces as `+`.
    private static func appendFormEncoded(_ string: String, to output: inout [UInt8]) {
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "*"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"):
                output.append(byte)
            case UInt8(ascii: " "):
                output.append(UInt8(ascii: "+"))
            default:
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
    }
}
