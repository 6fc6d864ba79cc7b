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
/// those). Package access: ResgenAsyncHTTPClient redacts the URLs of its own refusals with it.
package enum URLRedaction {
    /// What replaces a redacted value.
    package static let placeholder = "<redacted>"

    /// Query parameter names that commonly carry keys, tokens, passwords and signatures, lowercased:
    /// the default of ``Client/Configuration/sensitiveQueryParameterNames`` and of
    /// ``LoggingMiddleware/redactedQueryParameters``.
    package static let defaultSensitiveQueryParameterNames: Set<String> = [
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
    package static func withoutUserinfo(_ text: some StringProtocol) -> String {
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

extension URLRedaction {
    /// `text` with every absolute URL in it (`scheme://…`) redacted: for text the runtime did not write,
    /// such as the description of a `URLError` (which spells its URL in `NSErrorFailingURLKey`).
    ///
    /// A URL ends where a URL cannot go on: at whitespace, a control character, or one of ``"<>\^`|``
    /// (but a ``placeholder`` is part of it, so text redacted already can be redacted again with more
    /// names). Punctuation a URL may hold (`,`, `)`, `'`), and the braces of a URI template, are taken
    /// as part of it, so a secret value is never cut short; punctuation that follows a secret value
    /// directly is redacted with it.
    package static func text(_ text: String, redacting names: Set<String> = defaultSensitiveQueryParameterNames) -> String {
        guard text.contains("://") else { return text }
        var result = ""
        var rest = Substring(text)
        while let separator = rest.range(of: "://") {
            var start = separator.lowerBound
            while start > rest.startIndex, isSchemeCharacter(rest[rest.index(before: start)]) { start = rest.index(before: start) }
            // A scheme starts with a letter.
            while start < separator.lowerBound, !rest[start].isASCII || !rest[start].isLetter { start = rest.index(after: start) }
            let end = urlEnd(in: rest[separator.upperBound...])
            result += rest[..<start]
            result += start == separator.lowerBound ? String(rest[start..<end]) : reference(rest[start..<end], redacting: names)
            rest = rest[end...]
        }
        return result + rest
    }

    /// A `Link` header value (`<https://…?page=2>; rel="next", </x?token=…>; rel="self"`) with every
    /// target, absolute or relative, redacted.
    package static func linkValue(_ value: String, redacting names: Set<String> = defaultSensitiveQueryParameterNames) -> String {
        var result = ""
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            result += rest[...open]
            result += reference(rest[rest.index(after: open)..<close], redacting: names)
            rest = rest[close...]
        }
        return text(result + rest, redacting: names)
    }

    private static func isSchemeCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "+" || character == "-" || character == ".")
    }

    /// Where the URL that `text` continues ends: at the first character a URL cannot hold, except that
    /// a ``placeholder`` (text redacted already, perhaps with fewer names) is part of it.
    private static func urlEnd(in text: Substring) -> Substring.Index {
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "<", text[index...].hasPrefix(placeholder) {
                index = text.index(index, offsetBy: placeholder.count)
            } else if endsURL(text[index]) {
                return index
            } else {
                index = text.index(after: index)
            }
        }
        return index
    }

    private static func endsURL(_ character: Character) -> Bool {
        if character.isWhitespace { return true }
        return character.unicodeScalars.contains { scalar in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || "\"<>\\^`|".unicodeScalars.contains(scalar)
        }
    }
}
