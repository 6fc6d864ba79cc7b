import Foundation

/// URLs as they may be written to logs and error messages: never with userinfo (`user:password@`), and
/// with the values of secret-bearing query parameters replaced.
enum URLRedaction {
    /// What replaces a redacted value.
    static let placeholder = "<redacted>"

    /// `url` as text without its userinfo, and with the value of every query parameter whose name is in
    /// `parameters` (lowercased; compared after percent-decoding, case-insensitively) redacted.
    static func string(_ url: URL, redactingQueryParameters parameters: Set<String> = []) -> String {
        var text = withoutUserinfo(url.absoluteString)
        guard !parameters.isEmpty, let queryStart = text.firstIndex(of: "?") else { return text }
        let fragmentStart = text[queryStart...].firstIndex(of: "#") ?? text.endIndex
        let query = text[text.index(after: queryStart)..<fragmentStart]
        let redacted = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let name = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let decoded = (String(name).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(name)).lowercased()
            return parameters.contains(decoded) && pair.contains("=") ? "\(name)=\(placeholder)" : String(pair)
        }
        text.replaceSubrange(text.index(after: queryStart)..<fragmentStart, with: redacted.joined(separator: "&"))
        return text
    }

    /// `text` (an absolute URL) without the `user:password@` part of its authority.
    static func withoutUserinfo(_ text: String) -> String {
        guard let schemeEnd = text.range(of: "://") else { return text }
        let authorityStart = schemeEnd.upperBound
        let authorityEnd = text[authorityStart...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? text.endIndex
        guard let at = text[authorityStart..<authorityEnd].lastIndex(of: "@") else { return text }
        var result = text
        result.removeSubrange(authorityStart...at)
        return result
    }
}
