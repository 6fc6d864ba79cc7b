@_spi(Generated) import ResgenRuntimeCore

/// How a HAL collection document is read: one rule for generated resources (``HALCollectionDocument``:
/// lists, pages, request types returning arrays, a to-many link's target) and untyped calls
/// (``Client/collection(at:includes:options:)``, a bracketed include of a ``HALDocument``), so that both
/// accept the same documents (the HAL article's table of what real servers write).
///
/// The items are:
/// 1. the document itself, when it is a JSON array;
/// 2. `_embedded` itself, when it is an array (drf-hal-json's pages): in a collection an array can only be
///    its items;
/// 3. the `_embedded` entry ``HALCollectionItems`` picks, when `_embedded` is an object: an array, or one
///    object as one item;
/// 4. none, when `_embedded` is absent, `null` or `{}`.
///
/// `_links` is read first (the items inherit its CURIEs); every other top-level property is `meta`. Keys
/// are visited in sorted order, so an error names the same value every run (`JSONDecoder` lists keys in
/// hash order).
///
/// Before this type the untyped calls read a collection as a ``HALDocument`` and refused `_embedded`
/// written as an array (and a bare array), which typed calls read: the rule now lives here alone.
package struct HALCollectionReader<Item> {
    /// The collection's items.
    package var items: [Item]
    /// The collection's `_links`.
    package var links: HALLinks
    /// Every top-level property but `_links` and `_embedded` (page numbers, totals…).
    package var meta: [String: JSONValue]

    /// Reads the collection `decoder` holds.
    ///
    /// - Parameters:
    ///   - array: Reads the items of an array (the document, or `_embedded`).
    ///   - entries: Reads the items of `_embedded` written as an object, given its keys (never empty);
    ///     usually ``entry(_:keys:named:codingPath:array:one:)``.
    package init(
        from decoder: any Decoder, array: (inout any UnkeyedDecodingContainer) throws -> [Item],
        entries: (KeyedDecodingContainer<HALKey>, [String]) throws -> [Item]
    ) throws {
        links = HALLinks()
        meta = [:]
        if var unkeyed = try? decoder.unkeyedContainer() {
            items = try array(&unkeyed)
            return
        }
        let container = try decoder.container(keyedBy: HALKey.self)
        var items: [Item]?
        let links = try container.decodeIfPresent(HALLinks.self, forKey: HALKey("_links")) ?? HALLinks()
        for key in container.allKeys.sorted(by: HALKey.precedes) {
            switch key.stringValue {
            case "_links": continue
            case "_embedded":
                // `null` is no items, as an embedded relation reads it.
                if try container.decodeNil(forKey: key) { continue }
                items = try links.embedding {
                    if var unkeyed = try? container.nestedUnkeyedContainer(forKey: key) { return try array(&unkeyed) }
                    let embedded = try container.nestedContainer(keyedBy: HALKey.self, forKey: key)
                    let keys = embedded.allKeys.map(\.stringValue)
                    return keys.isEmpty ? [] : try entries(embedded, keys)
                }
            default: meta[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
            }
        }
        self.links = links
        self.items = items ?? []
    }

    /// The items of the `_embedded` entry ``HALCollectionItems`` picks among `keys` for `name`: its array,
    /// or its one object as one item.
    ///
    /// - Parameters:
    ///   - name: The resource type or relation the items are expected under, if known.
    ///   - codingPath: The collection document's coding path, for the error.
    ///   - array: Reads the items of an array.
    ///   - one: Reads one item under a key.
    /// - Throws: `DecodingError.dataCorrupted` naming the entries when the rule cannot tell which holds
    ///   the items.
    package static func entry(
        _ embedded: KeyedDecodingContainer<HALKey>, keys: [String], named name: String?, codingPath: [any CodingKey],
        array: (inout any UnkeyedDecodingContainer) throws -> [Item],
        one: (KeyedDecodingContainer<HALKey>, HALKey) throws -> Item
    ) throws -> [Item] {
        guard let key = HALCollectionItems.key(among: keys, named: name).map({ HALKey($0) }) else {
            throw HALCollectionItems.ambiguity(among: keys, named: name, codingPath: codingPath)
        }
        if var unkeyed = try? embedded.nestedUnkeyedContainer(forKey: key) { return try array(&unkeyed) }
        return [try one(embedded, key)]
    }
}
