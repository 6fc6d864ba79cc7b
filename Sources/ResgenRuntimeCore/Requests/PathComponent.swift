/// One piece of a request path: either literal path text or a parameter value.
///
/// A path is written by concatenating its components' ``encoded`` text, so literals carry their own
/// slashes: the path `/articles/1/comments` is
/// `[.literal("/articles/"), .value("1"), .literal("/comments")]`.
public enum PathComponent: Hashable, Sendable {
    /// Raw path text, used as given; it may contain `/`, for example `"/articles/"`.
    case literal(String)
    /// A parameter value, percent-encoded so that it stays inside one path segment.
    ///
    /// See ``encodeValue(_:)`` for the exact rules.
    case value(String)

    /// The component as it appears in a path: a literal unchanged, a value percent-encoded.
    public var encoded: String {
        switch self {
        case .literal(let text): text
        case .value(let value): Self.encodeValue(value)
        }
    }

    /// Percent-encodes a value so that it forms (part of) exactly one path segment.
    ///
    /// Every byte of the value's UTF-8 form is encoded as `%XX` (uppercase hex) except the RFC 3986
    /// unreserved characters `A-Z a-z 0-9 - . _ ~`. So `/`, `?`, `#`, `%`, space and non-ASCII text
    /// are all encoded. In addition, a value that is exactly `.` or `..` is encoded as `%2E` or `%2E%2E`,
    /// so that it cannot act as a dot-segment that a client or server would resolve away.
    ///
    /// An empty value stays empty here, but the ``Client`` does not send a path with one: `/articles/`,
    /// an empty ID and `/publish` would be `/articles//publish`, and `Article.delete("")` the collection's
    /// `DELETE /articles/`. It throws a ``ClientError`` of kind ``ClientError/Kind/invalidRequest`` instead,
    /// for typed paths and request types alike.
    ///
    /// - Parameter value: The raw value, for example an ID.
    /// - Returns: The encoded text, for example `..%2Fadmin` for `../admin`.
    public static func encodeValue(_ value: String) -> String {
        if value == "." { return "%2E" }
        if value == ".." { return "%2E%2E" }
        return percentEncodingAllButUnreserved(value)
    }

    /// `value` with every byte but RFC 3986's unreserved characters (`A-Z a-z 0-9 - . _ ~`) written as
    /// `%XX`: the encoding of one path segment, and of a query name or value.
    static func percentEncodingAllButUnreserved(_ value: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if isUnreserved(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result.unicodeScalars.append("%")
                result.unicodeScalars.append(hexDigit(byte >> 4))
                result.unicodeScalars.append(hexDigit(byte & 0x0F))
            }
        }
        return result
    }

    /// Writes components as a path by concatenating their ``encoded`` text.
    ///
    /// - Parameter components: The components, in order.
    /// - Returns: The path, for example `/articles/1/comments`.
    public static func path(of components: [PathComponent]) -> String {
        components.map(\.encoded).joined()
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10)
    }
}
