import Foundation
@_spi(Generated) import ResgenHAL
@_spi(Generated) import ResgenRuntimeCore

/// HAL documents in the store's normal form, and back.
///
/// The store keeps one record per resource in JSON:API's shape, whatever the client's format, so one
/// merge rule (``ResourceObjectMerge``), one graph walk and one file serve both. A HAL resource's
/// record:
///
/// - identity: type `hal`, id the resource's `self` link resolved to an absolute URL (two spellings
///   of one link are one record); a document without one is named by the URL it was read from;
/// - `attributes`: its properties other than `_links` and `_embedded`;
/// - `links`: its `_links`, every `href` resolved to an absolute URL;
/// - `relationships`: per link relation, `data` naming the resources it links to or embeds (an
///   object or an array, as the document wrote it), embedded resources overriding links. An embedded
///   resource without a `self` link has no record of its own: it is kept, as sent, as the
///   relationship's `embedded`.
///
/// Embedded resources are records of their own, merged like any other: a partial embedded resource
/// changes only the properties it carries. A read rebuilds a HAL document from the records, embedding
/// the targets of the include paths it asks for (``document(_:tree:graph:)``), and decodes it with the
/// HAL codec.
enum HALRecords {
    /// The record type of every HAL resource: a HAL document names no type, its `self` link is its
    /// identity.
    static let type = "hal"

    /// The identity of the resource at `url`.
    static func identity(_ url: URL) -> ResourceIdentity {
        ResourceIdentity(type: type, id: url.absoluteString)
    }

    /// The identity `href` names, resolved against `base`.
    static func identity(href: String, base: URL) -> ResourceIdentity? {
        URIReference.url(href, relativeTo: base).map(identity)
    }

    /// The identity a resource's `self` link names, when it is on the origin of the document that says
    /// so (`base`); nil otherwise. A document speaks only for its own origin: one read from elsewhere (a
    /// link the traversal followed off the API) that names an API resource as its own `self` must not
    /// replace that record, so its resource is kept as sent, without a record of its own.
    static func ownIdentity(href: String, base: URL) -> ResourceIdentity? {
        guard let url = URIReference.url(href, relativeTo: base), let origin = Origin(of: url), origin == Origin(of: base) else { return nil }
        return identity(url)
    }

    /// The records of one HAL document (the resource and everything embedded in it, recursively) read
    /// from `base`; the document's own identity first.
    struct Normalized {
        var primary: ResourceIdentity?
        var records: [StoredRecord.Objects.Entry] = []
    }

    /// Normalizes a document read from `base`; a document without a `self` link is named `fallback`.
    static func normalizeDocument(_ document: JSONValue, base: URL, fallback: ResourceIdentity) -> Normalized {
        var result = Normalized()
        result.primary = normalize(document, base: base, fallback: fallback, into: &result.records)
        return result
    }

    /// The records of `value` (a resource object) appended to `records`, embedded ones first; its
    /// identity, nil when it has neither a `self` link nor a `fallback`.
    @discardableResult
    static func normalize(_ value: JSONValue, base: URL, fallback: ResourceIdentity?, into records: inout [StoredRecord.Objects.Entry]) -> ResourceIdentity? {
        guard case .object(let members) = value else { return nil }
        let links = members["_links"].map { resolvingLinks($0, base: base) }
        guard let identity = selfHref(links).flatMap({ ownIdentity(href: $0, base: base) }) ?? fallback else { return nil }
        var attributes = members
        attributes["_links"] = nil
        attributes["_embedded"] = nil
        var relationships: [String: JSONValue] = [:]
        if case .object(let rels)? = links {
            for (rel, link) in rels where rel != "self" && rel != "curies" {
                switch link {
                case .array(let items):
                    relationships[rel] = relationship(.array(items.compactMap { linkTarget($0, base: base) }))
                case .object:
                    if let target = linkTarget(link, base: base) { relationships[rel] = relationship(target) }
                default:
                    break
                }
            }
        }
        if case .object(let embedded)? = members["_embedded"] {
            for (rel, item) in embedded {
                switch item {
                case .array(let items):
                    let targets = items.map { normalize($0, base: base, fallback: nil, into: &records) }
                    if targets.allSatisfy({ $0 != nil }) {
                        relationships[rel] = relationship(.array(targets.compactMap { $0.map(identifier) }), embeds: true)
                    } else {
                        relationships[rel] = .object(["data": .null, "embedded": item])
                    }
                case .object:
                    if let target = normalize(item, base: base, fallback: nil, into: &records) {
                        relationships[rel] = relationship(identifier(target), embeds: true)
                    } else {
                        relationships[rel] = .object(["data": .null, "embedded": item])
                    }
                default:
                    relationships[rel] = .object(["data": .null, "embedded": item])
                }
            }
        }
        var object: [String: JSONValue] = [
            "type": .string(identity.type), "id": .string(identity.id), "attributes": .object(attributes),
        ]
        if let links { object["links"] = links }
        if !relationships.isEmpty { object["relationships"] = .object(relationships) }
        records.append((identity: identity, record: StoredRecord(.object(object))))
        return identity
    }

    /// A relationship object naming `data`, with no embedded value left from an earlier read; `embeds`
    /// says whether the document embedded the targets (`_embedded`) rather than linking to them: a
    /// collection's items are the relation it embeds (``collectionItems(of:rel:graph:visited:)``).
    private static func relationship(_ data: JSONValue, embeds: Bool = false) -> JSONValue {
        .object(["data": data, "embedded": .null, "embeds": .bool(embeds)])
    }

    /// The resource identifier object of `identity`.
    static func identifier(_ identity: ResourceIdentity) -> JSONValue {
        .object(["type": .string(identity.type), "id": .string(identity.id)])
    }

    /// The identifier a link object names; nil for a templated link or one without an `href`.
    private static func linkTarget(_ link: JSONValue, base: URL) -> JSONValue? {
        guard case .string(let href)? = link["href"], link["templated"] != .bool(true) else { return nil }
        return identity(href: href, base: base).map(identifier)
    }

    /// The `href` of `_links.self` (the first, when an array).
    private static func selfHref(_ links: JSONValue?) -> String? {
        switch links?["self"] {
        case .array(let items)?: return items.first?["href"]?.stringValue
        case let link?: return link["href"]?.stringValue
        case nil: return nil
        }
    }

    /// `_links` with every non-templated `href` resolved against `base`.
    private static func resolvingLinks(_ links: JSONValue, base: URL) -> JSONValue {
        guard case .object(let rels) = links else { return links }
        func resolved(_ link: JSONValue) -> JSONValue {
            guard case .object(var members) = link, case .string(let href)? = members["href"], members["templated"] != .bool(true),
                let url = URIReference.url(href, relativeTo: base)
            else { return link }
            members["href"] = .string(url.absoluteString)
            return .object(members)
        }
        return .object(rels.mapValues { value in
            if case .array(let items) = value { return .array(items.map(resolved)) }
            return resolved(value)
        })
    }

    // MARK: back to HAL

    /// The HAL document of `identity` as readers see it, embedding the targets of `tree` (link
    /// relations) recursively; nil when it is not stored. A relation whose targets are not all stored
    /// is left as its links. A to-many relation written as one link to a collection embeds the
    /// collection's items, as the traversal resolves it. `visited` gains every record the document was
    /// built from, or would have been had the store held it: what a watcher of the document watches.
    static func document(_ identity: ResourceIdentity, tree: HALTree, graph: StoredGraph, visited: inout Set<ResourceIdentity>) -> JSONValue? {
        visited.insert(identity)
        guard let record = graph.record(identity) else { return nil }
        var object: [String: JSONValue] = [:]
        if case .object(let attributes)? = record["attributes"] { object = attributes }
        if let links = record["links"] { object["_links"] = links }
        var embedded: [String: JSONValue] = [:]
        func members(_ identities: [ResourceIdentity], _ child: HALTree) -> JSONValue? {
            let members = identities.map { document($0, tree: child, graph: graph, visited: &visited) }
            return members.allSatisfy { $0 != nil } ? .array(members.compactMap { $0 }) : nil
        }
        for (rel, child) in tree.children {
            guard let relationship = record["relationships"]?[rel] else { continue }
            if let inline = relationship["embedded"], inline != .null {
                embedded[rel] = inline
                continue
            }
            switch relationship["data"] {
            case .array(let items)?:
                embedded[rel] = members(items.compactMap(StoredGraph.identity(of:)), child)
            case let target? where target != .null:
                guard let identity = StoredGraph.identity(of: target) else { break }
                if child.isToMany, let items = collectionItems(of: identity, rel: rel, graph: graph, visited: &visited) {
                    embedded[rel] = members(items, child)
                } else if let member = document(identity, tree: child, graph: graph, visited: &visited) {
                    embedded[rel] = member
                }
            default:
                break
            }
        }
        if !embedded.isEmpty { object["_embedded"] = .object(embedded) }
        return .object(object)
    }

    /// The HAL document of `identity` (see ``document(_:tree:graph:visited:)``).
    static func document(_ identity: ResourceIdentity, tree: HALTree, graph: StoredGraph) -> JSONValue? {
        var visited: Set<ResourceIdentity> = []
        return document(identity, tree: tree, graph: graph, visited: &visited)
    }

    /// The items of the record `identity` when it is a collection a to-many relation `rel` links to as
    /// one link: the relation it embeds that holds them, by the rule typed reads use
    /// (``HALCollectionItems``: the one named `rel`, else the only one, else `items` or `item`). Nil
    /// when it embeds none: then it is the relation's one member, as some servers write a to-many of one.
    static func collectionItems(of identity: ResourceIdentity, rel: String, graph: StoredGraph, visited: inout Set<ResourceIdentity>) -> [ResourceIdentity]? {
        guard case .object(let relationships)? = graph.record(identity)?["relationships"] else { return nil }
        var embeddedArrays: [String: [JSONValue]] = [:]
        for (key, relationship) in relationships where relationship["embeds"] == .bool(true) {
            if case .array(let items)? = relationship["data"] { embeddedArrays[key] = items }
        }
        guard let key = HALCollectionItems.key(among: embeddedArrays.keys.sorted(), named: rel), let items = embeddedArrays[key] else { return nil }
        return items.compactMap(StoredGraph.identity(of:))
    }

    /// Include paths as a tree of link relations.
    struct HALTree {
        var children: [String: HALTree] = [:]
        /// Whether the relation that leads here is a to-many.
        var isToMany = false

        /// The tree of `paths`, each step named by its link relation.
        init(_ paths: [IncludePath]) {
            for path in paths { add(path.steps[...]) }
        }

        private init() {}

        private mutating func add(_ steps: ArraySlice<IncludeStep>) {
            guard let step = steps.first else { return }
            var child = children[step.rel] ?? HALTree()
            child.isToMany = child.isToMany || step.isToMany
            child.add(steps.dropFirst())
            children[step.rel] = child
        }
    }

    /// `paths` with each step's key replaced by its link relation (`orders` → `ea:orders`), as the
    /// records name relationships, following the HAL relations of `root` and of each step's target.
    static func relPaths(_ paths: [IncludePath], root: any Resource.Type) -> [IncludePath] {
        paths.map { path in
            var type: (any Resource.Type)? = root
            return IncludePath(steps: path.steps.map { step in
                let relation = (type as? any HALResource.Type)?.halRelations.first { $0.key == step.key }
                type = relation?.target
                let rel = relation?.rel ?? step.rel
                return IncludeStep(key: rel, rel: rel, isToMany: step.isToMany)
            })
        }
    }
}
