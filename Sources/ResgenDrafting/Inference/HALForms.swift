import ResgenCore
import Foundation

/// What `resgen infer` reads as HAL's `_links` and `_embedded`: exactly the forms the runtime decodes
/// (`HALLinks`, `HALLink`, `HALDocument` and `HALCollectionDocument` in Sources/ResgenRuntime/HAL; the
/// table in the HAL DocC article), so that a draft never describes a document its generated client
/// cannot read, nor misses a link the client would read. ResgenCore cannot import the runtime, so the
/// rule is written twice; `HALFormsAgreementTests` feeds the same documents to both and checks that they
/// agree.
///
/// Accepted, as the runtime does: a link object with a string `href`; a bare string (an href,
/// drf-hal-json); an array of link objects and strings; `null` for no link; a non-Boolean `templated`
/// counts as false; `_links` or `_embedded` absent or `null`; an embedded relation written as an object
/// or an array whatever its cardinality; `_embedded` written as an array at the top of a collection (its
/// items, drf-hal-json's pages). Refused (``check(_:atRoot:)`` says where): a link without a string
/// `href`, a link property HAL defines as a string that is not one, a relation that is neither a link nor
/// an array of them, `_links` that is not an object, and `_embedded` as an array anywhere else (it names
/// no relation). CURIEs are in scope in the resources a document embeds (``curies(_:inherited:)``).
enum HALForms {
    /// One link as the runtime reads it.
    struct Link: Hashable, Sendable {
        var href: String
        /// Only a JSON `true` (HAL: a non-Boolean counts as false).
        var templated: Bool
        var name: String?
    }

    /// One relation of `_links`, `null` ones left out.
    struct Relation: Hashable, Sendable {
        /// The relation as written.
        var rel: String
        var links: [Link]
        /// Written as an array (of any length) rather than one link.
        var isArray: Bool
    }

    /// One relation of `_embedded`.
    struct Embedded: Hashable, Sendable {
        var rel: String
        var resources: [JSONNode]
        var isArray: Bool
    }

    /// A CURIE: `name` stands for `head` + reference + `tail`.
    struct CURIE: Hashable, Sendable {
        var name: String
        var head: String
        var tail: String
    }

    /// The properties of a link object that the runtime decodes as strings when present (`null` is absent).
    static let stringProperties = ["type", "deprecation", "name", "profile", "title", "hreflang"]

    // MARK: checking

    /// Throws the JSON path and reason of the first form in `resource` (and what it embeds, recursively)
    /// that the runtime refuses. `atRoot`: the document itself, where `_embedded` may be an array (the
    /// items of a collection).
    static func check(_ resource: JSONNode, atRoot: Bool, path: String = "") throws(Refusal) {
        guard let members = resource.members else { throw Refusal(path: path.isEmpty ? "$" : path, reason: "a HAL resource is a JSON object") }
        // The members in sorted order, as the runtime visits them: the first refusal is the same every run.
        for member in members.sorted(by: { $0.key < $1.key }) {
            switch member.key {
            case "_links": try checkLinks(member.value, path: join(path, "_links"))
            case "_embedded": try checkEmbedded(member.value, atRoot: atRoot, path: join(path, "_embedded"))
            default: continue
            }
        }
    }

    private static func checkLinks(_ node: JSONNode, path: String) throws(Refusal) {
        if node == .null { return }
        guard let members = node.members else { throw Refusal(path: path, reason: "'_links' is not an object") }
        for member in members.sorted(by: { $0.key < $1.key }) {
            let relationPath = join(path, member.key)
            switch member.value {
            case .null, .string: continue
            case .object: try checkLink(member.value, path: relationPath)
            case .array(let elements):
                for (index, element) in elements.enumerated() where element.stringValue == nil {
                    try checkLink(element, path: "\(relationPath)[\(index)]")
                }
            default: throw Refusal(path: relationPath, reason: "a relation is a link object, an href, an array of them or null")
            }
        }
    }

    private static func checkLink(_ node: JSONNode, path: String) throws(Refusal) {
        guard node.members != nil else { throw Refusal(path: path, reason: "a link is a link object or an href") }
        guard node["href"]?.stringValue != nil else { throw Refusal(path: join(path, "href"), reason: "a link needs a string 'href'") }
        for property in stringProperties {
            guard let value = node[property], value != .null, value.stringValue == nil else { continue }
            throw Refusal(path: join(path, property), reason: "a link's '\(property)' is a string")
        }
    }

    private static func checkEmbedded(_ node: JSONNode, atRoot: Bool, path: String) throws(Refusal) {
        switch node {
        case .null: return
        case .array(let items):
            guard atRoot else { throw Refusal(path: path, reason: "'_embedded' as an array names no relation (only a collection's items may be written so)") }
            for (index, item) in items.enumerated() { try check(item, atRoot: false, path: "\(path)[\(index)]") }
        case .object(let members):
            for member in members.sorted(by: { $0.key < $1.key }) {
                let relationPath = join(path, member.key)
                if let items = member.value.elements {
                    for (index, item) in items.enumerated() { try check(item, atRoot: false, path: "\(relationPath)[\(index)]") }
                } else {
                    try check(member.value, atRoot: false, path: relationPath)
                }
            }
        default:
            throw Refusal(path: path, reason: "'_embedded' is not an object")
        }
    }

    /// `a.b`, or `b` at the top.
    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// A form the runtime refuses, where.
    struct Refusal: Error, Hashable, Sendable {
        /// The JSON path (`_embedded.items[0]._links.author.href`).
        var path: String
        var reason: String
    }

    // MARK: reading (of checked documents)

    /// The relations of `resource`'s `_links`, in document order, without `null` ones.
    static func relations(of resource: JSONNode) -> [Relation] {
        (resource["_links"]?.members ?? []).compactMap { member in
            switch member.value {
            case .array(let elements): Relation(rel: member.key, links: elements.compactMap(link), isArray: true)
            case .null: nil
            default: link(member.value).map { Relation(rel: member.key, links: [$0], isArray: false) }
            }
        }
    }

    /// A link object or a bare href.
    static func link(_ node: JSONNode) -> Link? {
        if let href = node.stringValue { return Link(href: href, templated: false) }
        guard let href = node["href"]?.stringValue else { return nil }
        return Link(href: href, templated: node["templated"] == .bool(true), name: node["name"]?.stringValue)
    }

    /// The relations of `resource`'s `_embedded` when it is an object (an array is a collection's items:
    /// ``collectionItems(of:)``).
    static func embedded(of resource: JSONNode) -> [Embedded] {
        (resource["_embedded"]?.members ?? []).map { member in
            if let items = member.value.elements { return Embedded(rel: member.key, resources: items, isArray: true) }
            return Embedded(rel: member.key, resources: [member.value], isArray: false)
        }
    }

    /// The items of a collection that writes `_embedded` as an array; nil when it does not.
    static func collectionItems(of resource: JSONNode) -> [JSONNode]? {
        resource["_embedded"]?.elements
    }

    /// The CURIEs in scope in a resource with `relations`: its own (`curies` links with a `name` and a
    /// `{rel}` in the href), then those of the documents it is embedded in that it does not redefine.
    static func curies(_ relations: [Relation], inherited: [CURIE]) -> [CURIE] {
        let own: [CURIE] = (relations.first { $0.rel == "curies" }?.links ?? []).compactMap { link in
            guard let name = link.name, let range = link.href.range(of: "{rel}") else { return nil }
            return CURIE(name: name, head: String(link.href[..<range.lowerBound]), tail: String(link.href[range.upperBound...]))
        }
        return own + inherited.filter { curie in !own.contains { $0.name == curie.name } }
    }

    /// `rel` in its compact form when a CURIE in scope expands to it (`https://example.com/rels/orders`
    /// → `ea:orders`), else as written: the runtime finds a relation under either spelling, so the two
    /// are one relation.
    static func compact(_ rel: String, curies: [CURIE]) -> String {
        for curie in curies where rel.count > curie.head.count + curie.tail.count && rel.hasPrefix(curie.head) && rel.hasSuffix(curie.tail) {
            let middle = rel.dropFirst(curie.head.count).dropLast(curie.tail.count)
            return curie.name + ":" + middle
        }
        return rel
    }
}
