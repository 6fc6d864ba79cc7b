import Foundation

/// A link as the server wrote it, resolved against the URL it came from by RFC 3986 §5 — on the text,
/// not through Foundation — and made a `URL` without re-encoding what is already encoded.
///
/// `URL(string:relativeTo:)` on Linux percent-encodes a reference that holds any character it takes
/// as invalid (the raw brackets of `page[number]=2`) by encoding *every* `%` too: the server's
/// `include=venue%2Ctickets` went out as `venue%252Ctickets`, and the server answered 400. Here a
/// percent-escape already there is kept byte for byte; only what may not stand in a URL at all is
/// encoded, once: a space, a control character, a non-ASCII scalar (as its UTF-8 bytes), a `%` that
/// starts no escape, and the few ASCII characters RFC 3986 leaves out (`"`, `<`, `>`, `\`, `^`, `` ` ``,
/// `{`, `|`, `}`, and `[`/`]` outside an IPv6 host), which Foundation would otherwise take as its
/// cue to re-encode everything.
///
/// Every link the runtime follows goes through ``url(_:relativeTo:)``: HAL `href`s, JSON:API `links`
/// (`next`, `related`, `self`…), `Link` header targets, `Location` and `Content-Location`.
package enum URIReference {
    /// The five components of a URI reference (RFC 3986 Appendix B); nil where absent, which differs
    /// from empty (`http://a/b?` has an empty query).
    package struct Components: Equatable, Sendable {
        package var scheme: Substring?
        package var authority: Substring?
        package var path: Substring
        package var query: Substring?
        package var fragment: Substring?
    }

    /// Splits `reference` into its components, as RFC 3986 Appendix B's regular expression does, with a
    /// scheme only when it is one by §3.1's syntax (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`), so a
    /// relative path with a colon later in it (`a b:c`, `./x:y`) stays a path.
    package static func components(of reference: some StringProtocol) -> Components {
        // Scalars, not characters: a combining mark after a delimiter (`:\u{0744}`) makes one character
        // that is no longer `:`, but the delimiter is still there.
        var rest = Substring(reference)
        var result = Components(path: "")
        if let fragmentStart = rest.unicodeScalars.firstIndex(of: "#") {
            result.fragment = rest[rest.unicodeScalars.index(after: fragmentStart)...]
            rest = rest[..<fragmentStart]
        }
        if let queryStart = rest.unicodeScalars.firstIndex(of: "?") {
            result.query = rest[rest.unicodeScalars.index(after: queryStart)...]
            rest = rest[..<queryStart]
        }
        if let colon = rest.unicodeScalars.firstIndex(where: { $0 == ":" || $0 == "/" }), rest.unicodeScalars[colon] == ":",
            isScheme(rest[..<colon])
        {
            result.scheme = rest[..<colon]
            rest = rest[rest.unicodeScalars.index(after: colon)...]
        }
        if startsWith(rest, "//") {
            let afterSlashes = rest.unicodeScalars.index(rest.startIndex, offsetBy: 2)
            let end = rest.unicodeScalars[afterSlashes...].firstIndex(of: "/") ?? rest.endIndex
            result.authority = rest[afterSlashes..<end]
            rest = rest[end...]
        }
        result.path = rest
        return result
    }

    /// `reference` resolved against `base` (an absolute URI) by RFC 3986 §5.2.2 and recomposed by §5.3.
    /// Neither is decoded or re-encoded: what was escaped stays escaped, byte for byte.
    package static func resolve(_ reference: some StringProtocol, against base: some StringProtocol) -> String {
        let r = components(of: reference)
        let b = components(of: base)
        var target = Components(path: "")
        if let scheme = r.scheme {
            target.scheme = scheme
            target.authority = r.authority
            target.path = Substring(removingDotSegments(from: r.path))
            target.query = r.query
        } else {
            if let authority = r.authority {
                target.authority = authority
                target.path = Substring(removingDotSegments(from: r.path))
                target.query = r.query
            } else {
                if r.path.isEmpty {
                    target.path = b.path
                    target.query = r.query ?? b.query
                } else {
                    let path = startsWith(r.path, "/") ? r.path : Substring(merge(base: b, path: r.path))
                    target.path = Substring(removingDotSegments(from: path))
                    target.query = r.query
                }
                target.authority = b.authority
            }
            target.scheme = b.scheme
        }
        target.fragment = r.fragment
        return recompose(target)
    }

    /// `reference` resolved against `base`, as a `URL` whose text is exactly the resolved reference with
    /// only what may not stand in a URL encoded (``encodingIllegalCharacters(_:)``); nil when that text
    /// is not a URL Foundation accepts.
    package static func url(_ reference: some StringProtocol, relativeTo base: URL?) -> URL? {
        let resolved = base.map { resolve(reference, against: $0.absoluteString) } ?? String(reference)
        return URL(string: encodingIllegalCharacters(resolved))
    }

    /// `text` with every byte that may not stand in a URI encoded as `%XX`, and nothing else: kept are
    /// RFC 3986's unreserved and reserved characters and every well-formed escape; `[` and `]` are kept
    /// only in the authority (an IPv6 host), `#` only once (the fragment holds no other). A `%` that starts
    /// no escape becomes `%25`.
    package static func encodingIllegalCharacters(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let fragments = bytes.firstIndex(of: UInt8(ascii: "#")).map { bytes[($0 + 1)...].contains(UInt8(ascii: "#")) } ?? false
        guard fragments || bytes.contains(where: { !isAllowed($0) }) else { return text }
        let authority = authorityRange(bytes)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 16)
        var index = 0
        var inFragment = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#") {
                // The first `#` starts the fragment; a fragment may not hold another (RFC 3986 §3.5).
                if !inFragment {
                    inFragment = true
                    result.append(byte)
                    index += 1
                    continue
                }
            } else if byte == UInt8(ascii: "%") {
                let hex = URITemplate.ASCIISet.hexDigits
                if index + 2 < bytes.count, hex.contains(bytes[index + 1]), hex.contains(bytes[index + 2]) {
                    result.append(contentsOf: bytes[index...index + 2])
                    index += 3
                    continue
                }
            } else if isAllowed(byte) || ((byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")) && authority.contains(index)) {
                result.append(byte)
                index += 1
                continue
            }
            URITemplate.appendPercentEncoded(byte, to: &result)
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    // MARK: RFC 3986 §5.2

    /// §5.2.3: the reference's path appended to the base's, after its last `/`.
    private static func merge(base: Components, path: Substring) -> String {
        if base.authority != nil, base.path.isEmpty { return "/" + path }
        guard let slash = base.path.unicodeScalars.lastIndex(of: "/") else { return String(path) }
        return String(base.path[...slash]) + path
    }

    /// §5.2.4: `.` and `..` segments interpreted and removed (scalar by scalar, as the rest of this type).
    package static func removingDotSegments(from path: some StringProtocol) -> String {
        var input = Substring(path)
        var output: [Substring] = []  // each segment with its leading "/" (the first may have none)
        func drop(_ count: Int) { input = input[input.unicodeScalars.index(input.startIndex, offsetBy: count)...] }
        while !input.isEmpty {
            if startsWith(input, "../") {
                drop(3)
            } else if startsWith(input, "./") {
                drop(2)
            } else if startsWith(input, "/./") {
                drop(2)
            } else if isExactly(input, "/.") {
                input = "/"
            } else if startsWith(input, "/../") {
                drop(3)
                if !output.isEmpty { output.removeLast() }
            } else if isExactly(input, "/..") {
                input = "/"
                if !output.isEmpty { output.removeLast() }
            } else if isExactly(input, ".") || isExactly(input, "..") {
                input = ""
            } else {
                let scalars = input.unicodeScalars
                let start = scalars.first == "/" ? scalars.index(after: scalars.startIndex) : scalars.startIndex
                let end = scalars[start...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        return output.joined()
    }

    private static func startsWith(_ text: Substring, _ prefix: String) -> Bool {
        text.unicodeScalars.starts(with: prefix.unicodeScalars)
    }

    private static func isExactly(_ text: Substring, _ other: String) -> Bool {
        text.unicodeScalars.elementsEqual(other.unicodeScalars)
    }

    /// §5.3.
    private static func recompose(_ components: Components) -> String {
        var result = ""
        if let scheme = components.scheme { result += scheme + ":" }
        if let authority = components.authority { result += "//" + authority }
        result += components.path
        if let query = components.query { result += "?" + query }
        if let fragment = components.fragment { result += "#" + fragment }
        return result
    }

    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, isLetter(first) else { return false }
        return text.utf8.allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    // MARK: Characters

    /// Unreserved and reserved characters of RFC 3986 §2 (the set URI templates keep), less `[` and `]`
    /// (allowed in a host only).
    private static func isAllowed(_ byte: UInt8) -> Bool {
        URITemplate.ASCIISet.unreservedOrReserved.contains(byte) && byte != UInt8(ascii: "[") && byte != UInt8(ascii: "]")
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    /// The byte offsets of `text`'s authority (after `scheme://`), where an IPv6 host's brackets belong.
    private static func authorityRange(_ bytes: [UInt8]) -> Range<Int> {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes.count > colon + 2,
            bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/"),
            !bytes[..<colon].contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") })
        else { return 0..<0 }
        let start = colon + 3
        let end = bytes[start...].firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) ?? bytes.count
        return start..<end
    }
}
