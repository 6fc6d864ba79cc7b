import Foundation

/// How one `Date` attribute is written on the wire when it is not in the API's ``DateFormat``: the
/// schema's per-attribute `dateFormat` (`date`, an API-wide format's name, or `{ pattern: … }`).
///
/// Generated code decodes and encodes such an attribute through this format itself, whatever the
/// coder's date strategy, so a date-only `"1968-11-01"` and an ISO 8601 timestamp can stand in one
/// resource, and each is written back in the form it was read.
public enum AttributeDateFormat: Hashable, Sendable {
    /// A calendar date without a time, `1968-11-01`: midnight UTC of that day.
    case date
    /// One of the API-wide formats.
    case api(DateFormat)
    /// A Unicode date pattern such as `dd.MM.yyyy`, read and written in the POSIX locale and UTC (unless
    /// the pattern names a zone).
    case pattern(String)
    /// Several formats, tried in order on reading; the first is the one written. A server that writes a
    /// date-only column as `2001-01-01` on reads but `2001-01-01 00:00:00` in a create's reply is read
    /// either way (`dateFormat: [date, { pattern: "yyyy-MM-dd HH:mm:ss" }]`).
    case anyOf([AttributeDateFormat])

    /// The wire form of `date`: a string, or a number for the `since1970` formats.
    public func wireValue(of date: Date) -> DateWireValue {
        switch self {
        case .date: .string(Self.dateOnly.format(date))
        case .api(.iso8601): .string(ISO8601Dates.plain.format(date))
        case .api(.iso8601WithFractionalSeconds): .string(ISO8601Dates.fractional.format(date))
        case .api(.secondsSince1970): .number(date.timeIntervalSince1970)
        case .api(.millisecondsSince1970): .number(date.timeIntervalSince1970 * 1000)
        case .pattern(let pattern): .string(PatternFormatters.shared.string(from: date, pattern: pattern))
        case .anyOf(let formats): (formats.first ?? .api(.iso8601)).wireValue(of: date)
        }
    }

    /// The date a string in this format stands for; nil when it is not in this format (or the format
    /// is a number).
    public func date(from text: String) -> Date? {
        switch self {
        case .date: Self.isDateOnly(text) ? try? Self.dateOnly.parse(text) : nil
        case .api(.iso8601), .api(.iso8601WithFractionalSeconds): ISO8601Dates.parse(text)
        case .api(.secondsSince1970), .api(.millisecondsSince1970): nil
        case .pattern(let pattern): PatternFormatters.shared.date(from: text, pattern: pattern)
        case .anyOf(let formats): formats.lazy.compactMap { $0.date(from: text) }.first
        }
    }

    /// Whether the wire form is a number (seconds or milliseconds since 1970).
    public var isNumeric: Bool {
        switch self {
        case .api(.secondsSince1970), .api(.millisecondsSince1970): true
        case .anyOf(let formats): formats.first?.isNumeric ?? false
        default: false
        }
    }

    /// The date a number in this format stands for; nil for a format written as a string.
    public func date(from number: Double) -> Date? {
        switch self {
        case .api(.secondsSince1970): Date(timeIntervalSince1970: number)
        case .api(.millisecondsSince1970): Date(timeIntervalSince1970: number / 1000)
        case .anyOf(let formats): formats.lazy.compactMap { $0.date(from: number) }.first
        default: nil
        }
    }

    /// What an error message shows as the expected form.
    var example: String {
        switch self {
        case .date: "a date like '1968-11-01'"
        case .api(let format): "a date in the '\(format.rawValue)' format"
        case .pattern(let pattern): "a date with the pattern '\(pattern)'"
        case .anyOf(let formats): formats.map(\.example).joined(separator: " or ")
        }
    }

    /// Whether `text` is exactly `yyyy-MM-dd` (the format style would also take a timestamp, dropping
    /// its time: a date-only attribute must not silently accept one).
    static func isDateOnly(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        return bytes.enumerated().allSatisfy { index, byte in index == 4 || index == 7 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    }

    /// `yyyy-MM-dd` in UTC, both ways.
    static let dateOnly = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC") ?? .current).year().month().day()
}

/// A date as written on the wire: a string or a number.
public enum DateWireValue: Hashable, Sendable, Encodable {
    case string(String)
    case number(Double)

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .number(let number): try container.encode(number)
        }
    }
}

@_spi(Generated) extension DateWireValue: ParameterValue {
    /// The text of a path, query, header or form parameter: the string, or the number without a
    /// fraction when it has none (`1500`, not `1500.0`).
    public var parameterValue: String {
        switch self {
        case .string(let text): text
        case .number(let number):
            number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        }
    }
}

/// One `DateFormatter` per pattern, made once (they are expensive to make) and used under a lock
/// (`DateFormatter` is a class with mutable state).
final class PatternFormatters: @unchecked Sendable {
    package static let shared = PatternFormatters()

    private let lock = NSLock()
    private var formatters: [String: DateFormatter] = [:]

    package func string(from date: Date, pattern: String) -> String {
        lock.withLock { formatter(pattern).string(from: date) }
    }

    package func date(from text: String, pattern: String) -> Date? {
        lock.withLock { formatter(pattern).date(from: text) }
    }

    /// Call with the lock held.
    private func formatter(_ pattern: String) -> DateFormatter {
        if let formatter = formatters[pattern] { return formatter }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        formatters[pattern] = formatter
        return formatter
    }
}
