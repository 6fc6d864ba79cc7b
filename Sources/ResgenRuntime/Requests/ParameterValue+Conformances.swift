import Foundation

// Standard types as parameter values. Numbers use their `description`, which is locale-independent.

extension String: ParameterValue {
    /// The string itself.
    public var parameterValue: String { self }
}

extension Substring: ParameterValue {
    /// The substring as a string.
    public var parameterValue: String { String(self) }
}

extension Bool: ParameterValue {
    /// `"true"` or `"false"`.
    public var parameterValue: String { self ? "true" : "false" }
}

extension Int: ParameterValue {
    /// The decimal digits, for example `"-42"`.
    public var parameterValue: String { description }
}

extension Int8: ParameterValue {
    /// The decimal digits.
    public var parameterValue: String { description }
}

extension Int16: ParameterValue {
    /// The decimal digits.
    public var parameterValue: String { description }
}

extension Int32: ParameterValue {
    /// The decimal digits.
    public var parameterValue: String { description }
}

extension Int64: ParameterValue {
    /// The decimal digits.
    public var parameterValue: String { description }
}

extension UInt: ParameterValue {
    /// The decimal digits.
    public var parameterValue: String { description }
}

extension UInt8: ParameterValue {
    /// The decimal digits.
    public var parameterValue: String { description }
}

extension UInt16: ParameterValue {
    /// The decimal digits.
    public var parameterValue: String { description }
}

extension UInt32: ParameterValue {
    /// The decimal digits.
    public var parameterValue: String { description }
}

extension UInt64: ParameterValue {
    /// The decimal digits.
    public var parameterValue: String { description }
}

extension Double: ParameterValue {
    /// The shortest text that reads back as the same value, for example `"1.5"`, `"3.0"` or `"1e+20"`.
    public var parameterValue: String { description }
}

extension Float: ParameterValue {
    /// The shortest text that reads back as the same value, for example `"1.5"`.
    public var parameterValue: String { description }
}

extension Decimal: ParameterValue {
    /// The plain decimal text, for example `"12.50"` is written `"12.5"`.
    public var parameterValue: String { description }
}

extension Date: ParameterValue {
    /// The date in ISO 8601, in UTC, for example `"2024-03-01T12:30:00Z"`.
    ///
    /// Fractional seconds are written, as milliseconds, only when the date rounded to milliseconds has a
    /// non-zero fraction: `"2024-03-01T12:30:00.250Z"`.
    public var parameterValue: String {
        let milliseconds = (timeIntervalSince1970 * 1000).rounded()
        let rounded = Date(timeIntervalSince1970: milliseconds / 1000)
        if milliseconds.truncatingRemainder(dividingBy: 1000) == 0 {
            return rounded.formatted(Date.ISO8601FormatStyle())
        } else {
            return rounded.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        }
    }
}

extension URL: ParameterValue {
    /// The URL's `absoluteString`.
    public var parameterValue: String { absoluteString }
}

extension UUID: ParameterValue {
    /// The `uuidString`, which is uppercase, for example `"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"`.
    public var parameterValue: String { uuidString }
}
