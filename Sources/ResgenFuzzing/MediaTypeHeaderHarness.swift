import Foundation

@testable import ResgenRuntime

/// Target `mediatype`: the `Content-Type`/`Accept` parser (`MediaTypeHeader`) that reads the profiles
/// and extensions a server applied and names what a 406 or 415 refused.
///
/// The input is a field value as a server may send it. Parsing must not trap, and the media types found
/// must read back unchanged from a canonical serialization (every parameter value quoted and escaped),
/// so quoting, escapes, commas and semicolons inside quotes and unterminated quotes are all exercised.
/// The work is linear by construction (each step of the scanner consumes a scalar); the harness checks
/// that the parse of a value never yields more media types or parameters than it has scalars.
enum MediaTypeHeaderHarness {
    static let target = FuzzTarget(name: "mediatype", summary: "the Content-Type / Accept media type parser") { input, _ throws(Finding) in
        if let message = check(input) {
            throw Finding(target: "mediatype", kind: "round-trip", message: message)
        }
    }

    static func check(_ input: Data) -> String? {
        let value = String(decoding: input, as: UTF8.self)
        let parsed = MediaTypeHeader.parse(value)
        let parts = parsed.reduce(parsed.count) { $0 + $1.parameters.count }
        if parts > value.unicodeScalars.count {
            return "\(value.debugDescription) parsed to \(parts) media types and parameters"
        }
        _ = JSONAPIMediaType.profiles(inContentType: value)
        let canonical = parsed.map(serialize).joined(separator: ", ")
        let again = MediaTypeHeader.parse(canonical)
        guard again.map(key) == parsed.map(key) else {
            return "\(value.debugDescription) parsed to \(parsed.map(key)), whose serialization \(canonical.debugDescription) parsed to \(again.map(key))"
        }
        return nil
    }

    /// `type/subtype;name="value"…`, every value quoted with `"` and `\` escaped.
    static func serialize(_ mediaType: MediaTypeHeader) -> String {
        mediaType.type + mediaType.parameters.map { name, value in
            ";\(name)=\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }.joined()
    }

    /// A comparable form of a parsed media type.
    static func key(_ mediaType: MediaTypeHeader) -> [String] {
        [mediaType.type] + mediaType.parameters.flatMap { [$0.name, $0.value] }
    }
}
