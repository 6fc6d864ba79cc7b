@_spi(Generated) import ResgenRuntimeCore

/// Which `_embedded` entry of a HAL collection holds its items — one rule for generated resources and
/// untyped documents alike:
///
/// 1. the entry named like the items: their resource type (`contacts`), or for an untyped collection
///    reached through a link, the relation followed;
/// 2. else the only entry;
/// 3. else `items`, else `item`.
///
/// Anything else is ambiguous: decoding fails and names the entries, rather than guessing.
enum HALCollectionItems {
    /// The entry among `keys` that holds the items; nil when there is none or it is ambiguous.
    package static func key(among keys: [String], named name: String?) -> String? {
        if let name, keys.contains(name) { return name }
        if keys.count == 1 { return keys[0] }
        return ["items", "item"].first(where: keys.contains)
    }

    /// The error for `keys` that hold no recognisable items entry.
    static func ambiguity(among keys: [String], named name: String?, codingPath: [any CodingKey]) -> DecodingError {
        let names = keys.sorted().joined(separator: ", ")
        return DecodingError.dataCorrupted(.init(
            codingPath: codingPath + [HALKey("_embedded")],
            debugDescription: "cannot tell which of [\(names)] holds the \(name.map { "'\($0)' " } ?? "")items"))
    }
}

extension HALDocument {
    /// The items of this document read as a collection, by the ``HALCollectionItems`` rule.
    ///
    /// - Parameter name: The relation or resource type the items are expected under, if known.
    /// - Throws: `DecodingError.dataCorrupted` when the rule cannot tell which entry holds them.
    package func collectionItems(named name: String?) throws -> [HALDocument] {
        let keys = Array(embedded.keys)
        guard !keys.isEmpty else { return [] }
        guard let key = HALCollectionItems.key(among: keys, named: name), let entry = embedded[key] else {
            throw HALCollectionItems.ambiguity(among: keys, named: name, codingPath: [])
        }
        return entry.documents
    }
}
