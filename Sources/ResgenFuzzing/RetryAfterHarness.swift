import Foundation

@testable import ResgenRuntime

/// Target `retryafter`: the `Retry-After` reader (`RetryMiddleware.retryAfter`), delay-seconds and the
/// three HTTP-date forms of ``HTTPDate``.
///
/// Each input is used twice. As a field value as it is: reading it must not trap, and a wait it finds is
/// never negative. And as a recipe for a date (1583–9999, where Foundation's Gregorian calendar agrees
/// with the proleptic one the reader uses), written in one of the three forms with the letter case and
/// whitespace the grammar allows: it must read as the instant Foundation's calendar gives, and the wait
/// must be its distance from `now`.
enum RetryAfterHarness {
    static let target = FuzzTarget(name: "retryafter", summary: "Retry-After: delay-seconds and the three HTTP-date forms") {
        input, _ throws(Finding) in
        if let message = checkFieldValue(input) ?? checkRecipe(input) {
            throw Finding(target: "retryafter", kind: "difference", message: message)
        }
    }

    /// The present the reader measures against: 2025-11-24T16:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_764_000_000)

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// The input as a field value.
    static func checkFieldValue(_ input: Data) -> String? {
        let value = String(decoding: input, as: UTF8.self)
        guard let wait = RetryMiddleware.retryAfter(value, now: now), wait < .zero else { return nil }
        return "\(value.debugDescription) asks for a negative wait, \(wait)"
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let dayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let longDayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// The input as a recipe of a date and the form it is written in.
    static func checkRecipe(_ input: Data) -> String? {
        var recipe = FuzzInput(input)
        let form = recipe.choose(3)  // 0 IMF-fixdate, 1 RFC 850, 2 asctime
        let currentYear = calendar.component(.year, from: now)
        let wide = Int(recipe.byte()) << 8 | Int(recipe.byte())
        // RFC 850 has two-digit years, read as the one no more than 50 years ahead of `now`.
        let year = form == 1 ? currentYear - 49 + wide % 100 : 1583 + wide % (9999 - 1583 + 1)
        let month = 1 + recipe.choose(12)
        guard let first = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
            let days = calendar.range(of: .day, in: .month, for: first)?.count
        else { return nil }
        let (day, hour, minute, second) = (1 + recipe.choose(days), recipe.choose(24), recipe.choose(60), recipe.choose(61))
        guard let expected = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
        else { return nil }
        let weekday = calendar.component(.weekday, from: expected) - 1

        func cased(_ word: String) -> String {
            switch recipe.choose(3) {
            case 0: word
            case 1: word.lowercased()
            default: word.uppercased()
            }
        }
        func space() -> String { String(repeating: " ", count: 1 + recipe.choose(2)) }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let time = "\(two(hour)):\(two(minute)):\(two(second))"
        let text: String
        switch form {
        case 0:
            text = "\(cased(dayNames[weekday])),\(space())\(two(day)) \(cased(monthNames[month - 1])) \(year) \(time) \(cased("GMT"))"
        case 1:
            text = "\(cased(longDayNames[weekday])),\(space())\(two(day))-\(cased(monthNames[month - 1]))-\(two(year % 100)) \(time) \(cased("GMT"))"
        default:
            let paddedDay = day < 10 ? " \(day)" : "\(day)"
            text = "\(cased(dayNames[weekday])) \(cased(monthNames[month - 1])) \(paddedDay) \(time)\(space())\(year)"
        }
        let written = (recipe.bool() ? " " : "") + text + (recipe.bool() ? "\t" : "")

        guard let parsed = HTTPDate.parse(text, now: now), parsed == expected else {
            return "\(text.debugDescription) read as \(String(describing: HTTPDate.parse(text, now: now))), not \(expected)"
        }
        let distance = expected.timeIntervalSince(now)
        let wait: Duration = distance > 0 ? .milliseconds(Int64(min(distance, 1e12) * 1000)) : .zero
        guard RetryMiddleware.retryAfter(written, now: now) == wait else {
            return "\(written.debugDescription) asks for \(String(describing: RetryMiddleware.retryAfter(written, now: now))), not \(wait)"
        }
        return nil
    }
}
