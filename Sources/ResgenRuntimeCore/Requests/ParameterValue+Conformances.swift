import Foundation

// Standard types as parameter values. Numbers use their `description`, which is locale-independent.

@_spi(Generated) extension String: ParameterValue {
    /// The string itself.
    public var parameterValue: String { self }
}

@_spi(Generated) extension Substring: ParameterValue {
    /// The substring as a string.
    public var parameterValue: String { String(self) }
}

@_spi(Generated) extension Bool: ParameterValue {
    /// `"true"` or `"false"`.
    public var parameterValue: String { self ? "true" : "false" }
}

@_spi(Generated) extension Int: ParameterValue {
    /// The decimal digits, for example `"-42"`.
    public var parameterValue: String { description }
}

@_spi(Generated) extension Int8: ParameterValue {
    /// The decimal digits.
    public var parameterValue: String { description }
}

@_spi(Generated) extension Int16: ParameterValue {
    /// The decimal digits.
    public var parameterValue: String { description }
}

@_spi(Generated) extension Int32: ParameterValue {
    /// The decimal digits.
    public var parameterValue: String { description }
}

@_spi(Generated) extension Int64: ParameterValue {
    /// The decimal digits.
    public var parameterValue: String { description }
}

@_spi(Generated) extension UInt: ParameterValue {
    /// The decimal digits.
    public var parameterValue: String { description }
}

@_spi(Generated) extension UInt8: ParameterValue {
    /// The decimal digits.
    public var parameterValue: String { description }
}

@_spi(Generated) extension UInt16: ParameterValue {
    /// The decimal digits.
    public var parameterValue: String { description }
}

@_spi(Generated) extension UInt32: ParameterValue {
    /// The decimal digits.
    public var parameterValue: String { description }
}

@_spi(Generated) extension UInt64: ParameterValue {
    /// The decimal digits.
    public var parameterValue: String { description }
}

@_spi(Generated) extension Double: ParameterValue {
    /// The shortest text that reads back as the same value, for example `"1.5"`, `"3.0"` or `"1e+20"`.
    public var parameterValue: String { description }
}

@_spi(Generated) extension Float: ParameterValue {
    /// The shortest text that reads back as the same value, for example `"1.5"`.
    public var parameterValue: String { description }
}

@_spi(Generated) extension Decimal: ParameterValue {
    /// The plain decimal text, for example `"12.50"` is written `"12.5"`.
    public var parameterValue: String { description }
}

@_spi(Generated) extension Date: ParameterValue {
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

@_spi(Generated) extension URL: ParameterValue {
    /// The URL's `absoluteString`.
    public var parameterValue: String { absoluteString }
}

@_spi(Generated) extension UUID: ParameterValue {
    /// The `uuidString`, which is uppercase, for example `"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"`.
    public var parameterValue: String { uuidString }
}
