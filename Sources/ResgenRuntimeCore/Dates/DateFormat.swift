import Foundation

/// How an API writes dates; generated code names its API's format (`Blog.dateFormat`).
public enum DateFormat: String, Hashable, Sendable, CaseIterable {
    /// ISO 8601. Decoding accepts it with and without fractional seconds; encoding writes none.
    case iso8601
    /// ISO 8601 with fractional seconds when encoding; decoding accepts both forms.
    case iso8601WithFractionalSeconds
    /// A number of seconds since 1970-01-01T00:00:00Z.
    case secondsSince1970
    /// A number of milliseconds since 1970-01-01T00:00:00Z.
    case millisecondsSince1970

    /// A decoding strategy for this format.
    public var decodingStrategy: JSONDecoder.DateDecodingStrategy {
        switch self {
        case .secondsSince1970: return .secondsSince1970
        case .millisecondsSince1970: return .millisecondsSince1970
        case .iso8601, .iso8601WithFractionalSeconds:
            return .custom { decoder in
                let container = try decoder.singleValueContainer()
                let text = try container.decode(String.self)
                if let date = ISO8601Dates.parse(text) { return date }
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected an ISO 8601 date, found '\(text)'")
            }
        }
    }

    /// An encoding strategy for this format.
    public var encodingStrategy: JSONEncoder.DateEncodingStrategy {
        switch self {
        case .secondsSince1970: return .secondsSince1970
        case .millisecondsSince1970: return .millisecondsSince1970
        case .iso8601: return .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601Dates.plain.format(date))
        }
        case .iso8601WithFractionalSeconds: return .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601Dates.fractional.format(date))
        }
        }
    }
}
