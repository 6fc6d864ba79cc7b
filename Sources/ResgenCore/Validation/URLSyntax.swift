import Foundation

/// URL checks for schema values, done at generation time so generated code can rely on them.
enum URLSyntax {
    /// Whether `text` parses as an absolute `http`/`https` URL with a host.
    static func isAbsoluteHTTPURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        return url.host?.isEmpty == false
    }

    /// Whether `text` parses as a URL at all.
    static func isURL(_ text: String) -> Bool { URL(string: text) != nil }

    /// Whether `text` is a UUID.
    static func isUUID(_ text: String) -> Bool { UUID(uuidString: text) != nil }
}
