extension URITemplate {
    /// A set of ASCII bytes as a 128-bit mask, for classifying template and value bytes without tables.
    struct ASCIISet: Sendable {
        /// Bits for bytes 0...63.
        package let low: UInt64
        /// Bits for bytes 64...127.
        package let high: UInt64

        /// Whether the set holds the byte; bytes of 128 and more never belong.
        @inline(__always)
        package func contains(_ byte: UInt8) -> Bool {
            if byte < 64 { return low & (1 &<< UInt64(byte)) != 0 }
            if byte < 128 { return high & (1 &<< UInt64(byte &- 64)) != 0 }
            return false
        }

        /// RFC 3986 `unreserved`: `ALPHA / DIGIT / "-" / "." / "_" / "~"`.
        static let unreserved = ASCIISet(low: 0x03FF_6000_0000_0000, high: 0x47FF_FFFE_87FF_FFFE)

        /// `unreserved` and `reserved` (`:/?#[]@!$&'()*+,;=`). The same set is what literals may hold
        /// besides pct-encoded triplets and non-ASCII characters (with `'`, see ``URITemplate``).
        static let unreservedOrReserved = ASCIISet(low: 0xAFFF_FFDA_0000_0000, high: 0x47FF_FFFE_AFFF_FFFF)

        /// `varchar` without pct-encoded triplets: `ALPHA / DIGIT / "_"`.
        static let variableCharacters = ASCIISet(low: 0x03FF_0000_0000_0000, high: 0x07FF_FFFE_87FF_FFFE)

        /// `HEXDIG`, either case.
        static let hexDigits = ASCIISet(low: 0x03FF_0000_0000_0000, high: 0x0000_007E_0000_007E)
    }
}
