import Foundation

/// The `Cache-Control` directives (RFC 9111 §5.2) a private cache acts on, read from every
/// `Cache-Control` field line of a request or a response.
///
/// Read leniently, as RFC 9111 asks: names are case-insensitive, unknown directives are ignored, an
/// argument may be a token or a quoted string. Where a directive is malformed or given twice with
/// different values, the reading errs towards not serving a stored response: an invalid or conflicting
/// `max-age` makes the response stale (§4.2.1), and the field-qualified `no-cache="Set-Cookie"` and
/// `private="…"` forms are taken as their unqualified ones (§5.2.2.4, §5.2.2.7 allow this).
package struct CacheControl: Equatable, Sendable {
    /// `max-age=N` in seconds: fresh until this age. 0 when the value was invalid or conflicting.
    package var maxAge: Int?
    /// `no-cache`: a stored response must be revalidated before every use (response); the request wants
    /// the origin's answer, not a stored one (request).
    package var noCache = false
    /// `no-store`: nothing of this exchange may be stored.
    package var noStore = false
    /// `private`: for a single user's cache (a private cache may store it).
    package var isPrivate = false
    /// `public`: any cache may store it, even for a request that carried credentials.
    package var isPublic = false
    /// `must-revalidate`: once stale, never used without a successful revalidation.
    package var mustRevalidate = false
    /// `max-stale[=N]` (request): a stale response is acceptable, N seconds past its lifetime at most;
    /// `Int.max` when no limit was given.
    package var maxStale: Int?
    /// `min-fresh=N` (request): the response must stay fresh for N more seconds.
    package var minFresh: Int?
    /// `only-if-cached` (request): answer from the cache or with `504`.
    package var onlyIfCached = false

    /// The largest delta-seconds value kept (RFC 9111 §1.2.2): larger ones are read as this.
    package static let maximumDeltaSeconds = Int(Int32.max)

    /// Creates an empty set of directives.
    package init() {}

    /// Reads the directives of every `Cache-Control` field line in `lines`.
    package init(parsing lines: some Sequence<String>) {
        var seenMaxAge: Int?
        for line in lines {
            for (name, argument) in Self.directives(in: line) {
                switch name {
                case "max-age":
                    let value = argument.flatMap(Self.deltaSeconds) ?? 0
                    // Two different max-age values: treat the response as stale (§4.2.1).
                    maxAge = seenMaxAge.map { $0 == value ? value : 0 } ?? value
                    seenMaxAge = maxAge
                case "no-cache": noCache = true
                case "no-store": noStore = true
                case "private": isPrivate = true
                case "public": isPublic = true
                case "must-revalidate": mustRevalidate = true
                case "max-stale": maxStale = argument.map { Self.deltaSeconds($0) ?? 0 } ?? Int.max
                case "min-fresh": minFresh = argument.flatMap(Self.deltaSeconds) ?? 0
                case "only-if-cached": onlyIfCached = true
                default: continue
                }
            }
        }
    }

    /// A non-negative decimal integer; values above ``maximumDeltaSeconds`` are read as it. Nil for
    /// anything else (a sign, a fraction, an empty value).
    static func deltaSeconds(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let digits = text.drop { $0 == "0" }
        guard digits.count <= 10, let value = Int(digits.isEmpty ? "0" : String(digits)) else { return maximumDeltaSeconds }
        return min(value, maximumDeltaSeconds)
    }

    /// The directives of one field line, names lowercased, arguments unquoted: `a, b=1, c="x, y"`.
    /// A comma inside a quoted string does not end a directive; an unterminated quote runs to the end.
    static func directives(in line: String) -> [(name: String, argument: String?)] {
        var result: [(String, String?)] = []
        var scalars = Substring(line).unicodeScalars[...]
        while !scalars.isEmpty {
            var name = ""
            while let scalar = scalars.first, scalar != ",", scalar != "=" {
                name.unicodeScalars.append(scalar)
                scalars.removeFirst()
            }
            var argument: String?
            if scalars.first == "=" {
                scalars.removeFirst()
                var value = ""
                skipSpace(&scalars)
                if scalars.first == "\"" {
                    scalars.removeFirst()
                    while let scalar = scalars.first {
                        scalars.removeFirst()
                        if scalar == "\"" { break }
                        if scalar == "\\", let escaped = scalars.first {
                            scalars.removeFirst()
                            value.unicodeScalars.append(escaped)
                        } else {
                            value.unicodeScalars.append(scalar)
                        }
                    }
                    // Anything after the closing quote up to the comma is not part of the directive.
                    while let scalar = scalars.first, scalar != "," { scalars.removeFirst() }
                } else {
                    while let scalar = scalars.first, scalar != "," {
                        value.unicodeScalars.append(scalar)
                        scalars.removeFirst()
                    }
                    value = value.trimmingCharacters(in: .whitespaces)
                }
                argument = value
            }
            if scalars.first == "," { scalars.removeFirst() }
            let trimmed = name.trimmingCharacters(in: .whitespaces).lowercased()
            if !trimmed.isEmpty { result.append((trimmed, argument)) }
        }
        return result
    }

    private static func skipSpace(_ scalars: inout Substring.UnicodeScalarView.SubSequence) {
        while let scalar = scalars.first, scalar == " " || scalar == "\t" { scalars.removeFirst() }
    }
}
