import Foundation

@testable import ResgenRuntimeCore

/// Target `isodates`: the byte-level timestamp reader (`RFC3339Timestamp`) against the format style it
/// stands in for (`Date.ISO8601FormatStyle`), differentially.
///
/// Whatever the fast path reads must be the very `Date` the format style reads, bit for bit; what it
/// declines, the format style decides. Each input is checked twice: as text (any bytes, so shapes near
/// the accepted one are tried), and as the recipe of a timestamp of the accepted shape, its fields taken
/// from the input's bytes, some out of range (so most runs reach the arithmetic and its roundings).
enum ISODatesHarness {
    static let target = FuzzTarget(name: "isodates", summary: "the fast ISO 8601 timestamp reader against Date.ISO8601FormatStyle") { input, _ throws(Finding) in
        for text in [String(decoding: input, as: UTF8.self), timestamp(from: input)] {
            if let message = check(text) {
                throw Finding(target: "isodates", kind: "difference", message: message)
            }
        }
    }

    /// Why the fast path and the format style disagree on `text`, or `nil` when they agree.
    static func check(_ text: String) -> String? {
        let reference = ISO8601Dates.parseWithFormatStyles(text)
        let parsed = ISO8601Dates.parse(text)
        guard parsed?.timeIntervalSinceReferenceDate.bitPattern == reference?.timeIntervalSinceReferenceDate.bitPattern else {
            return "\(text.debugDescription): read as \(describe(parsed)), the format style reads \(describe(reference))"
        }
        return nil
    }

    private static func describe(_ date: Date?) -> String {
        date.map { "\($0.timeIntervalSinceReferenceDate) (bits \(String($0.timeIntervalSinceReferenceDate.bitPattern, radix: 16)))" } ?? "nothing"
    }

    /// `yyyy-mm-ddThh:mm:ss[.f…][Z|±hh:mm]` with its fields drawn from `input`'s bytes in turn (zero
    /// when they run out): years 1580 to 9999, fields up to one past their range, zero to ten
    /// fractional digits.
    static func timestamp(from input: Data) -> String {
        var bytes = input.makeIterator()
        func next() -> Int { Int(bytes.next() ?? 0) }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = 1580 + (next() << 8 | next()) % 8420
        let month = 1 + next() % 13
        let day = 1 + next() % 32
        let hour = next() % 25
        let minute = next() % 61
        let second = next() % 61
        var text = "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))"
        let digits = next() % 11
        if digits > 0 { text += "." + (0..<digits).map { _ in String(next() % 10) }.joined() }
        let zone = next()
        if zone % 3 == 0 {
            text += "Z"
        } else {
            text += (zone % 3 == 1 ? "+" : "-") + two(next() % 20) + ":" + two(next() % 61)
        }
        return text
    }
}
