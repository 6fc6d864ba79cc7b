import Foundation
import Testing

@testable import ResgenCore
@testable import ResgenDrafting
@_spi(Generated) @testable import ResgenRuntime

/// `resgen infer` and the runtime must agree on what is HAL: ResgenCore cannot import the runtime, so
/// ``HALForms`` restates the runtime's reading rules, and these tests feed the same documents to both
/// (the runtime's `HALDocument` and `HALCollectionDocument`, inference's ``HALForms``) and check that
/// they accept the same ones and read the same relations, links and embedded resources from them.
@Suite struct HALFormsAgreementTests {
    /// Resource documents in every form the HAL article's table lists, accepted and refused, and their
    /// neighbours.
    static let resources: [String] = [
        #"{"_links": {"self": {"href": "/talks/1"}, "venue": {"href": "/venues/1", "title": "Hall"}}}"#,
        #"{"_links": {"self": "http://x.example/talks/1/", "venue": "/venues/1/"}}"#,
        #"{"_links": {"speakers": ["/speakers/1/", {"href": "/speakers/2/"}], "tags": []}}"#,
        #"{"_links": {"previous": null, "next": null, "self": {"href": "/talks/"}}}"#,
        #"{"_links": {"search": {"href": "/s{?q}", "templated": true}, "a": {"href": "/a", "templated": "true"}, "b": {"href": "/b", "templated": 1}}}"#,
        #"{"_links": {"search": {"href": "/s{?q}", "templated": false}, "c": {"href": "/c", "templated": null}}}"#,
        #"{"_links": null, "title": "no links"}"#,
        #"{"title": "no _links at all"}"#,
        #"{"_embedded": {"speaker": {"name": "Ann"}, "tags": [{"label": "a"}, {"label": "b"}], "none": []}}"#,
        #"{"_links": {"curies": [{"name": "ea", "href": "https://x.example/rels/{rel}", "templated": true}]}, "_embedded": {"ea:items": [{"_links": {"https://x.example/rels/owner": {"href": "/p/1"}, "ea:tag": {"href": "/t/1"}}}]}}"#,
        #"{"_links": {"curies": {"name": "ea", "href": "/rels/{rel}", "templated": true}, "/rels/x": {"href": "/x"}}}"#,
        #"{"_links": {"curies": [{"name": "ea", "href": "/rels/{rel}"}]}, "_embedded": {"a": {"_links": {"curies": [{"name": "ea", "href": "/other/{rel}"}], "/other/y": {"href": "/y"}, "/rels/z": {"href": "/z"}}}}}"#,
        #"{"_links": {"self": "/talks/1"}, "_embedded": null}"#,
        // Refused by both.
        #"{"_links": {"self": {"href": 5}}}"#,
        #"{"_links": {"self": 5}}"#,
        #"{"_links": {"self": {"title": "no href"}}}"#,
        #"{"_links": {"self": {"href": null}}}"#,
        #"{"_links": {"speakers": ["/speakers/1/", 3]}}"#,
        #"{"_links": {"speakers": [null]}}"#,
        #"{"_links": {"self": true}}"#,
        #"{"_links": {"self": {"href": "/a", "title": 5}}}"#,
        #"{"_links": {"self": {"href": "/a", "name": ["x"]}}}"#,
        #"{"_links": {"self": {"href": "/a", "type": null, "title": null}}}"#,
        #"{"_links": []}"#,
        #"{"_links": "x"}"#,
        #"{"_embedded": [{"title": "an array in a resource"}]}"#,
        #"{"_embedded": "x"}"#,
        #"{"_embedded": {"a": "x"}}"#,
        #"{"_embedded": {"a": [1]}}"#,
        #"{"_embedded": {"a": null}}"#,
        #"{"_embedded": {"a": {"_links": {"self": 5}}}}"#,
        #"{"_embedded": {"a": [{"_embedded": [{"x": 1}]}]}}"#,
    ]

    /// Collection documents: `_embedded` may be an array at their top (drf-hal-json's pages).
    static let collections: [String] = [
        #"{"_links": {"self": "/talks/"}, "count": 1, "_embedded": [{"_links": {"self": "/talks/1/", "venue": null}}]}"#,
        #"{"_links": {"curies": [{"name": "c", "href": "/rels/{rel}"}]}, "_embedded": [{"_links": {"/rels/feedback": "/f/1/"}}]}"#,
        #"{"_embedded": {"items": [{"_links": {"self": "/items/1"}}]}}"#,
        #"{"_links": {"self": "/talks/"}, "_embedded": null}"#,
        #"{"_embedded": [{"_links": {"self": 5}}]}"#,
        #"{"_embedded": [{"_embedded": [{"x": 1}]}]}"#,
        #"{"_embedded": [3]}"#,
    ]

    @Test(arguments: resources)
    func aResourceReadsAlike(_ json: String) throws {
        let runtime = try? View(JSONDecoder().decode(HALDocument.self, from: Data(json.utf8)))
        let node = try JSONNodeParser.parse(Array(json.utf8))
        let inference = try? View(checked: node, atRoot: false)
        #expect(runtime == inference, "the runtime reads \(runtime.map(String.init(describing:)) ?? "nothing"), inference \(inference.map(String.init(describing:)) ?? "nothing")")
    }

    @Test(arguments: collections)
    func aCollectionReadsAlike(_ json: String) throws {
        let runtime = try? JSONDecoder().decode(HALCollectionDocument<Item>.self, from: Data(json.utf8))
        let node = try JSONNodeParser.parse(Array(json.utf8))
        let inference: (items: [View], links: View)? = try? {
            try HALForms.check(node, atRoot: true)
            let curies = HALForms.curies(HALForms.relations(of: node), inherited: [])
            let items = HALForms.collectionItems(of: node) ?? HALForms.embedded(of: node).first?.resources ?? []
            return (try items.map { try View(checked: $0, atRoot: false, inherited: curies) }, View(relationsOf: node, curies: []))
        }()
        #expect((runtime == nil) == (inference == nil), "only one of them reads \(json)")
        guard let runtime, let inference else { return }
        #expect(runtime.items.map(\.view) == inference.items)
        #expect(View(runtime.links) == inference.links)
    }

    /// A relation written as a CURIE's full URI in an embedded resource is the compact relation for both:
    /// the runtime finds it under the compact spelling with the CURIEs it inherits.
    @Test func embeddedResourcesInheritCURIEsAlike() throws {
        let json = Self.resources[9]
        let runtime = try JSONDecoder().decode(HALDocument.self, from: Data(json.utf8))
        let item = try #require(runtime.embedded("ea:items")?.first)
        #expect(item.links["ea:owner"]?.links.first?.href == "/p/1")
        let node = try JSONNodeParser.parse(Array(json.utf8))
        let curies = HALForms.curies(HALForms.relations(of: node), inherited: [])
        let embedded = try #require(HALForms.embedded(of: node).first?.resources.first)
        let rels = HALForms.relations(of: embedded).map { HALForms.compact($0.rel, curies: HALForms.curies(HALForms.relations(of: embedded), inherited: curies)) }
        #expect(rels == ["ea:owner", "ea:tag"])
    }
}

/// What a reader made of one HAL resource: relations in their compact CURIE spelling with their links,
/// and embedded resources, recursively. Equal views: the two readers agree.
private struct View: Hashable, CustomStringConvertible {
    struct Link: Hashable {
        var href: String
        var templated: Bool
    }

    struct Relation: Hashable {
        var links: [Link]
        var isArray: Bool
    }

    struct Embedded: Hashable {
        var resources: [View]
        var isArray: Bool
    }

    var relations: [String: Relation] = [:]
    var embedded: [String: Embedded] = [:]

    var description: String { "relations \(relations), embedded \(embedded)" }

    /// The runtime's reading. Relations are keyed by the spelling inference compacts them to, which
    /// must be one the runtime finds them under.
    init(_ document: HALDocument) {
        self.init(document.links)
        for (rel, value) in document.embedded {
            switch value {
            case .one(let resource): embedded[rel] = Embedded(resources: [View(resource)], isArray: false)
            case .many(let resources): embedded[rel] = Embedded(resources: resources.map(View.init), isArray: true)
            }
        }
    }

    init(_ links: HALLinks) {
        for (rel, value) in links.relations {
            let spelling = links.spellings(of: rel).first { $0 != rel && !$0.contains("/") } ?? rel
            switch value {
            case .one(let link): relations[spelling] = Relation(links: [Link(href: link.href, templated: link.templated)], isArray: false)
            case .many(let many): relations[spelling] = Relation(links: many.map { Link(href: $0.href, templated: $0.templated) }, isArray: true)
            }
        }
    }

    /// Inference's reading of a resource ``HALForms/check(_:atRoot:path:)`` accepts; throws when it refuses it.
    init(checked node: JSONNode, atRoot: Bool, inherited: [HALForms.CURIE] = []) throws {
        try HALForms.check(node, atRoot: atRoot)
        let curies = HALForms.curies(HALForms.relations(of: node), inherited: inherited)
        self.init(relationsOf: node, curies: curies)
        for entry in HALForms.embedded(of: node) {
            embedded[entry.rel] = Embedded(resources: try entry.resources.map { try View(checked: $0, atRoot: false, inherited: curies) }, isArray: entry.isArray)
        }
    }

    init(relationsOf node: JSONNode, curies: [HALForms.CURIE]) {
        for relation in HALForms.relations(of: node) {
            relations[HALForms.compact(relation.rel, curies: curies)] = Relation(
                links: relation.links.map { Link(href: $0.href, templated: $0.templated) }, isArray: relation.isArray)
        }
    }
}

/// The smallest resource a collection document can hold: its links.
private struct Item: Resource {
    static let resourceType = "items"
    var id: String
    var links: HALLinks

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: HALKey.self)
        links = try container.decodeIfPresent(HALLinks.self, forKey: HALKey("_links")) ?? HALLinks()
        // `_embedded` as generated models read it (absent, null or an object).
        _ = try HALEmbedded(container, forKey: HALKey("_embedded"), links: links)
        id = links.selfLink?.href ?? ""
    }

    func encode(to encoder: any Encoder) throws {}

    /// Its reading, as ``View`` compares it (it has no `_embedded` of its own here).
    var view: View { View(links) }
}
