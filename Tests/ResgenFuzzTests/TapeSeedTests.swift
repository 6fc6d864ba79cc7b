import Foundation
import Testing

@testable import ResgenFuzzing
@testable import ResgenRuntime

/// The tape target's seeds for sparse fieldsets of included types reach the path they were written for:
/// the tape decoder answers (a declined document would compare nothing), and restricted types decode into
/// their `Sparse` twins.
@Suite struct TapeSeedTests {
    static func document(_ seed: String) throws -> Data {
        let file = CorpusReplayTests.fuzz.appendingPathComponent("Corpus/tape/\(seed)")
        let bytes = try [UInt8](Data(contentsOf: file))
        let newline = try #require(bytes.firstIndex(of: UInt8(ascii: "\n")))
        return Data(bytes[(newline + 1)...])
    }

    static func jsonAPIDecoder(_ fieldsets: Fieldsets) -> JSONDecoder {
        JSONAPICodec(api: Press.self).jsonAPIDecoder(from: TapeDifferential.clientDecoder(.iso8601), fieldsets: fieldsets)
    }

    @Test func restrictedIncludedTypesDecodeIntoTheirTwinsOnTheTape() throws {
        let decoder = Self.jsonAPIDecoder([Article.fieldset(.title, .author), Person.fieldset(.name)])
        let wire = try #require(TapeDecoder.decode(
            WireDocument<[Article.Sparse]>.self, from: Self.document("jsonapi-sparse-included"), like: decoder, userInfo: decoder.userInfo))
        #expect(wire.data.map(\.title) == ["T", nil])
        #expect(wire.included.all.contains { ($0 as? Person.Sparse)?.name == "Ann" })
        #expect(wire.included.all.contains { $0 is ResgenFuzzing.Comment })
    }

    @Test func aFullPrimaryWithRestrictedIncludesDecodesOnTheTape() throws {
        let decoder = Self.jsonAPIDecoder([Person.fieldset(.name, .twitter)])
        let wire = try #require(TapeDecoder.decode(
            WireDocument<[Article]>.self, from: Self.document("jsonapi-articles-sparse-people"), like: decoder, userInfo: decoder.userInfo))
        #expect(wire.data.map(\.id) == [1])
        #expect(wire.included.all.compactMap { $0 as? Person.Sparse }.map(\.name) == ["Ann", nil])
    }

    /// The Library seed: a date-only `published` is read on the tape by the attribute's own format, an
    /// optional to-one keeps "not sent" (an empty `ToOne`) apart from `data: null` (`nil`), and so does the
    /// optional `subtitle`.
    @Test func libraryBooksDecodeOnTheTape() throws {
        let decoder = JSONAPICodec(api: Library.self).jsonAPIDecoder(from: TapeDifferential.clientDecoder(.iso8601))
        let wire = try #require(TapeDecoder.decode(
            WireDocument<[Book]>.self, from: Self.document("jsonapi-books"), like: decoder, userInfo: decoder.userInfo))
        // Midnight UTC as Foundation reads the timestamp (its calendar is Julian before 1582, as JSONDecoder's).
        let midnights = ["1968-11-01", "1000-01-01", "2024-02-29"].map { ISO8601DateFormatter().date(from: $0 + "T00:00:00Z") }
        #expect(wire.data.map(\.published) == midnights)
        #expect(wire.data.map(\.author?.id) == [1, nil, nil])
        #expect(wire.data[1].author == nil)
        #expect(wire.data[2].author != nil)
        // An optional attribute: `null` is a known nil, absent is unknown, on the tape as in JSONDecoder.
        let reference = try decoder.decode(WireDocument<[Book]>.self, from: Self.document("jsonapi-books"))
        for books in [wire.data, reference.data] {
            #expect(books.map { $0.isKnown(.subtitle) } == [true, false, false])
        }
    }

    /// The linkage seed: identifiers read straight from the tape (issue 24) reach that path and read
    /// what JSONDecoder reads: escaped member names, members in any order, the first of duplicate keys,
    /// `meta` kept on a to-one, `null` and absent `data` apart.
    @Test func linkageDecodesOnTheTapeAsJSONDecoderReadsIt() throws {
        let decoder = JSONAPICodec(api: Press.self).jsonAPIDecoder(from: TapeDifferential.clientDecoder(.iso8601))
        let document = try Self.document("jsonapi-linkage")
        let tape = try #require(TapeDecoder.decode(WireDocument<[Article]>.self, from: document, like: decoder, userInfo: decoder.userInfo))
        let reference = try decoder.decode(WireDocument<[Article]>.self, from: document)
        for articles in [tape.data, reference.data] {
            #expect(articles.map(\.author.id) == [2, nil])
            #expect(articles[0].author.linkageMeta == .object(["role": .array([.string("lead"), .number(1.5), .null, .object(["since": .string("2020")])])]))
            #expect(articles.map(\.comments.ids) == [[7, 8], nil])
            #expect(articles.map(\.tags.ids) == [[], ["caf\u{e9}"]])
            // The relationship objects' links and meta (read from the tape since issue 29, not through containers).
            #expect(articles.map { $0.author.link?.path } == ["/articles/1/author", nil])
            #expect(articles.map { $0.author.selfLink?.path } == [nil, "/articles/2/relationships/author"])
            #expect(articles.map { $0.comments.link?.path } == [nil, "/articles/2/comments"])
            #expect(articles[0].comments.meta == .object(["count": .number(2)]))
            #expect(articles[0].comments.linkageMeta == [nil, .object(["n": .number(1)])])
        }
        #expect(tape.data == reference.data)
    }

    /// The mismatch seed: a linkage of another type is an error in both decoders (the tape declines it).
    @Test func aLinkageOfAnotherTypeIsDeclinedOnTheTapeAndAnErrorInJSONDecoder() throws {
        let decoder = JSONAPICodec(api: Press.self).jsonAPIDecoder(from: TapeDifferential.clientDecoder(.iso8601))
        let document = try Self.document("jsonapi-linkage-mismatch")
        #expect(TapeDecoder.decode(WireDocument<ResgenFuzzing.Comment?>.self, from: document, like: decoder, userInfo: decoder.userInfo) == nil)
        #expect(throws: DecodingError.self) { try decoder.decode(WireDocument<ResgenFuzzing.Comment?>.self, from: document) }
    }
}
