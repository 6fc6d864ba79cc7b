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
}
