@_spi(Generated) import ResgenRuntimeCore

/// Which `_embedded` entry of a HAL collection holds its items — one rule for generated resources and
/// untyped documents alike (``HALCollectionReader`` applies it):
///
/// 1. the entry named like the items: their resource type (`contacts`), or for an untyped collection
///    reached through a link, the relation followed;
/// 2. else the only entry;
/// 3. else `items`, else `item`.
///
/// Anything else is ambiguous: decoding fails and names the entries, rather than guessing.
package enum HALCollectionItems {
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
