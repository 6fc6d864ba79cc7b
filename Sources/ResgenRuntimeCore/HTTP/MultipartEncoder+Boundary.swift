extension MultipartEncoder {
    /// Where a ``MultipartEncoder`` gets the boundary that separates parts.
    public enum Boundary: Sendable {
        /// A new boundary from the closure for every body; when it occurs in a part's content, the
        /// encoder asks for another.
        case generated(@Sendable () -> String)
        /// This boundary for every body; when it occurs in a part's content, encoding throws
        /// ``MultipartEncoder/Error/boundaryInContent(boundary:partName:)``. Meant for tests.
        case fixed(String)

        /// A fresh ``MultipartEncoder/randomBoundary()`` for every body: the default.
        public static var random: Boundary { .generated(MultipartEncoder.randomBoundary) }
    }

    /// A boundary of `resgen-` and 32 lowercase hex digits (128 bits) from the system's
    /// cryptographically secure generator.
    ///
    /// - Returns: A 39-character boundary made of RFC 2046 `bchars`.
    public static func randomBoundary() -> String {
        let digits = Array("0123456789abcdef".utf8)
        var generator = SystemRandomNumberGenerator()
        var bytes = Array("resgen-".utf8)
        for _ in 0..<2 {
            var word: UInt64 = generator.next()
            for _ in 0..<16 {
                bytes.append(digits[Int(word & 0xF)])
                word >>= 4
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `boundary` is 1 to 70 RFC 2046 `bchars`, the last one not a space.
    static func isValid(boundary: String) -> Bool {
        let scalars = boundary.unicodeScalars
        guard (1...70).contains(scalars.count), scalars.last != " " else { return false }
        return scalars.allSatisfy { scalar in
            switch scalar {
            case "0"..."9", "a"..."z", "A"..."Z", "'", "(", ")", "+", "_", ",", "-", ".", "/", ":", "=", "?", " ":
                true
            default:
                false
            }
        }
    }

    /// The `Content-Type` header value for `boundary`, quoting the boundary when it holds characters
    /// that a bare MIME parameter value cannot (RFC 2045 `tspecials` and space), or an apostrophe,
    /// which RFC 2231-aware parsers such as Python's `email` do not read in a bare value.
    package static func contentType(boundary: String) -> String {
        let needsQuotes = boundary.unicodeScalars.contains { "'(),/:=? ".unicodeScalars.contains($0) }
        return needsQuotes
            ? "multipart/form-data; boundary=\"\(boundary)\""
            : "multipart/form-data; boundary=\(boundary)"
    }
}
