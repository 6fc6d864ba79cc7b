/// Small helpers that spell Swift source text: literals, type names, doc comments.
enum SwiftSyntax {
    /// A Swift string literal for `text`: quotes and backslashes escaped, and every character that
    /// breaks a line, controls the terminal or reorders text (see `SwiftSyntax+Comments.swift`)
    /// written as an escape, so the literal is one line that reads as it compiles.
    static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if isLineBreak(scalar) || isControl(scalar) || isBidirectionalControl(scalar) {
                    result += escape(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// The Swift spelling of a schema type.
    static func typeName(_ type: TypeRef) -> String {
        switch type {
        case .builtin(let builtin): builtin.rawValue
        case .resource(let name), .object(let name), .enumeration(let name): name
        case .file: "MultipartFile"
        case .optional(let wrapped): typeName(wrapped) + "?"
        case .array(let element): "[\(typeName(element))]"
        case .dictionary(let value): "[String: \(typeName(value))]"
        }
    }

    /// `///` lines for a description and a remark naming where the declaration came from.
    ///
    /// Every piece of schema text in a comment passes through here (or ``commentText(_:)``), so no
    /// line break, control or bidirectional-control character reaches the output: see
    /// `SwiftSyntax+Comments.swift`. Descriptions keep their line breaks as comment lines; lines are
    /// trimmed so no output line ends in a space.
    static func docLines(_ description: String?, remark keyPath: String?) -> [String] {
        var lines: [String] = []
        if let description, !description.isEmpty {
            lines = commentLines(description).map { line in
                let text = line.trimmingSpaces
                return text.isEmpty ? "///" : "/// " + text
            }
            while lines.last == "///" { lines.removeLast() }
        }
        if let keyPath {
            if !lines.isEmpty { lines.append("///") }
            lines.append("/// - Remark: Generated from `\(commentText(keyPath))`.")
        }
        return lines
    }

    /// A validated decimal number as a Swift literal: YAML's `.5` and `5.` need a digit on either side
    /// of the point in Swift (`0.5`, `5.0`).
    static func numberLiteral(_ text: String) -> String {
        var digits = Substring(text)
        var sign = ""
        if let first = digits.first, first == "-" || first == "+" {
            sign = String(first)
            digits = digits.dropFirst()
        }
        var result = String(digits)
        if result.hasPrefix(".") { result = "0" + result }
        if result.hasSuffix(".") { result += "0" }
        return sign + result
    }

    /// A literal for a validated default value of `type`.
    static func literal(_ value: DefaultValue, type: TypeRef) -> String {
        switch value {
        case .string(let text): stringLiteral(text)
        case .integer(let text): text
        case .number(let text): numberLiteral(text)
        case .bool(let flag): flag ? "true" : "false"
        case .enumCase(let name): "." + SwiftNaming.escaped(name)
        case .url(let text): "URL(string: \(stringLiteral(text)))!"
        case .uuid(let text): "UUID(uuidString: \(stringLiteral(text)))!"
        case .null: "nil"
        case .emptyArray: "[]"
        case .emptyDictionary: "[:]"
        }
    }
}
