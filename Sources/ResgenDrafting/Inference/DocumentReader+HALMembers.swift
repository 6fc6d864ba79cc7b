import ResgenCore

/// HAL `_embedded` arrays that mix resource types. HAL has no `type`, so a union needs a way to tell its
/// members apart; inference drafts one only when the samples show it: `self` links under distinct
/// collection paths, a property whose value changes with the members' shape, or (a collection with
/// several `_embedded` arrays) the key each is listed under.
extension DocumentReader {
    /// Property names that usually carry a type, tried before the others.
    static let typePropertyNames = ["type", "kind", "_type", "@type", "resourceType", "resource_type", "objectType", "object_type"]

    /// The type key of a HAL resource before anything else is known: its `self` link's collection
    /// (same origin), else `fallbackKey`.
    static func halDefaultTypeKey(_ node: JSONNode, fallbackKey: String, documentURL: String?, origin: String) -> String {
        let id = idText(node["id"])
        if let selfLink = HALForms.relations(of: node).first(where: { $0.rel == "self" })?.links.first.flatMap({ LinkTarget($0.href, relativeTo: documentURL) }),
            selfLink.origin == origin,
            !selfLink.segments.isEmpty
        {
            return typeKey(of: selfLink, id: id?.text)
        }
        return fallbackKey
    }

    /// A property that tells `items` apart: present in every item as a type-like string, with two or
    /// more values, and the same value wherever the items have the same members (so a value stands for a
    /// shape, not for one item's data). Names in ``typePropertyNames`` first, else the one with the
    /// fewest values.
    static func discriminatingProperty(_ items: [JSONNode]) -> (name: String, values: [String])? {
        let objects = items.compactMap(\.members)
        guard objects.count == items.count, objects.count >= 2 else { return nil }
        let shapes = objects.map { Set($0.map(\.key).filter { $0 != "_links" && $0 != "_embedded" }) }
        guard Set(shapes).count >= 2 else { return nil }
        var candidates: [(name: String, values: [String])] = []
        for member in objects[0] where member.key != "_links" && member.key != "_embedded" {
            let values = objects.compactMap { object in object.first { $0.key == member.key }?.value.stringValue }
            guard values.count == objects.count, values.allSatisfy(looksLikeTypeName), Set(values).count >= 2 else { continue }
            var valueOfShape: [Set<String>: String] = [:]
            let consistent = zip(shapes, values).allSatisfy { shape, value in
                if let seen = valueOfShape[shape] { return seen == value }
                valueOfShape[shape] = value
                return true
            }
            if consistent { candidates.append((member.key, values)) }
        }
        return candidates.first { typePropertyNames.contains($0.name) } ?? candidates.min { Set($0.values).count < Set($1.values).count }
    }

    /// A short word without spaces (`book`, `audio-book`, `shop:Film`): a value a type can be named by.
    private static func looksLikeTypeName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic, text.utf8.count <= 64 else { return false }
        return text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.:/".unicodeScalars.contains($0) }
    }

    /// The types `samples` (the items of one `_embedded` array, `itemCount` of them) show, when they are
    /// several: with the discriminator that told them apart, or why none did.
    static func mixedMembers(_ samples: [ResourceSample], itemCount: Int, property: String?) -> MixedMembers? {
        let keys = unique(samples.map(\.typeKey))
        guard keys.count > 1 else { return nil }
        if let property { return MixedMembers(typeKeys: keys, discriminator: .property(property)) }
        if samples.count == itemCount, samples.allSatisfy({ $0.typeSource == .selfPath }) {
            return MixedMembers(typeKeys: keys, discriminator: .selfLink)
        }
        return MixedMembers(
            typeKeys: keys, undecided: "some have no self link under a collection of their own, and no property tells them apart")
    }

    /// The types of a HAL collection whose items are listed under several `_embedded` keys: told apart
    /// by the key when each array holds one type named like its key, else by their self links.
    static func mixedMembers(byKey groups: [(key: String, samples: [ResourceSample], itemCount: Int)]) -> MixedMembers? {
        let all = groups.flatMap(\.samples)
        let keys = unique(all.map(\.typeKey))
        guard keys.count > 1 else { return nil }
        if groups.allSatisfy({ group in group.samples.allSatisfy { $0.typeKey == group.key } }) {
            return MixedMembers(typeKeys: keys, discriminator: .embeddedKey)
        }
        if groups.allSatisfy({ $0.samples.count == $0.itemCount }), all.allSatisfy({ $0.typeSource == .selfPath }) {
            return MixedMembers(typeKeys: keys, discriminator: .selfLink)
        }
        return MixedMembers(
            typeKeys: keys,
            undecided: "its _embedded keys (\(groups.map(\.key).joined(separator: ", "))) are not the types of their items, and some items have no self link")
    }
}
