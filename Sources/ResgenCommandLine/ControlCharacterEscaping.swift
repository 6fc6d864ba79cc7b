/// Text written by a server or a schema, made safe to print: control characters spelled out, so that
/// none reaches a terminal or a log viewer that would act on it.
///
/// A problem `title` of `ESC ]0;… BEL ESC [2J` would otherwise set a terminal's window title and clear
/// its screen when an app logs the error or `resgen infer` prints it; a CR would let a line overwrite
/// what came before it. Escaped are C0 (U+0000–U+001F) but tab, DEL (U+007F) and C1 (U+0080–U+009F,
/// which some terminals take as `ESC` sequences: U+009B is CSI); a newline too unless the text is
/// lines meant as such. Tab only moves the cursor to the next stop, so it stays.
///
/// The spelling is Swift's: `\u{1B}`, two or more uppercase hex digits, as resgen writes escapes in the
/// schemas it drafts. A backslash is not doubled, so text that spells `\u{1B}` itself reads the same:
/// what matters is that no control character is left, and that escaping twice changes nothing.
///
/// Package access: the `resgen` command escapes everything it prints with it, and ``ClientError``,
/// ``TransportError`` and ``HALTraversalFailure`` escape what they describe.
package enum ControlCharacterEscaping {
    /// How an escaped character is written.
    package enum Spelling: Sendable {
        /// `\u{1B}`: Swift's string literal escape.
        case swift
        /// `\u001B`: JSON's, for text inside a JSON string (where C0 is already escaped, but DEL and C1
        /// are not).
        case json
    }

    /// Whether `scalar` is escaped: C0 but tab (and newline, when `keepingNewlines`), DEL and C1.
    static func isEscaped(_ scalar: Unicode.Scalar, keepingNewlines: Bool = false) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x0A: !keepingNewlines
        case 0x00..<0x20, 0x7F...0x9F: true
        default: false
        }
    }

    /// `text` with its control characters escaped.
    ///
    /// - Parameters:
    ///   - keepingNewlines: Whether a line feed stays one (in text made of lines on purpose, such as a
    ///     diagnostic with its notes); a CR is escaped all the same.
    ///   - spelling: How an escaped character is written.
    package static func escaped(_ text: String, keepingNewlines: Bool = false, spelling: Spelling = .swift) -> String {
        // Nearly all text has no control character: check the bytes (C1 is C2 80–C2 9F in UTF-8).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) { return text }
        guard text.unicodeScalars.contains(where: { isEscaped($0, keepingNewlines: keepingNewlines) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isEscaped(scalar, keepingNewlines: keepingNewlines) {
                result.append(contentsOf: escape(scalar, spelling).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func escape(_ scalar: Unicode.Scalar, _ spelling: Spelling) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        switch spelling {
        case .swift: return "\\u{" + (hex.count < 2 ? "0" : "") + hex + "}"
        case .json: return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
}
