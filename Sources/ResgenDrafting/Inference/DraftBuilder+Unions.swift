import ResgenCore

/// Unions: the polymorphic collections fetched (a path whose items were of several types) and the
/// relationships that pointed at several types. JSON:API names every resource's `type`, so its unions
/// are drafted as seen (a relationship's inline `[A, B]`); HAL has none, so a HAL union is drafted only
/// with the discriminator the samples showed, and written commented out, with the reason, otherwise.
extension DraftBuilder {
    /// The polymorphic collections of every reading, one per path (its pages merged), in first-seen order.
    func mixedCollections() -> [MixedCollection] {
        var order: [String] = []
        var byPath: [String: MixedCollection] = [:]
        for collection in readings.flatMap(\.mixedCollections) {
            guard var merged = byPath[collection.path] else {
                order.append(collection.path)
                byPath[collection.path] = collection
                continue
            }
            merged.members.typeKeys = DocumentReader.unique(merged.members.typeKeys + collection.members.typeKeys)
            merged.includePaths = DocumentReader.unique(merged.includePaths + collection.includePaths)
            if merged.members.discriminator != collection.members.discriminator {
                merged.members.discriminator = nil
                merged.members.undecided = collection.members.undecided ?? merged.members.undecided ?? "its pages told their items apart in different ways"
            }
            byPath[collection.path] = merged
        }
        return order.compactMap { byPath[$0] }
    }

    /// One union per collection of `collections` (same order), named after its last path segment
    /// (`/items` → `Item`); refused (written commented out) when HAL gave no way to tell its items apart.
    mutating func collectionUnions(_ collections: [MixedCollection], resourceNames: [String: String]) -> [Draft.Union] {
        collections.map { collection in
            let last = collection.path.split(separator: "/").last.map(String.init) ?? "items"
            let name = claimTypeName(Self.stableTypeName(Inflection.singular(DocumentReader.relationName(last))))
            var union = Draft.Union(name: name, members: collection.members.typeKeys.compactMap { resourceNames[$0] })
            union.membersComment = "the types of the items of \(collection.path)"
            union.path = collection.path
            union.pathComment = "fetched: its items were of several types, so the path is the union's and no member's"
            if format == .hal {
                if let key = collection.embeddedKey, key != SwiftNaming.memberName(name) {
                    union.type = key
                }
                describe(collection.members, in: &union, what: "\(collection.path) lists several types (\(collection.members.typeKeys.joined(separator: ", ")))")
            }
            return union
        }
    }

    /// Drafts each relationship that pointed at several types: inline (`toMany: [Book, Film]`, which
    /// declares the union `<Owner><Name>`) for JSON:API when that name is free, else as a named union
    /// (always for HAL, which needs a discriminator). Returns the named unions.
    mutating func relationshipUnions(_ resources: inout [Draft.Resource], keys: [String], resourceNames: [String: String]) -> [Draft.Union] {
        var unions: [Draft.Union] = []
        for index in resources.indices {
            let owner = resources[index].name
            for position in resources[index].relationships.indices {
                var relationship = resources[index].relationships[position]
                guard relationship.target == nil, relationship.targetKeys.count > 1 else { continue }
                defer { resources[index].relationships[position] = relationship }
                let members = relationship.targetKeys.compactMap { resourceNames[$0] }
                let seen = "points at several types (\(relationship.targetKeys.joined(separator: ", ")))"
                let notes = relationship.comment.map { "; " + $0 } ?? ""
                let inlineName = SwiftNaming.typeName(owner) + SwiftNaming.typeName(relationship.name)
                var evidence: MixedMembers?
                if format == .hal {
                    evidence = mixedEmbeds(owner: keys[index], rel: relationship.key)
                    guard let found = evidence, found.discriminator != nil else {
                        let reason = evidence?.undecided ?? "no one _embedded array showed them together, so nothing tells them apart"
                        relationship.targetKeys = []
                        relationship.comment = "\(seen) that resgen infer cannot tell apart: \(reason); declare a union with a discriminator by hand\(notes)"
                        continue
                    }
                }
                let name = claimTypeName(inlineName)
                if format == .jsonapi, name == inlineName {
                    relationship.targets = members
                    relationship.comment = "\(seen): polymorphic, drafted as the union \(name) of them\(notes)"
                    continue
                }
                var union = Draft.Union(name: name, members: members)
                union.membersComment = "the types '\(relationship.key)' of \(owner) pointed at"
                if let evidence { describe(evidence, in: &union, what: "") }
                unions.append(union)
                relationship.target = name
                relationship.comment = "\(seen): polymorphic, drafted as the union \(name)\(notes)"
            }
        }
        return unions
    }

    /// HAL: the types the `_embedded` arrays under `rel` of resources of type `owner` showed together,
    /// with a discriminator only when every array that mixed them agreed on it.
    private func mixedEmbeds(owner: String, rel: String) -> MixedMembers? {
        let found = readings.compactMap { $0.mixedEmbeds[[owner, rel]] }
        guard var merged = found.first else { return nil }
        for other in found.dropFirst() {
            merged.typeKeys = DocumentReader.unique(merged.typeKeys + other.typeKeys)
            if other.discriminator != merged.discriminator {
                merged.discriminator = nil
                merged.undecided = other.undecided ?? merged.undecided ?? "its arrays told their items apart in different ways"
            }
        }
        return merged
    }

    /// Sets the HAL discriminator of `union` from `members`, or its refusal (`what` says what mixed).
    private func describe(_ members: MixedMembers, in union: inout Draft.Union, what: String) {
        switch members.discriminator {
        case .property(let property)?:
            union.discriminator = "{ property: \(YAMLText.scalar(property)) }"
            union.discriminatorComment = "every item has '\(property)', its value changing with the item's members: guessed to name its type"
        case .selfLink?:
            union.discriminator = "selfLink"
            union.discriminatorComment = "each item's self link is under the collection of its type"
        case .embeddedKey?:
            union.discriminator = "embeddedKey"
            union.discriminatorComment = "each type is listed under an _embedded key of its own"
        case nil:
            union.refusal = "\(what) that resgen infer cannot tell apart: \(members.undecided ?? "no discriminator seen"); declare the union with a discriminator by hand"
        }
    }

    /// HAL `selfLink` unions need every member at a root collection path: refuses the others (a
    /// relationship's union is dropped and the relationship written commented out).
    func refuseUnplacedSelfLinkUnions(_ unions: inout [Draft.Union], resources: inout [Draft.Resource]) {
        var dropped: [String: String] = [:]
        for index in unions.indices where unions[index].discriminator == "selfLink" {
            let unplaced = unions[index].members.filter { member in
                !resources.contains { $0.name == member && $0.parent == nil && $0.path?.hasPrefix("/") == true }
            }
            guard !unplaced.isEmpty else { continue }
            let reason = "its items are told apart by their self links, but \(unplaced.joined(separator: ", ")) got no root collection path"
            if unions[index].path != nil {
                unions[index].refusal = "\(unions[index].path ?? "") lists several types (\(unions[index].members.joined(separator: ", "))): \(reason); declare the union by hand"
            } else {
                dropped[unions[index].name] = reason
            }
        }
        unions.removeAll { dropped[$0.name] != nil }
        for index in resources.indices {
            for position in resources[index].relationships.indices {
                guard let target = resources[index].relationships[position].target, let reason = dropped[target] else { continue }
                resources[index].relationships[position].target = nil
                resources[index].relationships[position].targetKeys = []
                resources[index].relationships[position].comment = "points at several types: \(reason); declare a union by hand"
            }
        }
    }

    /// `stem`, or a free variant of it, as a type name of the draft.
    private mutating func claimTypeName(_ stem: String) -> String {
        let reserved = reserved
        return typeNames.claim(stem, suffix: "Union", normalize: Self.stableTypeName) { Self.isAllowedTypeName($0, reserved: reserved) }
    }

    /// The `include=` paths of a polymorphic collection's URL, through its members, as a set.
    func includes(of collection: MixedCollection, resources: [String: Draft.Resource]) -> [Draft.IncludeSet] {
        guard format == .jsonapi else { return [] }
        let paths = DocumentReader.unique(collection.includePaths.compactMap { swiftPath($0, from: collection.members.typeKeys, resources: resources) })
        return paths.isEmpty ? [] : [Draft.IncludeSet(name: "fetched", paths: paths)]
    }
}
