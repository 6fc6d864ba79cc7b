/// The byte-level pieces the `Range` and `Content-Range` readers share (RFC 9110 §5.6): optional
/// whitespace, the `bytes` range unit and runs of digits.
enum HTTPFieldValueBytes {
    /// `bytes` without the spaces and tabs around it.
    static func trimmed<Bytes: BidirectionalCollection>(_ bytes: Bytes) -> Bytes.SubSequence where Bytes.Element == UInt8 {
        let isWhitespace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isWhitespace($0) }), let last = bytes.lastIndex(where: { !isWhitespace($0) }) else {
            return bytes[bytes.endIndex...]
        }
        return bytes[first...last]
    }

    /// Whether `unit` is the range unit `bytes`, in any letter case (units are case-insensitive).
    static func isBytesUnit(_ unit: ArraySlice<UInt8>) -> Bool {
        unit.count == 5 && zip(unit, "bytes".utf8).allSatisfy { $0 | 0x20 == $1 }
    }

    /// `1*DIGIT` as a number; nil for no digits, anything but digits, or a value beyond `Int64.max`.
    static func number(_ digits: ArraySlice<UInt8>) -> Int64? {
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }
            value = sum
        }
        return value
    }
}
