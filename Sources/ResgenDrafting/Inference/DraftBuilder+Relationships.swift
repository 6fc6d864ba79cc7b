import ResgenCore

/// Relationships (with their cardinality and target), HAL links that are not relationships, and
/// include sets from the URLs fetched.
extension DraftBuilder {
    /// What the samples showed of one relationship.
    private struct RelationshipEvidence {
        var key: String
        var toOne = 0
        var toMany = 0
        var nulls = 0
        var present = 0
        var targets: [String] = []

        mutating func add(_ shape: ResourceSample.RelationshipShape) {
            present += 1
            switch shape {
            case .toOne(let target):
                toOne += 1
                if let target, !targets.contains(target) { targets.append(target) }
            case .toMany(let keys):
                toMany += 1
                for key in keys where !targets.contains(key) { targets.append(key) }
            case .null: nulls += 1
            case .unknown: break
            }
        }
    }

    /// The relationships of a resource, in first-seen order.
    func relationships(
        _ samples: [ResourceSample], attributeKeys: Set<String>, resourceNames: [String: String], members: inout NameAllocator
    ) -> [Draft.Relationship] {
        var order: [String] = []
        var evidence: [String: RelationshipEvidence] = [:]
        for sample in samples {
            var seen: Set<String> = []
            for relationship in sample.relationships where seen.insert(relationship.key).inserted {
                if evidence[relationship.key] == nil { order.append(relationship.key) }
                evidence[relationship.key, default: RelationshipEvidence(key: relationship.key)].add(relationship.shape)
            }
        }
        return order.compactMap { evidence[$0] }.map { evidence in
            var drafted = relationship(evidence, typeKey: samples.first?.typeKey ?? "", sampleCount: samples.count, resourceNames: resourceNames, members: &members)
            if attributeKeys.contains(evidence.key) {
                // JSON:API fields share one namespace; a server sending both is inconsistent.
                drafted.target = nil
                drafted.targetKeys = []
                drafted.comment = "an attribute has the same wire key"
            }
            return drafted
        }
    }

    /// The one resource type the document fetched at the link followed for relationship `key` of
    /// `typeKey` holds, when it was fetched and holds resources of one known type; nil otherwise.
    private func linkedTarget(typeKey: String, key: String, resourceNames: [String: String]) -> (target: String, typeKey: String, toMany: Bool, path: String)? {
        guard format == .jsonapi, let link = readings.lazy.compactMap({ $0.relationshipLinks[[typeKey, key]] }).first,
            let fetched = readings.first(where: { $0.url == link }), let shape = fetched.primaryShape
        else { return nil }
        let path = LinkTarget(link, relativeTo: nil)?.path ?? link
        switch shape {
        case .toOne(let seen?): return resourceNames[seen].map { ($0, seen, false, path) }
        case .toMany(let seen) where seen.count == 1: return resourceNames[seen[0]].map { ($0, seen[0], true, path) }
        default: return nil
        }
    }

    private func relationship(
        _ evidence: RelationshipEvidence, typeKey: String, sampleCount: Int, resourceNames: [String: String], members: inout NameAllocator
    ) -> Draft.Relationship {
        let base = DraftBuilder.stableMemberName(format == .hal ? DocumentReader.relationName(evidence.key) : evidence.key)
        let name = members.claim(base, suffix: "Value", normalize: DraftBuilder.stableMemberName) { isAllowedMember($0, kind: .resourceRelationship) }
        let toMany = evidence.toMany > 0
        var draft = Draft.Relationship(name: name, key: evidence.key, toMany: toMany, optional: false)
        var notes: [String] = []
        if evidence.toOne > 0, evidence.toMany > 0 {
            // JSON:API linkage is an object or an array by the relationship's cardinality: both is a server
            // contradicting itself. HAL writes a to-many relation with one member as one link or one embedded
            // object (the runtime reads that as one member), so one and several is a to-many.
            guard format == .hal else {
                draft.comment = "seen both as one resource and as several: the cardinality is unclear"
                return draft
            }
            notes.append("seen as one link and as several: a to-many written as one link when it has one member")
        }
        if evidence.targets.isEmpty, let seen = linkedTarget(typeKey: typeKey, key: evidence.key, resourceNames: resourceNames) {
            // Empty linkage everywhere, but the relationship's link shows the target: a server that writes
            // linkage only when the relationship is included (`data: null` / `[]` otherwise).
            draft.toMany = seen.toMany || evidence.toMany > 0
            draft.target = seen.target
            draft.targetKeys = [seen.typeKey]
            draft.optional = !draft.toMany
            draft.linkageWhenIncluded = true
            let empty = evidence.nulls > 0 ? "null" : (evidence.toMany > 0 ? "[]" : "without linkage")
            draft.comment = "\(empty) in every sample; its link (\(seen.path)) answers with \(seen.target) resources: linkage only when included"
            return draft
        }
        if evidence.toOne + evidence.toMany == 0 {
            draft.comment = evidence.nulls > 0 ? "always null: its target cannot be seen" : "no linkage seen (only links): fetch with include= to see its target"
            return draft
        }
        let targets = evidence.targets.compactMap { resourceNames[$0] }
        guard !targets.isEmpty, targets.count == evidence.targets.count else {
            draft.comment = evidence.targets.isEmpty
                ? "always empty: its target cannot be seen" : "points at several types (\(evidence.targets.joined(separator: ", "))) that were not all seen as resources"
            return draft
        }
        // Several targets: a union, drafted (or refused) once every resource is named (`unions`).
        draft.targetKeys = evidence.targets
        if targets.count == 1 { draft.target = targets[0] }
        // JSON:API: a relationship not sent is unknown linkage, not an error; only null is optional.
        // HAL: an absent link is nil.
        let absent = sampleCount - evidence.present
        if evidence.nulls > 0 { notes.append("null in \(evidence.nulls) of \(sampleCount) samples") }
        if format == .hal, absent > 0 { notes.append("absent in \(absent) of \(sampleCount) samples") }
        draft.optional = evidence.nulls > 0 || (format == .hal && absent > 0)
        draft.comment = notes.isEmpty ? nil : notes.joined(separator: "; ")
        return draft
    }

    /// HAL links that lead elsewhere than a resource of this API (templated, another origin), but for
    /// those drafted as a relationship (`relationships`) in other samples: a relation is drafted once.
    func links(_ samples: [ResourceSample], relationships: [Draft.Relationship]) -> [Draft.Link] {
        var seen = Set(relationships.filter { $0.target != nil || !$0.targets.isEmpty }.map(\.key))
        var names = NameAllocator()
        var result: [Draft.Link] = []
        for link in samples.flatMap(\.links) where seen.insert(link.rel).inserted {
            let name = names.claim(DraftBuilder.stableMemberName(DocumentReader.relationName(link.rel)), suffix: "Link", normalize: DraftBuilder.stableMemberName) {
                isAllowedMember($0, kind: .link) && $0 != "unknown"
            }
            result.append(Draft.Link(name: name, rel: link.rel, templated: link.templated))
        }
        return result
    }

    /// The `include=` paths of the URLs fetched for the type `key`, in Swift names; paths with a step
    /// that names no relationship with a known target are dropped.
    func includes(key: String, resources: [String: Draft.Resource]) -> [Draft.IncludeSet] {
        guard format == .jsonapi else { return [] }
        let wirePaths = DocumentReader.unique(readings.flatMap { $0.includePaths[key] ?? [] })
        let paths = DocumentReader.unique(wirePaths.compactMap { swiftPath($0, from: [key], resources: resources) })
        return paths.isEmpty ? [] : [Draft.IncludeSet(name: "fetched", paths: paths)]
    }

    /// `comments.author` in wire keys → the same path in relationship names, or nil.
    ///
    /// A step from several types (the members of a union) takes the relationship of those that have it
    /// (`item.author` where only books have an author), which must agree on its name.
    func swiftPath(_ wirePath: String, from keys: [String], resources: [String: Draft.Resource]) -> String? {
        var current = keys
        var steps: [String] = []
        for step in wirePath.split(separator: ".", omittingEmptySubsequences: false) {
            let found = current.compactMap { key in
                resources[key]?.relationships.first { $0.key == step && ($0.target != nil || !$0.targets.isEmpty) }
            }
            guard let first = found.first, found.allSatisfy({ $0.name == first.name }) else { return nil }
            steps.append(first.name)
            current = DocumentReader.unique(found.flatMap(\.targetKeys))
        }
        return steps.isEmpty ? nil : steps.joined(separator: ".")
    }
}
