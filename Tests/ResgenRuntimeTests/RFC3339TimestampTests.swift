import Foundation
import Testing

@testable import ResgenRuntimeCore

/// ``RFC3339Timestamp`` reads a timestamp to the very `Date` `Date.ISO8601FormatStyle` reads it to, or
/// leaves it to the format style.
@Suite struct RFC3339TimestampTests {
    /// What the format styles make of `text`, the way ``ISO8601Dates`` asked them before the fast path.
    static func formatStyle(_ text: String) -> Date? { ISO8601Dates.parseWithFormatStyles(text) }

    static func bits(_ date: Date?) -> UInt64? { date?.timeIntervalSinceReferenceDate.bitPattern }

    @Test(
        "Timestamps of the common shape are read, to the format style's Date bit for bit",
        arguments: [
            "2026-11-21T10:00:00Z", "2026-11-21T10:00:00.123Z", "2026-11-21T10:00:00.1Z", "2026-11-21T10:00:00.123456789Z",
            "2026-11-21T10:00:00.999999999Z", "2026-11-21T10:00:00.000Z", "2026-11-21T10:00:00+01:00",
            "2026-11-21T10:00:00.5+01:30", "2026-11-21T10:00:00-00:00", "2026-11-21T10:00:00+18:00", "2026-11-21T10:00:00-18:00",
            "2026-11-21T10:00:00+05:45", "1969-12-31T23:59:59.5Z", "1600-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
            "2024-02-29T10:00:00Z", "2000-02-29T00:00:00Z", "1970-01-01T00:00:00Z", "2001-01-01T00:00:00Z",
        ])
    func commonShapes(text: String) throws {
        let date = try #require(RFC3339Timestamp.parse(text))
        #expect(Self.bits(date) == Self.bits(Self.formatStyle(text)))
        #expect(Self.bits(ISO8601Dates.parse(text)) == Self.bits(date))
    }

    @Test(
        "Anything else is left to the format style, which keeps deciding what it accepts and means",
        arguments: [
            // Shapes: lowercase, no seconds, a comma, a space, compact offsets, ten fractional digits.
            "2026-11-21t10:00:00z", "2026-11-21T10:00Z", "2026-11-21T10:00:00,5Z", "2026-11-21 10:00:00Z",
            "2026-11-21T10:00:00+0100", "2026-11-21T10:00:00+01", "2026-11-21T10:00:00.Z", "2026-11-21T10:00:00.1234567891Z",
            "2026-11-21T10:00:00Z ", " 2026-11-21T10:00:00Z", "+12026-11-21T10:00:00Z", "2026-11-21T10:00:00", "",
            // Fields the format style rolls over: February 29 of a common year, 24:00, minute 60, offset minute 60.
            "2025-02-29T10:00:00Z", "2026-04-31T00:00:00Z", "2026-11-21T24:00:00Z", "2026-11-21T10:60:00Z",
            "2026-12-31T23:59:60Z", "2026-11-21T10:00:00+00:60", "2026-13-01T00:00:00Z",
            // Julian dates, and offsets the format style refuses.
            "1582-10-04T00:00:00Z", "0999-01-01T00:00:00Z", "2026-11-21T10:00:00+18:01", "2026-11-21T10:00:00+23:59",
        ])
    func otherShapesAreLeftToTheFormatStyle(text: String) {
        #expect(RFC3339Timestamp.parse(text) == nil)
        #expect(Self.bits(ISO8601Dates.parse(text)) == Self.bits(Self.formatStyle(text)))
    }

    @Test("Random timestamps, valid and not: whatever the fast path reads, it reads as the format style does")
    func randomTimestampsAgreeWithTheFormatStyle() {
        var random = SplitMix64(seed: 0x1F_2026_1127)
        var read = 0
        var disagreements: [String] = []
        let count = 20_000
        for _ in 0..<count {
            let text = Self.randomTimestamp(using: &random)
            guard let date = RFC3339Timestamp.parse(text) else { continue }
            read += 1
            let reference = Self.formatStyle(text)
            if Self.bits(date) != Self.bits(reference), disagreements.count < 10 {
                disagreements.append("\(text): \(date.timeIntervalSinceReferenceDate) vs \(String(describing: reference?.timeIntervalSinceReferenceDate))")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
        // Most draws are of the common shape: a fast path that read nothing would agree trivially.
        #expect(read > count / 2, "read \(read) of \(count)")
    }

    /// A timestamp of the common shape, with fields now and then out of range, a fraction of zero to
    /// ten digits and an offset from `Z` to ±19:60.
    static func randomTimestamp(using random: inout SplitMix64) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = Bool.random(using: &random) ? Int.random(in: 1900...2100, using: &random) : Int.random(in: 1590...9999, using: &random)
        let month = Int.random(in: 1...12, using: &random)
        let day = Int.random(in: 1...(Int.random(in: 0..<20, using: &random) == 0 ? 31 : 28), using: &random)
        let hour = Int.random(in: 0...(Int.random(in: 0..<20, using: &random) == 0 ? 24 : 23), using: &random)
        let minute = Int.random(in: 0...(Int.random(in: 0..<20, using: &random) == 0 ? 60 : 59), using: &random)
        let second = Int.random(in: 0...(Int.random(in: 0..<20, using: &random) == 0 ? 60 : 59), using: &random)
        var text = "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))"
        let digits = Int.random(in: 0...10, using: &random)
        if digits > 0 {
            text += "." + String((0..<digits).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
        }
        if Bool.random(using: &random) {
            text += "Z"
        } else {
            let sign = Bool.random(using: &random) ? "+" : "-"
            text += sign + two(Int.random(in: 0...19, using: &random)) + ":" + two(Int.random(in: 0...60, using: &random))
        }
        return text
    }
}
