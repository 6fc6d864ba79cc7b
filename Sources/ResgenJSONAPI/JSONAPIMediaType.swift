import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// The JSON:API media type with the only two parameters JSON:API 1.1 allows on it: `ext` (the extensions
/// a document applies, or that a client requires) and `profile` (the profiles a document applies, or that
/// a client asks for).
///
/// Each parameter's value is a space-separated list of URIs, always written as a quoted string: a URI
/// holds `:` and `/`, which an HTTP token cannot. No other parameter is ever written (a JSON:API server
/// refuses the media type with any other), and reading one, such as a server's `charset`, ignores it, as
/// JSON:API clients must.
///
/// ```swift
/// JSONAPIMediaType(profiles: [CursorPagination.profile]).description
/// // application/vnd.api+json;profile="http://jsonapi.org/profiles/ethanresnick/cursor-pagination/"
/// ```
public struct JSONAPIMediaType: Hashable, Sendable, CustomStringConvertible {
    /// The URIs of the `ext` parameter, in order.
    public var extensions: [URL]
    /// The URIs of the `profile` parameter, in order.
    public var profiles: [URL]

    /// Creates the media type; with no extensions and no profiles it is the bare
    /// `application/vnd.api+json`.
    public init(extensions: [URL] = [], profiles: [URL] = []) {
        self.extensions = extensions
        self.profiles = profiles
    }

    /// The header value: `application/vnd.api+json`, then `;ext="…"` and `;profile="…"` for the lists
    /// that are not empty.
    public var description: String {
        var text = JSONAPICodec.mediaType
        if !extensions.isEmpty { text += ";ext=" + Self.quoted(extensions) }
        if !profiles.isEmpty { text += ";profile=" + Self.quoted(profiles) }
        return text
    }

    /// The `Accept` value asking for this media type: it, then the bare media type when it has
    /// profiles but no extension.
    ///
    /// Profiles are asked for, never required (a server applies those it knows and ignores the
    /// others), so the bare media type follows as the fallback: a JSON:API 1.0 server, which refuses a
    /// media type with parameters, answers with its plain documents instead of `406 Not Acceptable`.
    /// An extension is required, so with one there is no fallback: such a server must refuse.
    public var acceptValue: String {
        guard extensions.isEmpty, !profiles.isEmpty else { return description }
        return description + ", " + JSONAPICodec.mediaType
    }

    /// The space-separated URIs as a quoted string (RFC 9110 §5.6.4): a `"` or `\` in one is escaped
    /// with a backslash, so the value always parses back to the same URIs.
    package static func quoted(_ uris: [URL]) -> String {
        let list = uris.map(\.absoluteString).joined(separator: " ")
        var text = "\""
        for character in list {
            if character == "\"" || character == "\\" { text.append("\\") }
            text.append(character)
        }
        return text + "\""
    }

    /// The JSON:API media types of a header value (`Content-Type`, or an `Accept` list), in order; media
    /// types of other types are skipped. An `ext` or `profile` URI that is not a URL is dropped.
    public static func all(in headerValue: String) -> [JSONAPIMediaType] {
        MediaTypeHeader.parse(headerValue).filter(\.isJSONAPI).map { mediaType in
            func uris(_ name: String) -> [URL] {
                mediaType.parameters.filter { $0.name == name }.flatMap { $0.value.split(separator: " ") }.compactMap { URL(string: String($0)) }
            }
            return JSONAPIMediaType(extensions: uris("ext"), profiles: uris("profile"))
        }
    }

    /// The profiles a response's `Content-Type` says the server applied: those of its JSON:API media
    /// type, empty when it is not one or names none.
    public static func profiles(inContentType value: String?) -> [URL] {
        value.flatMap { all(in: $0).first?.profiles } ?? []
    }
}

extension MediaTypeHeader {
    /// Whether this is `application/vnd.api+json`.
    var isJSONAPI: Bool { type == JSONAPICodec.mediaType }
}
