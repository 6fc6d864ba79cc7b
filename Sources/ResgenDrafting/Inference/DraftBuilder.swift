import ResgenCore
import Foundation

/// Turns the readings of every fetched document into a ``Draft``: groups resource samples by type,
/// names the types and members as `resgen generate` will (``SwiftNaming``, avoiding
/// ``GeneratedNames``), infers attribute types across all samples, relationships with their
/// cardinality, paths and parent nesting from `self` links, and the operations that were fetched.
///
/// Pure and deterministic: the same documents in the same order give the same draft.
struct DraftBuilder {
    let apiName: String
    let format: WireFormat
    let readings: [DocumentReading]
    let reserved: GeneratedNames

    /// Type names in use (resources, objects, the API).
    var typeNames: NameAllocator
    /// Value objects made so far.
    var objects: [Draft.Object] = []

    init(apiName: String, format: WireFormat, readings: [DocumentReading]) {
        self.apiName = apiName
        self.format = format
        self.readings = readings
        self.reserved = GeneratedNames.forTemplates(.defaults, format: format)
        self.typeNames = NameAllocator(taken: [apiName])
    }

    /// The draft.
    mutating func build() -> Draft {
        let groups = sampleGroups()
        var resourceNames: [String: String] = [:]
        for key in groups.keys {
            let stem = Self.stableTypeName(Inflection.singular(DocumentReader.relationName(key)))
            let reserved = reserved
            resourceNames[key] = typeNames.claim(stem, suffix: "Resource", normalize: Self.stableTypeName) { Self.isAllowedTypeName($0, reserved: reserved) }
        }
        var resources = groups.keys.map { key in
            resource(key: key, name: resourceNames[key] ?? key, samples: groups.samples[key] ?? [], resourceNames: resourceNames)
        }
        let polymorphicRelations = Set(resources.flatMap(\.relationships).filter { $0.targetKeys.count > 1 }.map(\.key))
        let collections = mixedCollections()
        var unions = collectionUnions(collections, resourceNames: resourceNames)
        unions += relationshipUnions(&resources, keys: groups.keys, resourceNames: resourceNames)
        let byKey = Dictionary(uniqueKeysWithValues: zip(groups.keys, resources))
        for index in resources.indices { resources[index].includes = includes(key: groups.keys[index], resources: byKey) }
        for index in unions.indices where unions[index].path != nil {
            unions[index].includes = includes(of: collections[index], resources: byKey)
        }
        // A polymorphic collection's path is the union's, never a member's; so is the related link of a
        // polymorphic relationship (`/shelves/1/items` that happened to hold only books).
        let unionPaths = Set(collections.map(\.path))
        Placement.nest(
            &resources,
            collectionPaths: groups.keys.map {
                collectionPath(of: $0, samples: groups.samples[$0] ?? [], excluding: unionPaths, polymorphicRelations: polymorphicRelations)
            })
        refuseUnplacedSelfLinkUnions(&unions, resources: &resources)
        let origins = DocumentReader.unique(readings.map(\.origin).filter { !$0.isEmpty })
        let formatName = format == .hal ? "HAL" : "JSON:API"
        let header = [
            "Drafted by `resgen infer` from \(readings.count) \(formatName) response\(readings.count == 1 ? "" : "s") of \(origins.joined(separator: ", ")).",
            "Comments say what was guessed from the samples: check each against the API's documentation.",
            "Operations that were not tried are listed in comments; add those the server allows.",
        ]
        return Draft(
            name: apiName, format: format, baseURL: origins.first, header: header, resources: resources, unions: unions,
            objects: objects.sorted { $0.name < $1.name }, entryPoints: entryPoints(resources: resources))
    }

    /// The entry points fetched, each once, with the resource whose collection each link leads to.
    private func entryPoints(resources: [Draft.Resource]) -> [Draft.EntryPoint] {
        var seen: Set<String> = []
        let collections = Dictionary(resources.compactMap { resource in resource.parent == nil ? resource.path.map { ($0, resource.name) } : nil }) { first, _ in first }
        return readings.flatMap(\.entryPoints).filter { seen.insert($0.path).inserted }.map { entry in
            Draft.EntryPoint(
                path: entry.path,
                links: entry.links.map { link in
                    let path = link.templated ? nil : LinkTarget(link.href, relativeTo: "http://h" + entry.path)?.path
                    return .init(rel: link.rel, href: link.href, templated: link.templated, resource: path.flatMap { collections[$0] })
                })
        }
    }

    // MARK: grouping

    /// Samples by type key, keys in first-seen order (relationship targets never sampled last).
    struct Groups {
        var keys: [String] = []
        var samples: [String: [ResourceSample]] = [:]
    }

    private func sampleGroups() -> Groups {
        var groups = Groups()
        var seen: Set<[String]> = []
        // Targets of relationships, to draft the types seen only as a target.
        var targets: [[String]: [String]] = [:]
        var targetOrder: [[String]] = []
        for sample in readings.flatMap(\.samples) {
            // The same resource included or embedded twice is one sample.
            if let id = sample.id, !seen.insert([sample.typeKey, id]).inserted { continue }
            if groups.samples[sample.typeKey] == nil { groups.keys.append(sample.typeKey) }
            groups.samples[sample.typeKey, default: []].append(sample)
            for relationship in sample.relationships {
                let keys: [String]
                switch relationship.shape {
                case .toOne(let key?): keys = [key]
                case .toMany(let many): keys = many
                default: keys = []
                }
                let owner = [sample.typeKey, relationship.key]
                if targets[owner] == nil { targetOrder.append(owner) }
                targets[owner] = DocumentReader.unique((targets[owner] ?? []) + keys)
            }
        }
        // JSON:API names the type of every target, so each target of a polymorphic relationship is a
        // resource (a member of its union); HAL's several targets of a link are only collection names.
        let drafted = targetOrder.flatMap { owner in
            let keys = targets[owner] ?? []
            return keys.count == 1 || format == .jsonapi ? keys : []
        }
        for key in DocumentReader.unique(drafted) where groups.samples[key] == nil {
            groups.keys.append(key)
            groups.samples[key] = []
        }
        return groups
    }

    // MARK: names

    /// `SwiftNaming.typeName` applied until it no longer changes the name (`_resource` → `_Resource` → `Resource`).
    static func stableTypeName(_ text: String) -> String {
        fixedPoint(of: SwiftNaming.typeName, from: text)
    }

    /// `SwiftNaming.memberName` applied until it no longer changes the name.
    static func stableMemberName(_ text: String) -> String {
        fixedPoint(of: SwiftNaming.memberName, from: text)
    }

    /// `rename` applied to `text` until the name no longer changes (at most five times).
    private static func fixedPoint(of rename: (String) -> String, from text: String) -> String {
        var name = rename(text)
        for _ in 0..<4 {
            let again = rename(name)
            if again == name { break }
            name = again
        }
        return name
    }

    /// Whether `name` can be a type's key in the draft: the validator renames keys with
    /// ``SwiftNaming/typeName(_:)``, so only a name that stays itself is what the draft says.
    static func isAllowedTypeName(_ name: String, reserved: GeneratedNames) -> Bool {
        SwiftNaming.typeName(name) == name && SwiftNaming.isIdentifier(name) && !SwiftNaming.keywords.contains(name) && !SwiftNaming.reservedMemberNames.contains(name)
            && reserved.typeNames[name] == nil
    }

    func isAllowedMember(_ name: String, kind: GeneratedNames.MemberKind) -> Bool {
        SwiftNaming.memberName(name) == name && SwiftNaming.isIdentifier(name) && !SwiftNaming.reservedMemberNames.contains(name) && name != "id"
            && reserved.reason(forMember: name, kind: kind) == nil
    }

    // MARK: resources

    private mutating func resource(key: String, name: String, samples: [ResourceSample], resourceNames: [String: String]) -> Draft.Resource {
        var draft = Draft.Resource(name: name, type: key)
        draft.sampleCount = samples.count
        draft.typeComment = typeComment(key: key, samples: samples)
        if samples.isEmpty {
            draft.typeComment = "only seen as a relationship's target: never fetched, so its attributes are unknown"
        }
        (draft.id, draft.idComment) = idType(samples)
        var members = NameAllocator()
        var evidence = OrderedEvidence()
        for sample in samples { evidence.add(sample.attributes) }
        for wireKey in evidence.keys {
            guard let attributeEvidence = evidence.evidence[wireKey] else { continue }
            draft.attributes.append(
                attribute(wireKey, attributeEvidence, ownerCount: samples.count, owner: name, kind: .resourceAttribute, members: &members))
        }
        draft.relationships = relationships(samples, attributeKeys: Set(evidence.keys), resourceNames: resourceNames, members: &members)
        draft.links = links(samples, relationships: draft.relationships)
        draft.pagination = readings.lazy.compactMap { $0.pagination[key] }.first
        draft.list = ListGuess.read(readings.flatMap { $0.listQueryItems[key] ?? [] }, fields: draft.attributes.map(\.key) + draft.relationships.map(\.key) + ["id"])
        return draft
    }

    private func typeComment(key: String, samples: [ResourceSample]) -> String? {
        switch samples.first?.typeSource {
        case .jsonapiType?, nil: return nil
        case .selfPath?: return "type guessed from the collection in its self links (\(samples[0].selfLink?.path ?? ""))"
        case .relation(let rel)?: return "type guessed from the relation '\(rel)' it was embedded under (it had no self link)"
        case .fetchedURL?: return "type guessed from the URL it was fetched from"
        case .property(let name)?: return "type guessed from the property '\(name)' that tells apart the items it was embedded with"
        }
    }

    private func idType(_ samples: [ResourceSample]) -> (String?, String?) {
        let ids = samples.compactMap(\.id)
        guard !ids.isEmpty else {
            if samples.isEmpty { return (nil, nil) }
            return (nil, format == .hal ? "no id seen (no id property, no self link): decoding needs one of them" : "no id seen: String assumed")
        }
        if ids.allSatisfy({ Int($0) != nil }) { return ("Int", "every id seen is an integer") }
        if ids.allSatisfy({ UUID(uuidString: $0) != nil }) { return ("UUID", "every id seen is a UUID") }
        return (nil, nil)
    }

    /// The most common collection path of the samples' `self` links, else of the URLs fetched.
    /// Never a path of `unionPaths`, nor one that ends in `/{id}/<relation>` with one of
    /// `polymorphicRelations` (a related link that lists several types).
    private func collectionPath(
        of key: String, samples: [ResourceSample], excluding unionPaths: Set<String>, polymorphicRelations: Set<String>
    ) -> Placement.CollectionPath? {
        var counts: [Placement.CollectionPath: Int] = [:]
        var order: [Placement.CollectionPath] = []
        for sample in samples {
            guard let link = sample.selfLink, link.origin == readings.first?.origin, link.namesInstance(knownID: sample.id) else { continue }
            let path = Placement.CollectionPath(segments: Array(link.segments.dropLast()), trailingSlash: link.trailingSlash)
            if unionPaths.contains(path.text) { continue }
            if counts[path] == nil { order.append(path) }
            counts[path, default: 0] += 1
        }
        if let best = order.max(by: { counts[$0, default: 0] < counts[$1, default: 0] }) {
            return withOperations(best, key: key)
        }
        // No self links: the URLs fetched, the shortest collection path first (a collection fetched at
        // its own path beats one reached through another resource's related link).
        var candidates: [Placement.CollectionPath] = []
        for reading in readings {
            for shown in (reading.shownPaths[key] ?? []).compactMap({ LinkTarget("http://h" + $0, relativeTo: nil) }) where shown.namesInstance() {
                candidates.append(.init(segments: Array(shown.segments.dropLast()), trailingSlash: shown.trailingSlash, fromSelfLinks: false))
            }
            for listed in (reading.listedPaths[key] ?? []).compactMap({ LinkTarget("http://h" + $0, relativeTo: nil) }) where !listed.segments.isEmpty {
                candidates.append(.init(segments: listed.segments, trailingSlash: listed.trailingSlash, fromSelfLinks: false))
            }
        }
        candidates.removeAll { candidate in
            let segments = candidate.segments
            let isPolymorphicRelated = segments.count >= 3 && LinkTarget.looksLikeID(segments[segments.count - 2])
                && polymorphicRelations.contains(segments[segments.count - 1].removingPercentEncoding ?? segments[segments.count - 1])
            return unionPaths.contains(candidate.text) || isPolymorphicRelated
        }
        if let best = candidates.min(by: { $0.segments.count < $1.segments.count }) { return withOperations(best, key: key) }
        return nil
    }

    /// `path` with the operations the documents show: `list` when the collection itself was fetched,
    /// `show` when one of its instances was.
    private func withOperations(_ path: Placement.CollectionPath, key: String) -> Placement.CollectionPath {
        var path = path
        let listed = readings.flatMap { $0.listedPaths[key] ?? [] }.compactMap { LinkTarget("http://h" + $0, relativeTo: nil) }
        let shown = readings.flatMap { $0.shownPaths[key] ?? [] }.compactMap { LinkTarget("http://h" + $0, relativeTo: nil) }
        path.listed = listed.contains { $0.segments == path.segments }
        path.shown = shown.contains { $0.segments.count == path.segments.count + 1 && Array($0.segments.dropLast()) == path.segments }
        return path
    }
}
