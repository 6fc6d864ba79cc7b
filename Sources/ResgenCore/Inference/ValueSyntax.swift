import Foundation

/// Recognizes the string forms inference turns into types: ISO 8601 date-times and dates the
/// runtime's date formats read, and absolute URLs.
enum ValueSyntax {
    /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, with fields in range: what ResgenRuntime's
    /// `iso8601` date format (with or without fractional seconds) reads.
    static func isDateTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, isCalendarDate(bytes[0..<10]), bytes[10] == UInt8(ascii: "T"),
            let hour = number(bytes[11..<13]), hour < 24, bytes[13] == UInt8(ascii: ":"),
            let minute = number(bytes[14..<16]), minute < 60, bytes[16] == UInt8(ascii: ":"),
            let second = number(bytes[17..<19]), second < 60
        else { return false }
        var index = 19
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > start else { return false }
        }
        let zone = bytes[index...]
        if zone.elementsEqual([UInt8(ascii: "Z")]) { return true }
        guard zone.count == 6, zone.first == UInt8(ascii: "+") || zone.first == UInt8(ascii: "-"),
            let zoneHour = number(zone.dropFirst().prefix(2)), zoneHour < 24,
            zone[zone.startIndex + 3] == UInt8(ascii: ":"), let zoneMinute = number(zone.suffix(2)), zoneMinute < 60
        else { return false }
        return true
    }

    /// `YYYY-MM-DD` with a real month and day: the `date` date format.
    static func isCalendarDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 10 && isCalendarDate(bytes[...])
    }

    private static func isCalendarDate(_ bytes: ArraySlice<UInt8>) -> Bool {
        let start = bytes.startIndex
        guard bytes.count == 10, let year = number(bytes[start..<(start + 4)]), year > 0,
            bytes[start + 4] == UInt8(ascii: "-"), let month = number(bytes[(start + 5)..<(start + 7)]),
            bytes[start + 7] == UInt8(ascii: "-"), let day = number(bytes[(start + 8)..<(start + 10)])
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...12).contains(month) && (1...lengths[month - 1]).contains(day)
    }

    /// An absolute `http` or `https` URL that Foundation's `URL(string:)` reads (as decoding a `URL` does).
    static func isAbsoluteURL(_ text: String) -> Bool {
        let lower = text.prefix(8).lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"), let url = URL(string: text) else { return false }
        return url.host?.isEmpty == false
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// The decimal value of all-digit `bytes`; nil otherwise.
    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.allSatisfy(isDigit) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}
