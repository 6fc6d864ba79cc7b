import Foundation
import ResgenFuzzingCatalog
import ResgenFuzzingMedia

@_spi(Testing) @testable import ResgenRuntime

// The `tape` target's cases for unions of resources (issue 24): the generated Catalog (JSON:API) and Media
// (HAL) models, in modules of their own, so every name here is qualified by its module.

extension TapeDifferential {
    typealias CatalogItem = ResgenFuzzingCatalog.Item
    typealias CatalogLoan = ResgenFuzzingCatalog.Loan
    typealias CatalogShelf = ResgenFuzzingCatalog.Shelf

    /// Appended to ``cases``, so that headers which name no case keep the case they picked before.
    static let unionCases: [Case] = [
        // JSON:API: a polymorphic collection as primary data, to-one and to-many union relationships whose
        // included members of several types share ids, and types the unions do not list (`other`). The
        // decoded documents are also resolved along the schema's include sets through the unions, and must
        // resolve alike.
        jsonAPI("jsonapi.catalog.items", [CatalogItem].self, api: Catalog.self, resolving: CatalogItem.Include.authors.paths),
        jsonAPI("jsonapi.catalog.item", CatalogItem?.self, api: Catalog.self),
        jsonAPI("jsonapi.catalog.loans", [CatalogLoan].self, api: Catalog.self, resolving: CatalogLoan.Include.itemWithAuthor.paths),
        jsonAPI("jsonapi.catalog.loan", CatalogLoan?.self, api: Catalog.self),
        jsonAPI("jsonapi.catalog.shelves", [CatalogShelf].self, api: Catalog.self, resolving: CatalogShelf.Include.itemsWithAuthors.paths),
        jsonAPI("jsonapi.catalog.shelf", CatalogShelf?.self, api: Catalog.self),
        // The plain `Codable` forms: a union wrapped with its type, `other` and union ids as type and id.
        plain("plain.catalog.items", [CatalogItem].self),
        plain("plain.catalog.loans", [CatalogLoan].self),
        plain("plain.catalog.shelves", [CatalogShelf].self),
        plain("plain.catalog.ids", [ResgenFuzzingCatalog.ShelfItems.ID].self),
        // HAL: each of the three discriminators, on collections, embedded to-ones and to-manys.
        hal("hal.media.items", HALCollectionDocument<ResgenFuzzingMedia.Item>.self) { $0.items == $1.items && $0.links == $1.links && $0.meta == $1.meta },
        hal("hal.media.media", HALCollectionDocument<Medium>.self) { $0.items == $1.items && $0.links == $1.links && $0.meta == $1.meta },
        hal("hal.media.item", ResgenFuzzingMedia.Item.self),
        hal("hal.media.loan", ResgenFuzzingMedia.Loan.self),
        hal("hal.media.shelf", ResgenFuzzingMedia.Shelf.self),
    ]

    /// A JSON:API case whose primary data is an array of resources: the wire documents must be the same,
    /// and so must the primary data once resolved along `includes` from each document's own `included`.
    static func jsonAPI<R: Resource & Equatable>(_ name: String, _ type: [R].Type, api: any APIDefinition.Type, resolving includes: [IncludePath]) -> Case {
        let codec = JSONAPICodec(resourceTypes: api.resourceTypes)
        return Case(name: name) { document, decoder in
            differ(WireDocument<[R]>.self, document, codec.jsonAPIDecoder(from: decoder)) { tape, reference in
                same(tape, reference) && resolved(tape, includes) == resolved(reference, includes)
            }
        }
    }

    /// The primary data of `wire` resolved along `includes`, as ``JSONAPICodec`` resolves a response.
    static func resolved<R: Resource>(_ wire: WireDocument<[R]>, _ includes: [IncludePath]) -> [R] {
        var primary = wire.data
        let resolver = IncludeResolver(included: wire.included, primary: primary, includes: IncludeTree(includes))
        for index in primary.indices { resolver.resolve(&primary[index]) }
        return primary
    }
}
