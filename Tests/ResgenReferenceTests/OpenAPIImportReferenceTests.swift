import Foundation
@testable import ResgenCore
@testable import ResgenDrafting
import Testing

/// `resgen import-openapi`'s rules, visible in review: each folder under `Resources/OpenAPI/` holds an
/// OpenAPI document (`openapi.json` or `openapi.yaml`) and the draft imported from it (`draft.yml`) with
/// the warnings it gave (`warnings.txt`), or the error it must give (`error.txt`). Every draft must
/// validate without a warning and generate.
///
/// `fastapi-jsonapi`, `fastapi-hypermodel` and `djangorestframework-jsonapi` (drf-spectacular-jsonapi) were
/// recorded from the repo's test servers (`make openapi-fixtures`); the others are small hand-written
/// documents, one rule each.
@Suite struct OpenAPIImportReferenceTests {
    static let directory = Reference.resources.appendingPathComponent("OpenAPI")

    static var cases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func thereAreCasesForEachRule() {
        #expect(Self.cases.count >= 10)
    }

    static func document(in folder: URL) throws -> (name: String, bytes: [UInt8]) {
        for name in ["openapi.json", "openapi.yaml"] {
            let url = folder.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: url.path) { return (name, Array(try Data(contentsOf: url))) }
        }
        throw CocoaError(.fileNoSuchFile)
    }

    @Test(arguments: cases)
    func draftMatchesGolden(_ name: String) async throws {
        let folder = Self.directory.appendingPathComponent(name)
        let (file, bytes) = try Self.document(in: folder)
        let apiName = SwiftNaming.typeName(name)
        let errorFile = folder.appendingPathComponent("error.txt")
        do {
            let result = try OpenAPIImport.draft(name: apiName, document: bytes, source: file)
            #expect(!FileManager.default.fileExists(atPath: errorFile.path), "expected an error, got a draft")
            try await Reference.assertMatches(result.text, golden: folder.appendingPathComponent("draft.yml"))
            try await Reference.assertMatches(
                result.warnings.map { "warning: \($0)\n" }.joined() + "summary: \(result.summary)\n", golden: folder.appendingPathComponent("warnings.txt"))
            #expect(result.repairs.isEmpty, "the validator refused lines the importer wrote: \(result.repairs)")
            try DraftChecks.expectValidatesAndGenerates(result.text, name: name, apiName: apiName)
        } catch let error as OpenAPIImportError {
            try await Reference.assertMatches(error.description + "\n", golden: errorFile)
        }
    }

    /// The same bytes give the same draft: OpenAPIKit keeps the key order the decoder lists, and
    /// Foundation's JSONDecoder would list a mapping's keys in a new order each run.
    @Test func importingTwiceGivesTheSameDraft() throws {
        let (file, bytes) = try Self.document(in: Self.directory.appendingPathComponent("fastapi-jsonapi"))
        let first = try OpenAPIImport.draft(name: "Library", document: bytes, source: file)
        let second = try OpenAPIImport.draft(name: "Library", document: bytes, source: file)
        #expect(first.text == second.text)
        #expect(first.text.contains("title: String\n      subtitle: String?\n      published:"), "attributes keep the document's order")
    }

    /// App Store Connect's nominations take `filter[type]` with an enum: its nested enum is `TypeValue`, as a
    /// member named `Type` does not compile (found compiling the whole document's draft, issue 47).
    @Test func aFilterNamedTypeNestsAnEnumSwiftAccepts() throws {
        let folder = Self.directory.appendingPathComponent("list-parameters")
        let text = try String(contentsOf: folder.appendingPathComponent("draft.yml"), encoding: .utf8)
        let diagnostics = CollectingDiagnosticCollector()
        let model = try Pipeline.validate(inputs: [InputFile(path: "draft.yml", text: text)], diagnostics: diagnostics)
        let filters = try #require(model.resources.first { $0.name == "App" }?.list?.filters)
        #expect(filters.compactMap(\.inlineEnum?.name) == ["Platform", "State", "TypeValue"])
    }

    @Test func aBadNameIsRefused() {
        #expect(throws: OpenAPIImportError.self) { try OpenAPIImport.draft(name: "my api", document: Array("{}".utf8), source: "x") }
    }
}
