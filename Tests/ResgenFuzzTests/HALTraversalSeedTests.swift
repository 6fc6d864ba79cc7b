import Foundation
import Testing

@testable import ResgenFuzzing
@testable import ResgenRuntime

/// The `haltraversal` target's seeds script what their names say, so that replaying them (`make test`)
/// keeps exercising shared targets, the limits and the byte budget.
@Suite struct HALTraversalSeedTests {
    static func script(_ seed: String) throws -> (documents: [String: String], run: HALTraversalHarness.Run) {
        var input = FuzzInput(try Data(contentsOf: CorpusReplayTests.fuzz.appendingPathComponent("Corpus/haltraversal/\(seed)")))
        let documents = HALTraversalHarness.Script.documents(&input).mapValues { String(decoding: $0, as: UTF8.self) }
        return (documents, HALTraversalHarness.Script.run(&input))
    }

    static func count(_ text: String, in document: String?) -> Int {
        (document ?? "").components(separatedBy: text).count - 1
    }

    @Test func theSeedsScriptWhatTheirNamesSay() throws {
        let fan = try Self.script("fan-to-one-url")
        #expect(Self.count(#"{"href":"/contacts/1"}"#, in: fan.documents["/contacts/0"]) == 248 && fan.run.untyped == ["[contacts]"])
        let selfLinks = try Self.script("self-links-two-levels")
        #expect(Self.count(#"{"href":"/contacts/0"}"#, in: selfLinks.documents["/contacts/0"]) == 101 && selfLinks.run.untyped == ["[contacts].[contacts]"])
        let padded = try Self.script("padded-cycle-byte-budget")
        #expect((0...2).map { padded.documents["/contacts/\($0)"]?.utf8.count ?? 0 }.reduce(0, +) > padded.run.options.byteBudget)
        let tooMany = try Self.script("too-many-links")
        #expect(Self.count(#""href""#, in: tooMany.documents["/contacts/0"]) > tooMany.run.options.maximumLinksPerRelation)
        let mixed = try Self.script("collection-website-broken")
        #expect(mixed.documents["/contacts/1"]?.contains(#""_embedded":{"contacts":[{"id":200"#) == true)
        #expect(mixed.documents["/contacts/2"].map { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) == nil } == true)
        #expect(mixed.run.untyped == ["website", "[contacts].website"] && mixed.run.options.failurePolicy == .leaveUnresolved)
    }
}
