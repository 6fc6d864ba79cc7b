import Foundation

@testable import ResgenRuntime

/// Target `linkheader`: the RFC 8288 `Link` header parser.
///
/// Each input is used twice. As a field value as it is: parsing must not trap, and the links found must
/// read back unchanged from their canonical serialization. And as a recipe for links (targets,
/// parameters with token or quoted values, whitespace, letter case, empty list elements): their
/// serialization, written every way the grammar allows, must parse to exactly those links.
enum LinkHeaderHarness {
    static let target = FuzzTarget(name: "linkheader", summary: "the RFC 8288 Link header parser") { input, _ throws(Finding) in
        if let message = checkFieldValue(input) ?? checkRecipe(input) {
            throw Finding(target: "linkheader", kind: "round-trip", message: message)
        }
    }

    static let base = URL(string: "https://api.example.com/items?page=1")!

    /// The input as a field value.
    static func checkFieldValue(_ input: Data) -> String? {
        let value = String(decoding: input, as: UTF8.self)
        let links = LinkHeader.links(in: value)
        _ = LinkHeader.relations(value, base: base)
        let canonical = links.map(serialize).joined(separator: ", ")
        let again = LinkHeader.links(in: canonical)
        guard again == links else {
            return "\(value.debugDescription) parsed to \(links), whose serialization \(canonical.debugDescription) parsed to \(again)"
        }
        return nil
    }

    /// The input as a recipe of links.
    static func checkRecipe(_ input: Data) -> String? {
        var recipe = FuzzInput(input)
        var links: [LinkHeader.Link] = []
        var text = ""
        for index in 0..<recipe.choose(5) {
            let link = makeLink(&recipe)
            links.append(link)
            if index > 0 || recipe.bool() { text += whitespace(&recipe) + "," + whitespace(&recipe) }
            if recipe.choose(4) == 0 { text += "," + whitespace(&recipe) }  // an empty element
            text += written(link, &recipe)
        }
        if recipe.bool() { text += whitespace(&recipe) + "," }
        let parsed = LinkHeader.links(in: text)
        guard parsed == links else { return "\(text.debugDescription) parsed to \(parsed), not \(links)" }
        return nil
    }

    static let targetCharacters = Array("abcXYZ019-._~:/?#[]@!$&'()*+,;=%é")
    static let tokenCharacters = Array("abcRELxyz019!#$%&'*+-.^_`|~")
    static let valueCharacters = Array("abc REL,;=\"\\<>\t/é{}()")

    static func makeLink(_ recipe: inout FuzzInput) -> LinkHeader.Link {
        let target = recipe.string(from: targetCharacters, limit: 12)
        let parameters = (0..<recipe.choose(4)).map { _ in
            let name = ["rel", "anchor", "title", "rel*", recipe.string(from: tokenCharacters, limit: 6)][recipe.choose(5)]
            let value: String? = recipe.choose(5) == 0 ? nil : recipe.string(from: valueCharacters, limit: 12)
            return LinkHeader.Parameter(name: name.isEmpty ? "x" : name.lowercased(), value: value)
        }
        return LinkHeader.Link(target: target, parameters: parameters)
    }

    /// One way of writing `link`: whitespace around separators, names in any case, values as tokens
    /// when they can be, quoted (with some characters escaped for no reason) otherwise.
    static func written(_ link: LinkHeader.Link, _ recipe: inout FuzzInput) -> String {
        var text = "<\(link.target)>"
        for parameter in link.parameters {
            text += whitespace(&recipe) + ";" + whitespace(&recipe)
            text += String(parameter.name.map { recipe.bool() ? Character($0.uppercased()) : $0 })
            guard let value = parameter.value else { continue }
            text += whitespace(&recipe) + "=" + whitespace(&recipe)
            let isToken = !value.isEmpty && value.utf8.allSatisfy(LinkHeader.Scanner.isTokenCharacter)
            if isToken, recipe.bool() {
                text += value
            } else {
                // Scalar by scalar: a quote followed by a combining mark is one Character, not a quote.
                text += "\"" + value.unicodeScalars.map { scalar in
                    scalar == "\"" || scalar == "\\" || recipe.choose(8) == 0 ? "\\\(scalar)" : "\(scalar)"
                }.joined() + "\""
            }
        }
        return text
    }

    static func whitespace(_ recipe: inout FuzzInput) -> String {
        ["", "", " ", "\t", "  "][recipe.choose(5)]
    }

    /// The canonical serialization: every value quoted, `"` and `\` escaped.
    static func serialize(_ link: LinkHeader.Link) -> String {
        var text = "<\(link.target)>"
        for parameter in link.parameters {
            text += "; \(parameter.name)"
            if let value = parameter.value {
                // Scalar by scalar, as the parser reads bytes: `replacingOccurrences` compares Characters,
                // and a quote followed by a combining mark is not the Character `"`.
                text += "=\"" + value.unicodeScalars.map { $0 == "\"" || $0 == "\\" ? "\\\($0)" : "\($0)" }.joined() + "\""
            }
        }
        return text
    }
}
