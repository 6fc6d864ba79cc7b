import Foundation

/// An HTTP-date (RFC 9110 §5.6.7), as `Retry-After` may carry one. Recipients must read all three forms:
/// IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete RFC 850 form
/// (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime (`Sun Nov  6 08:49:37 1994`).
///
/// Parsed by hand rather than with `DateFormatter`: the grammar is fixed and English-only, and a
/// formatter depends on locale settings and is costly to create.
package enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// The instant `value` names; nil when it is no HTTP-date.
    ///
    /// - Parameter now: The present, for reading a two-digit year.
    package static func parse(_ value: String, now: Date) -> Date? {
        let tokens = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == "-" }).map(String.init)
        guard tokens.count >= 5 else { return nil }
        let fields: (day: String, month: String, year: String, time: String)
        if tokens.count == 6, tokens[5].caseInsensitiveCompare("GMT") == .orderedSame {
            fields = (tokens[1], tokens[2], tokens[3], tokens[4])  // IMF-fixdate or RFC 850
        } else if tokens.count == 5 {
            fields = (tokens[2], tokens[1], tokens[4], tokens[3])  // asctime
        } else {
            return nil
        }
        guard let day = number(fields.day, digits: 1...2),
            let month = months.firstIndex(of: fields.month.lowercased()).map({ $0 + 1 }),
            let year = year(fields.year, now: now),
            (1...ProlepticGregorian.daysIn(month: month, year: year)).contains(day),
            let seconds = time(fields.time)
        else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(ProlepticGregorian.daysSince1970(year: year, month: month, day: day) * 86_400 + seconds))
    }

    /// A four-digit year, or a two-digit one read as RFC 9110 says: one that would be more than 50 years
    /// in the future is in the past century. (Two-digit years only occur in the obsolete RFC 850 form.)
    private static func year(_ text: String, now: Date) -> Int? {
        if let year = number(text, digits: 4...4) { return year }
        guard let short = number(text, digits: 2...2) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let current = calendar.component(.year, from: now)
        var year = current - current % 100 + short
        if year > current + 50 { year -= 100 }
        return year
    }

    /// `hh:mm:ss` as seconds into the day (a leap second `60` allowed, as the grammar does).
    private static func time(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let hours = number(parts[0], digits: 2...2), let minutes = number(parts[1], digits: 2...2),
            let seconds = number(parts[2], digits: 2...2), hours < 24, minutes < 60, seconds <= 60
        else { return nil }
        return hours * 3600 + minutes * 60 + seconds
    }

    /// ASCII digits only, of a length in `digits`.
    private static func number(_ text: String, digits: ClosedRange<Int>) -> Int? {
        guard digits.contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }
}
