/// A JSON value whose objects keep their keys in the order they were built, with a printer whose
/// output depends only on the value: what `resgen json-schema` writes and `docs/resgen-schema.json`
/// holds byte for byte.
///
/// `JSONSerialization` and `JSONEncoder` sort keys or lose their order; a JSON Schema reads best in
/// the schema language's own order (`type`, `path`, `parent`, … as docs/schema.md lists them).
public indirect enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number.
    case integer(Int)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// Key-value pairs in order; keys are unique.
    case object([(String, JSONValue)])

    /// The value under `key`, when this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.0 == key }?.1
    }

    /// The text with two-space indentation and a final newline.
    public var prettyPrinted: String {
        var out = ""
        write(to: &out, indent: "")
        return out + "\n"
    }

    private func write(to out: inout String, indent: String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .integer(let value): out += String(value)
        case .string(let text): out += Self.quoted(text)
        case .array(let elements):
            // Arrays of scalars (`enum`, `type`) stay on one line; they are short and read as a set.
            if elements.allSatisfy(\.isScalar) {
                out += "[" + elements.map { element in
                    var text = ""
                    element.write(to: &text, indent: indent)
                    return text
                }.joined(separator: ", ") + "]"
                return
            }
            out += "[\n"
            for (index, element) in elements.enumerated() {
                out += indent + "  "
                element.write(to: &out, indent: indent + "  ")
                out += index == elements.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let pairs):
            guard !pairs.isEmpty else {
                out += "{}"
                return
            }
            // A small object of scalars (`{"$ref": …}`, `{"type": "null"}`) stays on one line.
            if pairs.count <= 2, pairs.allSatisfy({ $0.1.isScalar }) {
                out += "{" + pairs.map { key, value in
                    var text = Self.quoted(key) + ": "
                    value.write(to: &text, indent: indent)
                    return text
                }.joined(separator: ", ") + "}"
                return
            }
            out += "{\n"
            for (index, (key, value)) in pairs.enumerated() {
                out += indent + "  " + Self.quoted(key) + ": "
                value.write(to: &out, indent: indent + "  ")
                out += index == pairs.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// A JSON string literal: `"` and `\` escaped, control characters as `\uXXXX` (or `\n`, `\t`).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
