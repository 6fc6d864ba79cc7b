import ResgenCore

/// HAL documents: a resource with `_links` and `_embedded`, or a collection whose items are embedded.
extension DocumentReader {
    /// Link relations that navigate a collection or describe the document, never a relationship.
    static let navigationRelations: Set<String> = ["self", "curies", "next", "prev", "previous", "first", "last", "profile"]

    static func readHAL(_ root: JSONNode, url: LinkTarget?, into reading: inout DocumentReading) throws(InferenceError) {
        // Only what the runtime reads: a form it refuses would make a draft whose client cannot decode this.
        do {
            try HALForms.check(root, atRoot: true)
        } catch {
            throw .unreadableHAL(url: url?.absolute ?? "", path: error.path, reason: error.reason)
        }
        let documentURL = url?.absolute
        let rootRelations = HALForms.relations(of: root)
        let curies = HALForms.curies(rootRelations, inherited: [])
        let selfLink = rootRelations.first { $0.rel == "self" }?.links.first.flatMap { LinkTarget($0.href, relativeTo: documentURL) } ?? url
        let id = idText(root["id"])
        let isInstance = id != nil || selfLink?.namesInstance() == true
        var followed: Set<[String]> = []
        // `_embedded` written as an array holds a collection's items (drf-hal-json), as the runtime reads it.
        let arrayItems = HALForms.collectionItems(of: root)
        let embeddedArrays = arrayItems.map { [HALForms.Embedded(rel: url.flatMap { $0.segments.last } ?? "items", resources: $0, isArray: true)] }
            ?? HALForms.embedded(of: root).filter(\.isArray)
        // A collection has no id, no instance URL and no text of its own (only paging numbers); an
        // empty one may have no `_embedded` at all.
        let hasText = (root.members ?? []).contains { !$0.key.hasPrefix("_") && $0.value.stringValue != nil }
        let entryPoint = arrayItems == nil && embeddedArrays.isEmpty && id == nil && isEntryPoint(root, relations: rootRelations, at: selfLink)
        if arrayItems != nil || (!isInstance && !hasText && !entryPoint) {
            // A collection: its items are the resources.
            var groups: [(key: String, samples: [ResourceSample], itemCount: Int)] = []
            var mixed: MixedMembers?
            for entry in embeddedArrays {
                let items = try halItems(
                    entry.resources, under: HALForms.compact(entry.rel, curies: curies), curies: curies, documentURL: documentURL, into: &reading,
                    followed: &followed)
                groups.append((entry.rel, items.samples, entry.resources.count))
                mixed = mixed ?? items.mixed
                // One item of each type shows whether its own URL serves it (`show`).
                for typeKey in unique(items.samples.map(\.typeKey)) {
                    if let link = items.samples.first(where: { $0.typeKey == typeKey })?.selfLink { reading.followUps.append(link.absolute) }
                }
            }
            if groups.count > 1 { mixed = mixedMembers(byKey: groups) }
            if let mixed {
                // A polymorphic collection: the path lists the union of its types, not each of them.
                if let path = url?.path {
                    let embeddedKey = groups.count == 1 && arrayItems == nil ? groups[0].key : nil
                    reading.mixedCollections.append(MixedCollection(path: path, members: mixed, embeddedKey: embeddedKey))
                }
                return
            }
            // Page state among the collection's own properties, and no `next` link: how it pages.
            let hasNext = rootRelations.contains { $0.rel == "next" }
            let state = JSONNode.object((root.members ?? []).filter { !$0.key.hasPrefix("_") })
            let guess = hasNext ? nil : PaginationGuess.read(meta: state, links: nil, url: url)
            for typeKey in unique(groups.flatMap(\.samples).map(\.typeKey)) {
                if let path = url?.path { reading.listedPaths[typeKey, default: []].append(path) }
                if let guess { reading.pagination[typeKey] = guess }
            }
            return
        }
        if entryPoint {
            // The API's entry point (`GET /`): links to the API's collections and searches, not a resource.
            readEntryPoint(root, relations: rootRelations, curies: curies, path: selfLink?.path ?? "/", documentURL: documentURL, into: &reading)
            return
        }
        let fallback = selfLink.map { typeKey(of: $0, id: id?.text) } ?? "resource"
        guard
            let sample = try halSample(
                root, fallbackKey: fallback, source: .fetchedURL, inherited: [], documentURL: documentURL, into: &reading, followed: &followed)
        else { return }
        if let path = url?.path { reading.shownPaths[sample.typeKey, default: []].append(path) }
    }

    /// Whether `root` (no id, no items embedded) is an entry point: it lives at the root path, or it is
    /// nothing but links, two or more of them to somewhere else than a page or a search (an empty
    /// collection has paging links, perhaps a templated search, and little else).
    private static func isEntryPoint(_ root: JSONNode, relations: [HALForms.Relation], at selfLink: LinkTarget?) -> Bool {
        if let selfLink, selfLink.segments.isEmpty { return true }
        let onlyLinks = (root.members ?? []).allSatisfy { $0.key == "_links" }
        return onlyLinks && relations.count { !navigationRelations.contains($0.rel) && !$0.links.contains(where: \.templated) } >= 2
    }

    /// Notes an entry point's links, and follows those that lead to this API.
    private static func readEntryPoint(
        _ root: JSONNode, relations: [HALForms.Relation], curies: [HALForms.CURIE], path: String, documentURL: String?,
        into reading: inout DocumentReading
    ) {
        var entry = EntryPoint(path: path)
        for relation in relations where relation.rel != "self" && relation.rel != "curies" {
            for link in relation.links {
                entry.links.append(.init(rel: HALForms.compact(relation.rel, curies: curies), href: link.href, templated: link.templated))
                if !link.templated, let target = LinkTarget(link.href, relativeTo: documentURL), target.origin == reading.origin {
                    reading.followUps.append(target.absolute)
                }
            }
        }
        reading.entryPoints.append(entry)
    }

    /// `ea:orders` → `orders`: the relation without its CURIE prefix.
    static func relationName(_ rel: String) -> String {
        guard let colon = rel.lastIndex(of: ":"), !rel.contains("/") else { return rel }
        let name = String(rel[rel.index(after: colon)...])
        return name.isEmpty ? rel : name
    }

    /// The collection a URL belongs to: `/contacts/1` → `contacts`, `/orders/1/items` → `items`.
    static func typeKey(of target: LinkTarget, id: String?) -> String {
        let segments = target.segments
        if target.namesInstance(knownID: id) { return segments[segments.count - 2] }
        return segments.last ?? "resource"
    }

    /// The items of one `_embedded` array (`key` its key), each typed by its self link or the key, or
    /// (when those give them all one type but their members differ) by a property that tells them
    /// apart; with the types when they are several.
    private static func halItems(
        _ items: [JSONNode], under key: String, curies: [HALForms.CURIE], documentURL: String?, into reading: inout DocumentReading,
        followed: inout Set<[String]>
    ) throws(InferenceError) -> (samples: [ResourceSample], mixed: MixedMembers?) {
        let fallback = relationName(key)
        let origin = reading.origin
        var property: (name: String, values: [String])?
        if unique(items.map { halDefaultTypeKey($0, fallbackKey: fallback, documentURL: documentURL, origin: origin) }).count == 1 {
            property = discriminatingProperty(items)
        }
        var samples: [ResourceSample] = []
        for (index, item) in items.enumerated() {
            let typed = property.map { (key: $0.values[index], source: ResourceSample.TypeSource.property($0.name)) }
            let sample = try halSample(
                item, fallbackKey: typed?.key ?? fallback, source: typed?.source ?? .relation(key), keepsKey: typed != nil,
                inherited: curies, documentURL: documentURL, into: &reading, followed: &followed)
            if let sample { samples.append(sample) }
        }
        return (samples, mixedMembers(samples, itemCount: items.count, property: property?.name))
    }

    /// A HAL resource object and, recursively, what it embeds; nil for a non-object. `keepsKey`: the
    /// type is `fallbackKey` even when a self link says otherwise (a property told it). `inherited`: the
    /// CURIEs of the documents it is embedded in. Relations are keyed in their compact CURIE form, the
    /// spelling the runtime finds either way under.
    @discardableResult
    private static func halSample(
        _ node: JSONNode, fallbackKey: String, source: ResourceSample.TypeSource, keepsKey: Bool = false, inherited: [HALForms.CURIE],
        documentURL: String?, into reading: inout DocumentReading, followed: inout Set<[String]>
    ) throws(InferenceError) -> ResourceSample? {
        guard let members = node.members else { return nil }
        let relations = HALForms.relations(of: node)
        let curies = HALForms.curies(relations, inherited: inherited)
        let embedded = HALForms.embedded(of: node)
        let selfLink = relations.first { $0.rel == "self" }?.links.first.flatMap { LinkTarget($0.href, relativeTo: documentURL) }
        let id = idText(node["id"])
        let idFromPath = selfLink.flatMap { $0.namesInstance(knownID: id?.text) ? $0.segments.last : nil }
        let origin = reading.origin
        let sameOrigin = { (target: LinkTarget) in target.origin == origin }
        var key = fallbackKey
        var typeSource = source
        if !keepsKey, let selfLink, sameOrigin(selfLink), !selfLink.segments.isEmpty {
            key = typeKey(of: selfLink, id: id?.text)
            typeSource = .selfPath
        }
        // The resource goes before what it embeds, so drafts list parents first.
        let position = reading.samples.count
        var relationships: [ResourceSample.Relationship] = []
        var otherLinks: [ResourceSample.Link] = []
        var embeddedRels: Set<String> = []
        for entry in embedded {
            let rel = HALForms.compact(entry.rel, curies: curies)
            embeddedRels.insert(rel)
            let embeddedItems = try halItems(entry.resources, under: rel, curies: curies, documentURL: documentURL, into: &reading, followed: &followed)
            let targets = embeddedItems.samples.map(\.typeKey)
            if let mixed = embeddedItems.mixed, reading.mixedEmbeds[[key, rel]] == nil {
                reading.mixedEmbeds[[key, rel]] = mixed
            }
            let shape: ResourceSample.RelationshipShape = entry.isArray ? .toMany(unique(targets)) : .toOne(targets.first)
            relationships.append(.init(key: rel, shape: shape, embedded: true))
            // Embedded is not fetched: its link (a collection to list) and the first one's self link (to show).
            if followed.insert([key, rel]).inserted {
                let link = relations.first { HALForms.compact($0.rel, curies: curies) == rel }?.links.first
                let firstSelf = entry.resources.first.flatMap { HALForms.relations(of: $0).first { $0.rel == "self" }?.links.first }
                for target in [link, firstSelf].compactMap({ $0.flatMap { LinkTarget($0.href, relativeTo: documentURL) } }) where sameOrigin(target) {
                    reading.followUps.append(target.absolute)
                }
            }
        }
        for relation in relations where !navigationRelations.contains(relation.rel) {
            let rel = HALForms.compact(relation.rel, curies: curies)
            guard !embeddedRels.contains(rel) else { continue }
            let templated = relation.links.contains(where: \.templated)
            let targets = relation.links.compactMap { LinkTarget($0.href, relativeTo: documentURL) }
            if relation.isArray, relation.links.isEmpty {
                // An empty array: a to-many relation with no members here (present, not absent).
                relationships.append(.init(key: rel, shape: .toMany([])))
                continue
            }
            guard !templated, !targets.isEmpty, targets.allSatisfy(sameOrigin) else {
                otherLinks.append(.init(rel: rel, templated: templated))
                continue
            }
            let keys = unique(targets.map { typeKey(of: $0, id: nil) })
            let shape: ResourceSample.RelationshipShape
            if relation.isArray {
                shape = .toMany(keys)
            } else {
                shape = targets[0].namesInstance() ? .toOne(keys.first) : .toMany(keys)
            }
            relationships.append(.init(key: rel, shape: shape))
            // One link per type and relation is enough to see what it leads to.
            if followed.insert([key, rel]).inserted { reading.followUps.append(targets[0].absolute) }
        }
        let sample = ResourceSample(
            typeKey: key, typeSource: typeSource, id: id?.text ?? idFromPath, idIsInteger: id?.isInteger ?? false,
            selfLink: selfLink, attributes: members.filter { !["_links", "_embedded", "id"].contains($0.key) },
            relationships: relationships, links: otherLinks)
        reading.samples.insert(sample, at: position)
        return sample
    }
}
