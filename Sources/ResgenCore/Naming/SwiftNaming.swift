/// Turns schema names into Swift identifiers, and knows which identifiers the Swift language reserves
/// (what generated code and the runtime take is ``GeneratedNames``' business).
///
/// The validator uses it to find names that clash *after* renaming (`first-name` and `first_name`
/// both become `firstName`); the translator uses it again to spell the code, so both agree.
public enum SwiftNaming {
    /// A lowerCamelCase identifier for `name`: separators (`-`, `_`, `.`, space …) are dropped and
    /// the following letter uppercased; a leading digit, or any other character that may continue but
    /// not start an identifier (a combining mark, `‿`, `·`), gets a `_` prefix. Returns an already
    /// valid lowerCamel name unchanged apart from its first letter.
    public static func memberName(_ name: String) -> String {
        let camel = camelCase(name)
        if let ascii = asciiMemberName(camel) { return ascii }
        return startingValidly(unicodeMemberName(camel))
    }

    /// `memberName` for a camel-cased name with non-ASCII characters.
    private static func unicodeMemberName(_ camel: String) -> String {
        guard let first = camel.first else { return "_" }
        // Lowercase a leading run of capitals ("URLString" → "urlString", "ID" → "id").
        let scalars = Array(camel)
        var upperRun = 0
        while upperRun < scalars.count, scalars[upperRun].isUppercase { upperRun += 1 }
        let result: String
        if upperRun == 0 {
            result = camel
        } else if upperRun == 1 || upperRun == scalars.count {
            result = String(scalars[..<upperRun]).lowercased() + String(scalars[upperRun...])
        } else {
            result = String(scalars[..<(upperRun - 1)]).lowercased() + String(scalars[(upperRun - 1)...])
        }
        return first.isNumber ? "_" + result : result
    }

    /// An UpperCamelCase identifier for `name`.
    public static func typeName(_ name: String) -> String {
        let camel = camelCase(name)
        guard let first = camel.first else { return "_" }
        if first.isNumber { return "_" + camel }
        return startingValidly(first.uppercased() + camel.dropFirst())
    }

    /// `identifier` with a `_` before it when its first character cannot start a Swift identifier
    /// (Swift accepts every XID_Continue character after the first, but only XID_Start or `_` first).
    private static func startingValidly(_ identifier: String) -> String {
        guard let first = identifier.unicodeScalars.first, first != "_", !first.properties.isXIDStart else { return identifier }
        return "_" + identifier
    }

    /// Whether `name` is usable as-is as a Swift identifier (ignoring keywords).
    public static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isXIDStart else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }

    /// `memberName` for an ASCII `camel` (nearly every schema name), on bytes; nil for other text.
    /// Character-wise it costs grapheme breaking per letter, and names are made for every member.
    private static func asciiMemberName(_ camel: String) -> String? {
        guard camel.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var bytes = Array(camel.utf8)
        guard let first = bytes.first else { return "_" }
        func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        var upperRun = 0
        while upperRun < bytes.count, isUpper(bytes[upperRun]) { upperRun += 1 }
        let lowered = upperRun <= 1 || upperRun == bytes.count ? upperRun : upperRun - 1
        for index in 0..<lowered { bytes[index] += 32 }
        let result = String(decoding: bytes, as: UTF8.self)
        return first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") ? "_" + result : result
    }

    /// Splits on anything that cannot be part of an identifier and joins the words in camel case.
    private static func camelCase(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) { return asciiCamelCase(name) }
        var result = ""
        var upperNext = false
        for scalar in name.unicodeScalars {
            if scalar.properties.isXIDContinue, scalar != "_" {
                if upperNext, !result.isEmpty {
                    result += String(scalar).uppercased()
                } else {
                    result.unicodeScalars.append(scalar)
                }
                upperNext = false
            } else {
                upperNext = true
            }
        }
        return result
    }

    /// `camelCase` for ASCII text, on bytes: letters and digits are kept, anything else (`_` too)
    /// separates words, and a lowercase letter starting a later word is uppercased.
    private static func asciiCamelCase(_ name: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        var upperNext = false
        for byte in name.utf8 {
            let isLower = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
            let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            if isLower || isUpper || isDigit {
                bytes.append(upperNext && !bytes.isEmpty && isLower ? byte - 32 : byte)
                upperNext = false
            } else {
                upperNext = true
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Words that need backticks to be used as an identifier.
    public static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil",
        "self", "Self", "super", "throws", "true", "try", "async", "some", "any",
    ]

    /// Member names that even backticks cannot make safe in generated code (they would shadow or
    /// conflict with what Swift itself means by them); the validator asks the user to rename.
    public static let reservedMemberNames: Set<String> = ["init", "deinit", "subscript", "self", "Self", "Type", "Protocol", "_"]

    /// `name`, backticked when it is a keyword.
    public static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }
}
