import ResgenCore

/// Spells scalars and comments for the YAML ``DraftWriter`` writes: whatever a server sent (a wire
/// key, a type name, a path) must come back from the YAML parser as the same string, and never
/// end a comment or start a line of its own.
enum YAMLText {
    /// Words YAML 1.1 or 1.2 reads as something other than a string.
    private static let specialWords: Set<String> = ["true", "false", "yes", "no", "on", "off", "y", "n", "null", "~"]

    /// `text` as a plain scalar when that reads back as the same string in block and flow context,
    /// else double-quoted with escapes.
    static func scalar(_ text: String) -> String {
        isPlainSafe(text) ? text : quoted(text)
    }

    private static func isPlainSafe(_ text: String) -> Bool {
        guard let first = text.utf8.first, !specialWords.contains(text.lowercased()) else { return false }
        let isLetter = { (byte: UInt8) in (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        guard isLetter(first) || first == UInt8(ascii: "_") || first == UInt8(ascii: "/") else { return false }
        let body = text.utf8.dropLast(text.hasSuffix("?") ? 1 : 0)
        return body.allSatisfy { byte in
            isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".")
        }
    }

    /// `text` in double quotes; `\`, `"`, and every character that is not printable ASCII or a
    /// letter-like scalar escaped, so no line break or bidirectional control reaches the file.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if isInert(scalar) {
                    result.unicodeScalars.append(scalar)
                } else if scalar.value <= 0xFFFF {
                    result += "\\u" + hex(scalar.value, digits: 4)
                } else {
                    result += "\\U" + hex(scalar.value, digits: 8)
                }
            }
        }
        return result + "\""
    }

    /// A comment: `# ` and `text` with every character that could end the line or reorder its
    /// display written as `\u{…}`.
    static func comment(_ text: String) -> String {
        var result = "# "
        for scalar in text.unicodeScalars {
            if isInert(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    /// Printable ASCII, or a non-ASCII scalar that is not a control, format, separator, surrogate or
    /// private-use character (`Cc`, `Cf`, `Zl`, `Zp`, `Co`, `Cs`, `Cn`), nor a BOM.
    private static func isInert(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value >= 0x20 && scalar.value < 0x7F }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned, .spaceSeparator: return false
        default: return scalar.value != 0xFEFF
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
