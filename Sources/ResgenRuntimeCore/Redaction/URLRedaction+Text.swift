import Foundation

/// URLs inside text: the descriptions of errors the runtime did not write, and header values.
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
