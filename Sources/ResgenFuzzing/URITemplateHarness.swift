import Foundation
import ResgenRuntime

/// Target `uritemplate`: RFC 6570 templates, parsed and expanded.
///
/// Input: the template on the first line; the rest picks each variable's value (a string, a list, an
/// associative array or undefined). Parsing either succeeds or throws a `URITemplate.Error` whose offset
/// lies in the template; an expansion consists of URI characters only, every `%` starting a
/// percent-encoded byte. Each string value also goes through `{x}` and `{?x}`, whose output must decode
/// back to the value.
enum URITemplateHarness {
    static let target = FuzzTarget(name: "uritemplate", summary: "URITemplate parse and expand") { input, _ throws(Finding) in
        if let message = check(input) { throw Finding(target: "uritemplate", kind: "invariant", message: message) }
    }

    static func check(_ input: Data) -> String? {
        let bytes = [UInt8](input)
        let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        let text = String(decoding: bytes[..<newline], as: UTF8.self)
        var recipe = FuzzInput(Data(bytes[min(newline + 1, bytes.count)...]))
        let template: URITemplate
        do throws(URITemplate.Error) {
            template = try URITemplate(text)
        } catch {
            guard (0...text.utf8.count).contains(error.offset) else { return "\(error) has an offset outside the template" }
            return nil
        }
        guard template.description == text else { return "\(text.debugDescription) parsed as \(template.description.debugDescription)" }
        var variables: [String: URITemplate.Value] = [:]
        for name in template.variableNames {
            if let value = makeValue(&recipe) { variables[name] = value }
        }
        do {
            let expanded = try template.expand(variables)
            if let problem = uriProblem(expanded) { return "\(text.debugDescription) with \(variables) expanded to \(expanded.debugDescription): \(problem)" }
        } catch {
            // A prefix modifier on a list or associative array is an error the caller gets.
        }
        for case .string(let value) in variables.values {
            if let message = roundTrip(value) { return message }
        }
        return nil
    }

    static let characters = Array("aZ09-._~ %/?#[]@!$&'()*+,;=\"<>\\^`{|}é中😀\n")

    static func makeValue(_ recipe: inout FuzzInput) -> URITemplate.Value? {
        switch recipe.choose(4) {
        case 0: return nil
        case 1: return .string(recipe.string(from: characters, limit: 12))
        case 2: return .list((0..<recipe.choose(4)).map { _ in recipe.string(from: characters, limit: 6) })
        default:
            return .associative((0..<recipe.choose(4)).map { _ in (recipe.string(from: characters, limit: 4), recipe.string(from: characters, limit: 6)) })
        }
    }

    /// What makes `uri` not a URI reference's characters, or `nil`.
    static func uriProblem(_ uri: String) -> String? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&'()*+,;=".utf8)
        let bytes = Array(uri.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return "a '%' at \(index) starts no percent-encoded byte" }
                index += 3
                continue
            }
            guard allowed.contains(byte) else { return "byte 0x\(String(byte, radix: 16)) at \(index) is not a URI character" }
            index += 1
        }
        return nil
    }

    static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    /// `{x}` and `{?x}` with the string `value`: the expansion percent-decodes back to it.
    static func roundTrip(_ value: String) -> String? {
        do {
            let simple = try URITemplate("{x}").expand(["x": .string(value)])
            guard simple.removingPercentEncoding == value else { return "{x} with \(value.debugDescription) expanded to \(simple.debugDescription)" }
            let query = try URITemplate("{?x}").expand(["x": .string(value)])
            guard query.hasPrefix("?x="), String(query.dropFirst(3)).removingPercentEncoding == value else {
                return "{?x} with \(value.debugDescription) expanded to \(query.debugDescription)"
            }
        } catch {
            return "expanding \(value.debugDescription) threw \(error)"
        }
        return nil
    }
}
