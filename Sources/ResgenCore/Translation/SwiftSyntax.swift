/// Small helpers that spell Swift source text: literals, type names, doc comments.
enum SwiftSyntax {
    /// A Swift string literal for `text`, escaping quotes, backslashes and control characters.
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
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
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
    /// Descriptions keep their line breaks; lines are trimmed so no output line ends in a space.
    static func docLines(_ description: String?, remark keyPath: String?) -> [String] {
        var lines: [String] = []
        if let description, !description.isEmpty {
            // Split on UTF-8 newlines: a Character-wise split costs grapheme breaking on every byte.
            lines = description.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
                let text = String(Substring(line)).trimmingSpaces
                return text.isEmpty ? "///" : "/// " + text
            }
            while lines.last == "///" { lines.removeLast() }
        }
        if let keyPath {
            if !lines.isEmpty { lines.append("///") }
            lines.append("/// - Remark: Generated from `\(keyPath)`.")
        }
        return lines
    }

    /// A literal for a validated default value of `type`.
    static func literal(_ value: DefaultValue, type: TypeRef) -> String {
        switch value {
        case .string(let text): stringLiteral(text)
        case .integer(let text), .number(let text): text
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
