import Foundation
import ResgenFuzzingCatalog
import ResgenFuzzingMedia
import Testing

@testable import ResgenFuzzing
@_spi(Generated) @testable import ResgenRuntime

/// The `tape` target's seeds for unions of resources (issue 24) reach the tape decoder, so that the
/// differential compares them with `JSONDecoder` (a document the tape declines compares nothing), and hold
/// what their names say: members of several types that share ids, types the unions do not list, plain
/// forms and each HAL discriminator.
@Suite struct TapeUnionSeedTests {
    typealias CatalogItem = ResgenFuzzingCatalog.Item
    typealias MediaItem = ResgenFuzzingMedia.Item
    typealias CatalogLoan = ResgenFuzzingCatalog.Loan
    typealias CatalogShelf = ResgenFuzzingCatalog.Shelf

    /// `seed` decoded as `T` by the tape decoder with `decoder`; a failed expectation when the tape declines.
    static func tape<T: Decodable>(_ type: T.Type, _ seed: String, _ decoder: JSONDecoder) throws -> T {
        try #require(TapeDecoder.decode(T.self, from: TapeSeedTests.document(seed), like: decoder, userInfo: decoder.userInfo), "the tape declined \(seed)")
    }

    static let client = TapeDifferential.clientDecoder(.iso8601)
    static let catalog = JSONAPICodec(api: Catalog.self).jsonAPIDecoder(from: client)

    @Test func everyUnionSeedPassesTheDifferential() throws {
        let seeds = CorpusReplayTests.inputs("Corpus", "tape").filter { ["catalog-", "media-"].contains(where: $0.lastPathComponent.hasPrefix) }
        #expect(seeds.count >= 20)
        for seed in seeds {
            #expect(TapeDifferential.check(try Data(contentsOf: seed)) == nil, "\(seed.lastPathComponent)")
        }
    }

    @Test func theServersAnswersDecodeOnTheTape() throws {
        for (seed, count) in [("catalog-items", 5), ("catalog-items-include-author", 5)] {
            #expect(try Self.tape(WireDocument<[CatalogItem]>.self, seed, Self.catalog).data.count == count, "\(seed)")
        }
        #expect(try Self.tape(WireDocument<[CatalogLoan]>.self, "catalog-loans-include-item-author", Self.catalog).included.all.count > 3)
        #expect(try Self.tape(WireDocument<[CatalogShelf]>.self, "catalog-shelves-include-items", Self.catalog).data.count > 1)
        #expect(try Self.tape(WireDocument<CatalogShelf?>.self, "catalog-shelf-shared-ids", Self.catalog).data?.items.ids == [.book(2), .film(2), .album(2)])
        #expect(try Self.tape(WireDocument<CatalogLoan?>.self, "catalog-loan-include-item-author", Self.catalog).data?.item.id == .book(4))
        #expect(try Self.tape(WireDocument<CatalogItem?>.self, "catalog-item-film", Self.catalog).data?.id == .film(2))
    }

    /// Ids 1 of three types on one shelf resolve each to its own type's resource; a shelf that also holds a
    /// type the schema does not list keeps it as `other` (and, all or nothing, stays unresolved: an `other`
    /// is never in `included`).
    @Test func membersSharingIdsResolveApartAndAnUnknownTypeIsOther() throws {
        let wire = try Self.tape(WireDocument<[CatalogShelf]>.self, "catalog-shelves-other", Self.catalog)
        let podcast = ShelfItems.ID.other(ResourceIdentity(type: "podcasts", id: "1"))
        #expect(wire.data.map(\.items.ids) == [[.book(1), .film(1), .album(1)], [podcast, .book(1)], [], nil])
        let shelves = TapeDifferential.resolved(wire, CatalogShelf.Include.itemsWithAuthors.paths)
        let titles = (shelves[0].items.resolved ?? []).map { item -> String in
            switch item {
            case .book(let book): "book \(book.title) by \(book.author?.resolved?.name ?? "-")"
            case .film(let film): "film \(film.title)"
            case .album(let album): "album \(album.title)"
            case .other(let identity): "other \(identity)"
            }
        }
        #expect(titles == ["book A Wizard of Earthsea by Ursula K. Le Guin", "film Metropolis", "album Blue Train"])
        #expect(shelves[1].items.resolved == nil)
    }

    @Test func aToOneOfAnUnknownTypeAndAPrimaryCollectionWithOne() throws {
        let loans = try Self.tape(WireDocument<[CatalogLoan]>.self, "catalog-loans-other", Self.catalog)
        #expect(loans.data.map(\.item.id) == [.other(ResourceIdentity(type: "podcasts", id: "7")), .film(1), .book(1)])
        let resolved = TapeDifferential.resolved(loans, CatalogLoan.Include.item.paths)
        #expect(resolved.map { $0.item.resolved?.id } == [nil, .film(1), .book(1)])
        let items = try Self.tape(WireDocument<[CatalogItem]>.self, "catalog-items-other", Self.catalog)
        #expect(items.data.map(\.id.description) == ["books/1", "podcasts/1", "films/1", "albums/1", "books/2"])
    }

    @Test func thePlainFormsDecodeOnTheTape() throws {
        let items = try Self.tape([CatalogItem].self, "catalog-plain-items", Self.client)
        #expect(items.map(\.id.description) == ["books/1", "films/1", "albums/1", "podcasts/7", "podcasts/8"])
        let loans = try Self.tape([CatalogLoan].self, "catalog-plain-loans", Self.client)
        #expect(loans.map(\.item.id?.description) == ["films/2", "podcasts/7", nil])
        let shelves = try Self.tape([CatalogShelf].self, "catalog-plain-shelves", Self.client)
        #expect(shelves[0].items.resolved?.map(\.id.description) == ["albums/3", "books/4", "podcasts/4"])
        let ids = try Self.tape([ShelfItems.ID].self, "catalog-plain-ids", Self.client)
        #expect(ids.map(\.description) == ["books/1", "films/1", "albums/1", "podcasts/1", "books/2"])
    }

    @Test func eachHALDiscriminatorDecodesOnTheTape() throws {
        let hal = TapeDifferential.halDecoder(Self.client)
        let items = try Self.tape(HALCollectionDocument<MediaItem>.self, "media-items-property", hal)
        #expect(items.items.map(\.id) == [.book(2), .film(2), .other(ResourceIdentity(type: "podcast", id: "/podcasts/7"))])
        let media = try Self.tape(HALCollectionDocument<Medium>.self, "media-media-embedded-key", hal)
        #expect(media.items.map(\.id) == [.book(2), .film(2)])
        let shelf = try Self.tape(ResgenFuzzingMedia.Shelf.self, "media-shelf-self-link", hal)
        #expect(shelf.items.resolved?.map(\.id) == [.film(2), .other(ResourceIdentity(type: "/podcasts/7", id: "/podcasts/7")), .book(2)])
        let loan = try Self.tape(ResgenFuzzingMedia.Loan.self, "media-loan-embedded", hal)
        guard case .book(let dune)? = loan.item.resolved else { Issue.record("the embedded item is not a book"); return }
        #expect(dune.author?.resolved?.name == "Frank Herbert")
        #expect(try Self.tape(MediaItem.self, "media-item-book", hal).id == .book(2))
    }

    /// A reproducer whose header names no case is replayed against the case its name hashes to, which moves
    /// whenever a case is added: two once moved off `plain.probe`, the case they were found in. Every
    /// committed input names its case.
    @Test(arguments: ["Corpus", "Crashes"])
    func everyCommittedInputNamesItsCase(_ folder: String) throws {
        let names = Set(TapeDifferential.cases.map(\.name))
        for file in CorpusReplayTests.inputs(folder, "tape") {
            let header = try String(decoding: Data(contentsOf: file).prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
            let first = header.split(separator: " ").first.map(String.init) ?? ""
            #expect(names.contains(first), "\(folder)/tape/\(file.lastPathComponent) names no case: \(header.prefix(40))")
        }
    }
}
