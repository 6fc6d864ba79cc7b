import Foundation
import ResgenRuntime

/// A calendar day as a date-only attribute (`dateFormat: date`, the library's `published`) holds it:
/// midnight UTC; `distantPast` for text that is not `yyyy-MM-dd`, so a typo fails the test that uses it.
func day(_ text: String) -> Date {
    AttributeDateFormat.date.date(from: text) ?? .distantPast
}
