extension URITemplate {
    /// An expression operator and the expansion rules of RFC 6570 Appendix A that go with it.
    package enum Operator: UInt8, Sendable {
        case simple = 0
        case reserved = 0x2B  // +
        case fragment = 0x23  // #
        case label = 0x2E  // .
        case pathSegment = 0x2F  // /
        case pathParameter = 0x3B  // ;
        case query = 0x3F  // ?
        case queryContinuation = 0x26  // &

        /// What the expansion starts with when at least one variable is defined (`first`), if anything.
        package var first: UInt8? {
            switch self {
            case .simple, .reserved: nil
            default: rawValue
            }
        }

        /// What goes between two values (`sep`).
        package var separator: UInt8 {
            switch self {
            case .simple, .reserved, .fragment: UInt8(ascii: ",")
            case .query, .queryContinuation: UInt8(ascii: "&")
            default: rawValue
            }
        }

        /// Whether values are written as `name=value` (`named`).
        var isNamed: Bool {
            switch self {
            case .pathParameter, .query, .queryContinuation: true
            default: false
            }
        }

        /// Whether a named empty value is followed by `=` (`ifemp` is `=` rather than empty).
        var writesEqualsForEmpty: Bool {
            self == .query || self == .queryContinuation
        }

        /// Whether reserved characters and pct-encoded triplets are copied (`allow` is `U+R`).
        var allowsReserved: Bool {
            self == .reserved || self == .fragment
        }
    }
}
