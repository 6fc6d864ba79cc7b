import Foundation

/// RFC 8288 `Link` header parsing, for plain-JSON pagination (`<…?page=2>; rel="next"`).
///
/// A field value is a comma-separated list of links: `<URI-Reference>`, then `;`-separated parameters
/// whose values are tokens or quoted strings with `\` escapes. Commas inside `<…>` or a quoted string
/// separate nothing, so `<…?ids=1,2>; rel=next` is one link. A link that does not follow the grammar is
/// skipped up to the next comma outside quotes, and the links around it still count (``Scanner``).
package enum LinkHeader {
    /// One link-value: its target as written and its parameters in order.
    package struct Link: Hashable, Sendable {
        /// The URI-Reference between `<` and `>`, unresolved.
        package var target: String
        /// The parameters, names lowercased (they are case-insensitive), values unquoted; `nil` for a
        /// parameter written without `=`.
        package var parameters: [Parameter]

        /// Creates a link (the memberwise initializer, visible to the package).
        package init(target: String, parameters: [Parameter]) {
            self.target = target
            self.parameters = parameters
        }

        /// The value of the first parameter called `name` (lowercase): RFC 8288 §3 has parsers ignore
        /// the occurrences of `rel` and `anchor` after the first.
        package func parameter(_ name: String) -> String? {
            parameters.first { $0.name == name }?.value
        }

        /// The relation types of the first `rel` parameter, lowercased: relation types compare
        /// case-insensitively (RFC 8288 §2.1), and several are separated by spaces.
        var relationTypes: [String] {
            guard let rel = parameter("rel") else { return [] }
            return rel.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { $0.lowercased() }
        }
    }

    /// A parameter of a link.
    package struct Parameter: Hashable, Sendable {
        /// The name, lowercased; `rel*` is its own name, not `rel`.
        package var name: String
        /// The value, quotes and escapes removed; `nil` when the parameter has no `=`.
        package var value: String?

        /// Creates a parameter (the memberwise initializer, visible to the package).
        package init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    /// The target of each relation in `value`, resolved against `base`; the first link of a relation wins.
    ///
    /// A link whose `anchor` names another resource describes that resource, not the response, so it is
    /// left out; so is a link whose target is not a URL.
    package static func relations(_ value: String, base: URL) -> [String: URL] {
        var result: [String: URL] = [:]
        for link in links(in: value) where isAboutTheResponse(link, base: base) {
            guard let url = URIReference.url(link.target, relativeTo: base) else { continue }
            for type in link.relationTypes where result[type] == nil { result[type] = url }
        }
        return result
    }

    /// Every well-formed link of the field value `value`, in order.
    package static func links(in value: String) -> [Link] {
        var scanner = Scanner(Array(value.utf8))
        return scanner.links()
    }

    /// Whether the link's context is the response itself: it has no `anchor`, or one that resolves to `base`.
    private static func isAboutTheResponse(_ link: Link, base: URL) -> Bool {
        guard let anchor = link.parameter("anchor"), !anchor.isEmpty else { return true }  // "" is the response's own URL
        return URIReference.url(anchor, relativeTo: base) == base.absoluteURL
    }
}
