import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// A HAL collection of untyped ``HALDocument``s, read by ``HALCollectionReader``: the rule generated
/// resources are read by, so an untyped call accepts every collection a typed one does (`_embedded` as an
/// array, a bare JSON array, one object as one item).
///
/// Which `_embedded` entry holds the items depends on the call (the relation followed, or none), so the
/// name comes in the decoder's `userInfo` under `CodingUserInfoKey.halCollectionItemsName`.
package struct HALDocumentCollection: Decodable, Sendable {
    /// The items.
    package var items: [HALDocument]
    /// The collection's `_links`.
    package var links: HALLinks
    /// Every top-level property but `_links` and `_embedded`.
    package var meta: [String: JSONValue]

    package init(from decoder: any Decoder) throws {
        let name = decoder.userInfo[.halCollectionItemsName] as? String
        let read = try HALCollectionReader<HALDocument>(from: decoder, array: Self.items) { embedded, keys in
            try HALCollectionReader<HALDocument>.entry(
                embedded, keys: keys, named: name, codingPath: decoder.codingPath, array: Self.items,
                one: { try $0.decode(HALDocument.self, forKey: $1) })
        }
        items = read.items
        links = read.links
        meta = read.meta
    }

    private static func items(_ array: inout any UnkeyedDecodingContainer) throws -> [HALDocument] {
        var items: [HALDocument] = []
        items.reserveCapacity(array.count ?? 0)
        while !array.isAtEnd { items.append(try array.decode(HALDocument.self)) }
        return items
    }
}

extension CodingUserInfoKey {
    /// The relation or resource type (a `String`) whose `_embedded` entry holds an untyped collection's items
    /// (see ``HALCollectionItems``); absent when the call does not know one.
    package static let halCollectionItemsName = CodingUserInfoKey(rawValue: "resgen.hal.collectionItemsName")!
}
