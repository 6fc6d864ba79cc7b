/// The value of a `Range` request field for bytes (RFC 9110 §14.2): `bytes=0-499, 1000-`.
///
/// ```
/// Range        = range-unit "=" range-set
/// range-set    = 1#range-spec
/// range-spec   = int-range / suffix-range
/// int-range    = first-pos "-" [ last-pos ]
/// suffix-range = "-" suffix-length
/// ```
///
/// Only the `bytes` unit (any letter case) is read. A value that does not follow the grammar — another
/// unit, a range whose last position is before its first, a number too large for `Int64`, no range at
/// all — is no `RangeHeader` (`nil`): RFC 9110 lets a server ignore such a field, and a client has no
/// business sending one. The list allows whitespace around its commas and empty elements, as every
/// `#` list does (RFC 9110 §5.6.1).
public struct RangeHeader: Hashable, Sendable, CustomStringConvertible {
    /// The ranges asked for, in order; never empty for a parsed value.
    public var ranges: [ByteRange]

    /// A value asking for `ranges`.
    public init(_ ranges: [ByteRange]) {
        self.ranges = ranges
    }

    /// Reads a `Range` field value; nil when it is not a valid `bytes` ranges-specifier.
    ///
    /// - Parameter value: The field value, e.g. `bytes=500-` (whitespace around it is ignored).
    public init?(parsing value: some StringProtocol) {
        let bytes = Array(HTTPFieldValueBytes.trimmed(Array(value.utf8)))
        guard let equals = bytes.firstIndex(of: UInt8(ascii: "=")),
            HTTPFieldValueBytes.isBytesUnit(bytes[..<equals])
        else { return nil }
        var ranges: [ByteRange] = []
        for element in bytes[(equals + 1)...].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            let spec = HTTPFieldValueBytes.trimmed(element)
            if spec.isEmpty { continue }  // an empty list element
            guard let range = Self.rangeSpec(spec) else { return nil }
            ranges.append(range)
        }
        guard !ranges.isEmpty else { return nil }
        self.ranges = ranges
    }

    /// `int-range` or `suffix-range`; nil for anything else.
    private static func rangeSpec(_ spec: ArraySlice<UInt8>) -> ByteRange? {
        guard let dash = spec.firstIndex(of: UInt8(ascii: "-")) else { return nil }
        let before = spec[..<dash]
        let after = spec[(dash + 1)...]
        if before.isEmpty {
            return HTTPFieldValueBytes.number(after).map { .suffix(length: $0) }
        }
        guard let first = HTTPFieldValueBytes.number(before) else { return nil }
        if after.isEmpty { return .from(first: first) }
        guard let last = HTTPFieldValueBytes.number(after), last >= first else { return nil }
        return .closed(first: first, last: last)
    }

    /// The field value: `bytes=` and the ranges, separated by `, `.
    public var description: String {
        "bytes=" + ranges.map(\.description).joined(separator: ", ")
    }
}
