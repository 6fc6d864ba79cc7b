/// Schema text in generated comments and string literals: nothing a schema says may become code,
/// and what a reader sees must be what the compiler reads.
///
/// Decisions, from Swift's lexer (swift-syntax `Lexer.Cursor.advanceToEndOfLine`, and swiftc 6.3
/// checked by hand: a `//` comment ends at `\n` or `\r`, nothing else):
/// - **Line breaks** end a `//` comment, so CR, LF and CRLF in a description become separate `///`
///   lines, never text after a break. VT, FF, NEL, LS and PS do not end a comment for the compiler,
///   but editors and review tools draw them as line breaks: a description's break of any kind is a
///   comment line break too, so the code looks the way it compiles.
/// - **Control characters** (C0 but tab, DEL, C1) are written as visible `\u{…}` escapes: swiftc
///   warns about NUL in a comment (an error under `-warnings-as-errors`), and terminal escape
///   sequences could hide text from someone reading the file with `cat`.
/// - **Bidirectional embeddings, overrides and isolates** (U+202A–U+202E, U+2066–U+2069, the
///   "Trojan Source" characters, CVE-2021-42574) are escaped the same way, in comments and string
///   literals alike: they can make a line display in an order other than the one it compiles in. The
///   implicit marks (LRM, RLM, ALM) cannot reorder text across them and stay, as all other text does.
///
/// A backslash is not escaped in comments, so a description that spells `\u{7}` itself reads the same
/// as one holding the control character: harmless, since comments are never parsed as literals.
extension SwiftSyntax {
    /// Comment lines for `text`: one per line of the text, split at every line break, control and
    /// bidirectional-control characters escaped. A comment line never contains a line break.
    static func commentLines(_ text: String) -> [String] {
        // Printable ASCII, tab and LF (nearly every description): split the bytes.
        if text.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x09 }) {
            return text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(Substring($0)) }
        }
        var lines: [String] = []
        var line = ""
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            if scalar == "\n", afterCR { continue }  // CRLF is one break
            if isLineBreak(scalar) {
                lines.append(line)
                line = ""
            } else {
                appendForComment(scalar, to: &line)
            }
        }
        lines.append(line)
        return lines
    }

    /// `text` for one comment line (a name or a wire key inside a sentence): line breaks, control and
    /// bidirectional-control characters escaped.
    static func commentText(_ text: String) -> String {
        if text.utf8.allSatisfy({ ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 }) { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isLineBreak(scalar) {
                result += escape(scalar)
            } else {
                appendForComment(scalar, to: &result)
            }
        }
        return result
    }

    /// Whether `scalar` breaks a line for the Swift lexer (CR, LF) or for a person reading the file
    /// (VT, FF, NEL, LS, PS).
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Whether `scalar` is a control character other than tab and line breaks: C0, DEL, C1.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (value < 0x20 && value != 0x09 && !isLineBreak(scalar)) || (value >= 0x7F && value <= 0x9F && value != 0x85)
    }

    /// Whether `scalar` embeds, overrides or isolates text direction (the Trojan Source characters).
    static func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// `\u{…}`, the Swift escape that spells `scalar`.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{\(String(scalar.value, radix: 16))}"
    }

    private static func appendForComment(_ scalar: Unicode.Scalar, to text: inout String) {
        if isControl(scalar) || isBidirectionalControl(scalar) {
            text += escape(scalar)
        } else {
            text.unicodeScalars.append(scalar)
        }
    }
}
