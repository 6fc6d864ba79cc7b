/// HAL documents: a resource with `_links` and `_embedded`, or a collection whose items are embedded.
extension DocumentReader {
    /// Link relations that navigate a collection or describe the document, never a relationship.
    static let navigationRelations: Set<String> = ["self", "curies", "next", "prev", "previous", "first", "last", "profile"]

    static func readHAL(_ root: JSONNode, url: LinkTarget?, into reading: inout DocumentReading) {
        let documentURL = url?.absolute
        let selfLink = href(root["_links"]?["self"]).flatMap { LinkTarget($0, relativeTo: documentURL) } ?? url
        let id = idText(root["id"])
        let isInstance = id != nil || selfLink?.namesInstance() == true
        let embeddedArrays = (root["_embedded"]?.members ?? []).filter { $0.value.elements != nil }
        var followed: Set<[String]> = []
        // A collection has no id, no instance URL and no text of its own (only paging numbers); an
        // empty one may have no `_embedded` at all.
        let hasText = (root.members ?? []).contains { !$0.key.hasPrefix("_") && $0.value.stringValue != nil }
        if !isInstance, !hasText {
            // A collection: its items are the resources.
            var groups: [(key: String, samples: [ResourceSample], itemCount: Int)] = []
            var mixed: MixedMembers?
            for member in embeddedArrays {
                let elements = member.value.elements ?? []
                let items = halItems(elements, under: member.key, documentURL: documentURL, into: &reading, followed: &followed)
                groups.append((member.key, items.samples, elements.count))
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
                    reading.mixedCollections.append(MixedCollection(path: path, members: mixed, embeddedKey: groups.count == 1 ? groups[0].key : nil))
                }
                return
            }
            for typeKey in unique(groups.flatMap(\.samples).map(\.typeKey)) {
                if let path = url?.path { reading.listedPaths[typeKey, default: []].append(path) }
            }
            return
        }
        let fallback = selfLink.map { typeKey(of: $0, id: id?.text) } ?? "resource"
        guard
            let sample = halSample(
                root, fallbackKey: fallback, source: .fetchedURL, documentURL: documentURL, into: &reading, followed: &followed)
        else { return }
        if let path = url?.path { reading.shownPaths[sample.typeKey, default: []].append(path) }
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
        _ items: [JSONNode], under key: String, documentURL: String?, into reading: inout DocumentReading, followed: inout Set<[String]>
    ) -> (samples: [ResourceSample], mixed: MixedMembers?) {
        let fallback = relationName(key)
        let origin = reading.origin
        var property: (name: String, values: [String])?
        if unique(items.map { halDefaultTypeKey($0, fallbackKey: fallback, documentURL: documentURL, origin: origin) }).count == 1 {
            property = discriminatingProperty(items)
        }
        var samples: [ResourceSample] = []
        for (index, item) in items.enumerated() {
            let typed = property.map { (key: $0.values[index], source: ResourceSample.TypeSource.property($0.name)) }
            let sample = halSample(
                item, fallbackKey: typed?.key ?? fallback, source: typed?.source ?? .relation(key), keepsKey: typed != nil,
                documentURL: documentURL, into: &reading, followed: &followed)
            if let sample { samples.append(sample) }
        }
        return (samples, mixedMembers(samples, itemCount: items.count, property: property?.name))
    }

    /// A HAL resource object and, recursively, what it embeds; nil for a non-object. `keepsKey`: the
    /// type is `fallbackKey` even when a self link says otherwise (a property told it).
    @discardableResult
    private static func halSample(
        _ node: JSONNode, fallbackKey: String, source: ResourceSample.TypeSource, keepsKey: Bool = false, documentURL: String?,
        into reading: inout DocumentReading, followed: inout Set<[String]>
    ) -> ResourceSample? {
        guard let members = node.members else { return nil }
        let links = node["_links"]?.members ?? []
        let embedded = node["_embedded"]?.members ?? []
        let selfLink = href(node["_links"]?["self"]).flatMap { LinkTarget($0, relativeTo: documentURL) }
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
        for member in embedded {
            let items = member.value.elements ?? [member.value]
            let embeddedItems = halItems(items, under: member.key, documentURL: documentURL, into: &reading, followed: &followed)
            let targets = embeddedItems.samples.map(\.typeKey)
            if let mixed = embeddedItems.mixed, reading.mixedEmbeds[[key, member.key]] == nil {
                reading.mixedEmbeds[[key, member.key]] = mixed
            }
            let shape: ResourceSample.RelationshipShape = member.value.elements != nil ? .toMany(unique(targets)) : .toOne(targets.first)
            relationships.append(.init(key: member.key, shape: shape, embedded: true))
            // Embedded is not fetched: its link (a collection to list) and the first one's self link (to show).
            if followed.insert([key, member.key]).inserted {
                let hrefs = [href(node["_links"]?[member.key]), href(items.first?["_links"]?["self"])]
                for target in hrefs.compactMap({ $0.flatMap { LinkTarget($0, relativeTo: documentURL) } }) where sameOrigin(target) {
                    reading.followUps.append(target.absolute)
                }
            }
        }
        for member in links where !navigationRelations.contains(member.key) && !embedded.contains(where: { $0.key == member.key }) {
            let objects = member.value.elements ?? [member.value]
            let templated = objects.contains { $0["templated"] == .bool(true) }
            let targets = objects.compactMap { href($0).flatMap { LinkTarget($0, relativeTo: documentURL) } }
            guard !templated, !targets.isEmpty, targets.allSatisfy(sameOrigin) else {
                otherLinks.append(.init(rel: member.key, templated: templated))
                continue
            }
            let keys = unique(targets.map { typeKey(of: $0, id: nil) })
            let shape: ResourceSample.RelationshipShape
            if member.value.elements != nil {
                shape = .toMany(keys)
            } else {
                shape = targets[0].namesInstance() ? .toOne(keys.first) : .toMany(keys)
            }
            relationships.append(.init(key: member.key, shape: shape))
            // One link per type and relation is enough to see what it leads to.
            if followed.insert([key, member.key]).inserted { reading.followUps.append(targets[0].absolute) }
        }
        let sample = ResourceSample(
            typeKey: key, typeSource: typeSource, id: id?.text ?? idFromPath, idIsInteger: id?.isInteger ?? false,
            selfLink: selfLink, attributes: members.filter { !["_links", "_embedded", "id"].contains($0.key) },
            relationships: relationships, links: otherLinks)
        reading.samples.insert(sample, at: position)
        return sample
    }
}
