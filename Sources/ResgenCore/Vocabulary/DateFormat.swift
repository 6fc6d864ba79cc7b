/// How `Date` values are written on the wire.
public enum DateFormat: String, Hashable, Sendable, CaseIterable {
    /// ISO 8601, with or without fractional seconds on input; without them on output.
    case iso8601
    /// ISO 8601 with fractional seconds on output (either on input).
    case iso8601WithFractionalSeconds
    /// Seconds since 1970 as a number.
    case secondsSince1970
    /// Milliseconds since 1970 as a number.
    case millisecondsSince1970
}

/// How one `Date` attribute is written on the wire, when it differs from the API's ``DateFormat``.
public enum AttributeDateFormat: Hashable, Sendable {
    /// A date without a time, `1968-11-01` (midnight UTC).
    case date
    /// One of the API-wide formats.
    case api(DateFormat)
    /// A Unicode date pattern such as `dd.MM.yyyy` (POSIX locale, UTC unless the pattern has a zone).
    case pattern(String)
    /// Several formats (`dateFormat: [date, { pattern: … }]`), tried in order on reading; the first is
    /// the one written. Two or more, all strings or all numbers.
    case anyOf([AttributeDateFormat])

    /// Whether the wire form is a number (seconds or milliseconds since 1970).
    var isNumeric: Bool {
        switch self {
        case .api(.secondsSince1970), .api(.millisecondsSince1970): true
        case .anyOf(let formats): formats.first?.isNumeric ?? false
        default: false
        }
    }

    /// The names `dateFormat:` accepts besides a pattern.
    static let names = ["date"] + DateFormat.allCases.map(\.rawValue)
}
