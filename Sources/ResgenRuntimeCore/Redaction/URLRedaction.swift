import Foundation

/// URLs as they may be written to logs and error messages: the one redaction policy of the runtime.
///
/// A redacted URL never shows
/// - its userinfo (`user:password@`), removed;
/// - the value of a query parameter whose name is secret (compared after percent-decoding, without
///   case, and without a trailing `[…]`, so `API%5FKey[]` is `api_key`), replaced by ``placeholder``;
///   the names are ``defaultSensitiveQueryParameterNames`` unless a client configures others
///   (``Client/Configuration/sensitiveQueryParameterNames``);
/// - its fragment, replaced by ``placeholder``: a fragment is never sent, and OAuth's implicit flow puts
///   `#access_token=…` there.
///
/// ``LoggingMiddleware`` logs URLs this way, and every error of the runtime (``ClientError``,
/// ``TransportError``, ``HALTraversalFailure``, ``HALTraversalError``) describes its URL this way,
/// whatever the underlying HTTP stack wrote into its own error text (``text(_:redacting:)`` finds
/// those). Package access: ResgenAsyncHTTPClient redacts the URLs of its own refusals with it; usable
/// from inline code because the public `MiddlewareContext.init` defaults to its
/// ``defaultSensitiveQueryParameterNames``.
@usableFromInline package enum URLRedaction {
    /// What replaces a redacted value.
    package static let placeholder = "<redacted>"

    /// Query parameter names that commonly carry keys, tokens, passwords and signatures, lowercased:
    /// the default of ``Client/Configuration/sensitiveQueryParameterNames`` and of
    /// ``LoggingMiddleware/redactedQueryParameters``.
    @usableFromInline package static let defaultSensitiveQueryParameterNames: Set<String> = [
        "access_token", "api_key", "api-key", "apikey", "auth", "authorization", "client_secret", "code", "id_token",
        "jwt", "key", "password", "passwd", "pwd", "refresh_token", "secret", "session", "session_id", "sessionid", "sig",
        "signature", "token", "x-amz-credential", "x-amz-security-token", "x-amz-signature", "x-api-key",
    ]

    /// `url` as text, redacted.
    ///
    /// - Parameter names: The secret query parameter names, lowercased.
    package static func string(_ url: URL, redacting names: Set<String> = defaultSensitiveQueryParameterNames) -> String {
        reference(url.absoluteString, redacting: names)
    }

    /// `text`, a URL or a relative reference (`/a?token=…`, `//user@host/`), redacted: userinfo
    /// removed, secret query values and a non-empty fragment replaced by ``placeholder``.
    ///
    /// A URI template (a HAL link) is redacted too: its `{?…}`, `{&…}` and `{#…}` expressions start the
    /// query or the fragment, and a `?` or `#` inside an expression does not.
    ///
    /// An empty value stays empty and a redacted one stays as it is, so redacting redacted text changes
    /// nothing (but the values of names the first redaction did not have).
    package static func reference(_ text: some StringProtocol, redacting names: Set<String> = defaultSensitiveQueryParameterNames) -> String {
        let text = Substring(text)
        let (queryStart, fragmentStart) = delimiters(of: text)
        let end = fragmentStart ?? text.endIndex
        var result = withoutUserinfo(text[..<(queryStart ?? end)])
        if let queryStart {
            if text[queryStart] == "?" {
                result += "?" + redactedQuery(text[text.index(after: queryStart)..<end], names: names)
            } else {
                result += redactedQuery(text[queryStart..<end], names: names)
            }
        }
        if let fragmentStart {
            let fragment = text[text.index(after: fragmentStart)...]
            result += fragment.isEmpty || fragment.hasPrefix(placeholder) ? "#" + fragment : "#" + placeholder
        }
        return result
    }

    /// Where the query and the fragment of `text` start: at a `?` (`#`) outside template expressions,
    /// or at a `{?`, `{&` (`{#`) expression, unless a `?` follows that expression (`/a{?q*}?key=…`).
    private static func delimiters(of text: Substring) -> (query: Substring.Index?, fragment: Substring.Index?) {
        var query: Substring.Index?
        var queryIsExpression = false
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            switch character {
            case "#" where depth == 0:
                return (query, index)
            case "?" where depth == 0:
                if query == nil || queryIsExpression { (query, queryIsExpression) = (index, false) }
            case "{":
                if next < text.endIndex, text[next] == "#" { return (query, index) }
                if query == nil, next < text.endIndex, text[next] == "?" || text[next] == "&" { (query, queryIsExpression) = (index, true) }
                depth += 1
            case "}":
                depth = max(0, depth - 1)
            default:
                break
            }
            index = next
        }
        return (query, nil)
    }

    /// `text` (an absolute URL, or a reference starting with `//`) without the `user:password@` part of
    /// its authority.
    static func withoutUserinfo(_ text: some StringProtocol) -> String {
        let text = Substring(text)
        let authorityStart: Substring.Index
        if let schemeEnd = text.range(of: "://") {
            authorityStart = schemeEnd.upperBound
        } else if text.hasPrefix("//") {
            authorityStart = text.index(text.startIndex, offsetBy: 2)
        } else {
            return String(text)
        }
        let authorityEnd = text[authorityStart...].firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? text.endIndex
        guard let at = text[authorityStart..<authorityEnd].lastIndex(of: "@") else { return String(text) }
        var result = text
        result.removeSubrange(authorityStart...at)
        return String(result)
    }

    /// `query` (without `?`) with the value of every secret parameter replaced.
    ///
    /// Pairs are separated by `&`; a name after a `;` inside a pair counts too (the old `a=1;b=2`
    /// separator), and a secret one there redacts the rest of the pair, since where its value ends
    /// is not known. A value ends at a `{`, which starts a template expression (a URL holds none).
    private static func redactedQuery(_ query: Substring, names: Set<String>) -> String {
        guard !names.isEmpty else { return String(query) }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let segments = pair.split(separator: ";", omittingEmptySubsequences: false)
            guard let secret = segments.firstIndex(where: { isSecret($0, names: names) }) else { return String(pair) }
            let name = segments[secret].prefix { $0 != "=" }
            // A template expression after the value (`token=K{&page}`) is not part of it.
            let value = pair[pair.index(after: name.endIndex)...]
            let expression = value.firstIndex(of: "{").map { value[$0...] } ?? ""
            return (segments[..<secret].map { $0 + ";" }).joined() + name + "=" + placeholder + expression
        }.joined(separator: "&")
    }

    /// Whether `pair` (`name=value`) names a secret and has a value to hide: not an empty one, nor one
    /// redacted already (what follows its placeholder is text that followed the URL).
    private static func isSecret(_ pair: Substring, names: Set<String>) -> Bool {
        guard let equals = pair.firstIndex(of: "=") else { return false }
        let value = pair[pair.index(after: equals)...]
        guard !value.isEmpty, !value.hasPrefix(placeholder) else { return false }
        var name = String(pair[..<equals]).replacingOccurrences(of: "+", with: " ")
        name = (name.removingPercentEncoding ?? name).lowercased()
        if name.hasSuffix("]"), let bracket = name.firstIndex(of: "[") { name = String(name[..<bracket]) }
        return names.contains(name)
    }
}
