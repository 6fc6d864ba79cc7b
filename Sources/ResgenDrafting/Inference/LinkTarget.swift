import ResgenCore
import Foundation

/// A URL from a document, read the way inference needs it: its origin, its path split into
/// segments as written (percent-encoding kept), and whether it names one instance or a collection.
struct LinkTarget: Hashable, Sendable {
    /// `scheme://host[:port]`, lowercased.
    var origin: String
    /// The path's segments, empty ones dropped.
    var segments: [String]
    /// Whether the path ends in `/` (kept: resgen uses paths exactly as written).
    var trailingSlash: Bool
    /// The absolute URL.
    var absolute: String

    /// Resolves `href` against `base`; nil for anything but an absolute or relative http(s) URL.
    init?(_ href: String, relativeTo base: String?) {
        let baseURL = base.flatMap { URL(string: $0) }
        guard let url = URL(string: href, relativeTo: baseURL)?.absoluteURL,
            let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else { return nil }
        origin = "\(scheme)://\(host.lowercased())" + (components.port.map { ":\($0)" } ?? "")
        let path = components.percentEncodedPath
        segments = path.split(separator: "/").map(String.init)
        trailingSlash = path.count > 1 && path.hasSuffix("/")
        absolute = url.absoluteString
    }

    /// The path, `/` joined, with its trailing slash.
    var path: String { Self.path(segments, trailingSlash: trailingSlash) }

    /// `segments` as a path.
    static func path(_ segments: [String], trailingSlash: Bool) -> String {
        "/" + segments.joined(separator: "/") + (trailingSlash && !segments.isEmpty ? "/" : "")
    }

    /// Whether the last segment looks like an id (digits, a UUID, or `knownID`): then the URL names
    /// one instance and the segment before it is its collection.
    func namesInstance(knownID: String? = nil) -> Bool {
        guard let last = segments.last, segments.count >= 2 else { return false }
        return last == knownID || Self.looksLikeID(last)
    }

    /// Digits, or a UUID.
    static func looksLikeID(_ segment: String) -> Bool {
        if !segment.isEmpty, segment.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return true }
        return UUID(uuidString: segment) != nil
    }
}
