import Foundation
import ResgenCore
import ResgenDrafting
import Testing

/// `resgen infer`'s rules, visible in review: each folder under `Resources/Inference/` holds recorded
/// responses (`responses.txt`, the `--record-responses` form) and the draft inferred from them
/// (`draft.yml`), or the error they must give (`error.txt`). Every draft must validate and generate.
///
/// `press`, `contacts` and `catalog` were recorded from the repo's test servers (`make infer-fixtures`);
/// the others are small hand-written documents, one rule each.
@Suite struct InferenceReferenceTests {
    static let directory = Reference.resources.appendingPathComponent("Inference")

    static var cases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func thereAreCasesForEachRule() {
        #expect(Self.cases.count >= 10)
    }

    @Test(arguments: cases)
    func draftMatchesGolden(_ name: String) async throws {
        let folder = Self.directory.appendingPathComponent(name)
        let recording = try String(contentsOf: folder.appendingPathComponent("responses.txt"), encoding: .utf8)
        let documents = FetchedDocument.documents(fromRecording: recording)
        #expect(!documents.isEmpty)
        let apiName = SwiftNaming.typeName(name)
        let errorFile = folder.appendingPathComponent("error.txt")
        do {
            let draft = try SchemaInference.draft(name: apiName, documents: documents)
            #expect(!FileManager.default.fileExists(atPath: errorFile.path), "expected an error, got a draft")
            try await Reference.assertMatches(draft.text, golden: folder.appendingPathComponent("draft.yml"))
            #expect(draft.repairs.isEmpty, "the validator refused lines inference wrote: \(draft.repairs)")
            try DraftChecks.expectValidatesAndGenerates(draft.text, name: name, apiName: apiName)
        } catch let error as InferenceError {
            try await Reference.assertMatches(error.description + "\n", golden: errorFile)
        }
    }

    /// An entry point is no resource (the `hal-entry-point` golden), but what it links to is what a crawl
    /// from `GET /` fetches next: its links to this API that are not templates.
    @Test func anEntryPointLeadsToTheAPIsCollections() throws {
        let root = FetchedDocument(
            url: "https://press.example.com/", contentType: "application/hal+json",
            body: #"{"_links": {"self": {"href": "/"}, "articles": {"href": "/articles"}, "people": "/people", "search": {"href": "/articles{?q}", "templated": true}, "docs": {"href": "https://docs.example.org/"}}}"#)
        #expect(try SchemaInference.followUps(of: root) == ["https://press.example.com/articles", "https://press.example.com/people"])
    }

    /// An empty collection is only links too, but paging and a search: it is no entry point.
    @Test func anEmptyCollectionIsNoEntryPoint() throws {
        let documents = [
            FetchedDocument(
                url: "https://press.example.com/articles", contentType: "application/hal+json",
                body: #"{"_links": {"self": {"href": "/articles"}, "next": {"href": "/articles?page=2"}, "find": {"href": "/articles{?q}", "templated": true}}}"#),
            FetchedDocument(url: "https://press.example.com/articles/1", contentType: "application/hal+json", body: #"{"id": 1, "title": "Hi"}"#),
        ]
        let draft = try SchemaInference.draft(name: "Press", documents: documents)
        #expect(!draft.text.contains("entry point"))
    }

    @Test func aRecordingReadsBackAsItsDocuments() {
        let documents = [
            FetchedDocument(url: "https://a.example/x", contentType: "application/hal+json", body: "{}\n"),
            FetchedDocument(url: "https://a.example/y", contentType: nil, body: "{\n  \"a\": 1\n}"),
        ]
        #expect(FetchedDocument.documents(fromRecording: FetchedDocument.recording(documents)) == documents)
    }

    @Test func anAPINameMustBeATypeName() {
        #expect(throws: InferenceError.self) { try SchemaInference.checkAPIName("my api") }
        #expect(throws: InferenceError.self) { try SchemaInference.checkAPIName("String") }
        #expect(throws: Never.self) { try SchemaInference.checkAPIName("Press") }
    }
}
