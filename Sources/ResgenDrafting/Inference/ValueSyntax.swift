import ResgenCore
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

    /// The Unicode date pattern of a date-time as servers write it, nil for anything else:
    /// `YYYY-MM-DD`, a space or `T`, `HH:mm:ss`, an optional fraction, and an optional zone (`Z`,
    /// `±HH:MM`, `±HHMM`, `±HH`). `2026-03-02 09:15:00` → `yyyy-MM-dd HH:mm:ss`;
    /// `2026-03-02T09:15:00.250+0100` → `yyyy-MM-dd'T'HH:mm:ss.SSSxx`.
    static func dateTimePattern(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19, isCalendarDate(bytes[0..<10]), bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
            let hour = number(bytes[11..<13]), hour < 24, bytes[13] == UInt8(ascii: ":"),
            let minute = number(bytes[14..<16]), minute < 60, bytes[16] == UInt8(ascii: ":"),
            let second = number(bytes[17..<19]), second < 60
        else { return nil }
        var pattern = "yyyy-MM-dd" + (bytes[10] == UInt8(ascii: "T") ? "'T'" : " ") + "HH:mm:ss"
        var index = 19
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            // DateFormatter reads at most milliseconds-like precision per `S`; longer fractions are rare.
            guard index > start, index - start <= 9 else { return nil }
            pattern += "." + String(repeating: "S", count: index - start)
        }
        let zone = bytes[index...]
        if zone.isEmpty { return pattern }
        if zone.elementsEqual([UInt8(ascii: "Z")]) { return pattern + "XXX" }
        guard zone.first == UInt8(ascii: "+") || zone.first == UInt8(ascii: "-"), let zoneHour = number(zone.dropFirst().prefix(2)), zoneHour < 24 else { return nil }
        switch zone.count {
        case 3: return pattern + "x"
        case 5: return number(zone.suffix(2)).map { $0 < 60 ? pattern + "xx" : nil } ?? nil
        case 6: return zone[zone.startIndex + 3] == UInt8(ascii: ":") && (number(zone.suffix(2)) ?? 60) < 60 ? pattern + "XXX" : nil
        default: return nil
        }
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
