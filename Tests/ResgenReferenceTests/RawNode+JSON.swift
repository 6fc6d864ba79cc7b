import Foundation
import ResgenCore

extension RawNode {
    /// The node as an editor's YAML language server sees it, as a JSON value for `JSONSerialization`:
    /// plain scalars resolved by YAML 1.2's core schema (`yes` stays a string, `true`, `True` and
    /// `TRUE` are booleans, `~` and `null` are null, numbers are numbers), every other scalar a string.
    ///
    /// This is the instance a JSON Schema checks. PyYAML would resolve YAML 1.1 (`yes` → true) and hide
    /// exactly the booleans resgen rejects.
    var jsonObject: Any {
        switch kind {
        case .scalar(let text, let plain):
            return plain ? Self.resolvePlain(text) : text
        case .sequence(let elements):
            return elements.map(\.jsonObject)
        case .mapping(let entries):
            var object: [String: Any] = [:]
            for entry in entries { object[entry.key] = entry.value.jsonObject }
            return object
        }
    }

    /// YAML 1.2 core schema resolution of a plain scalar.
    static func resolvePlain(_ text: String) -> Any {
        switch text {
        case "", "~", "null", "Null", "NULL": return NSNull()
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return Double.greatestFiniteMagnitude
        case "-.inf", "-.Inf", "-.INF": return -Double.greatestFiniteMagnitude
        default: break
        }
        if text.wholeMatch(of: /[-+]?[0-9]+/) != nil {
            if let integer = Int64(text) { return integer }
            return Double(text) ?? 0.0
        }
        if let match = text.wholeMatch(of: /0o([0-7]+)/) { return Int64(match.1, radix: 8) ?? text }
        if let match = text.wholeMatch(of: /0x([0-9a-fA-F]+)/) { return Int64(match.1, radix: 16) ?? text }
        if text.wholeMatch(of: /[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?/) != nil {
            // A number too large for a Double is still a number to the editor; any finite one will do here.
            return Double(text).map { $0.isFinite ? $0 : Double.greatestFiniteMagnitude } ?? text
        }
        if text.wholeMatch(of: /\.(nan|NaN|NAN)/) != nil { return 0.0 }
        return text
    }
}
