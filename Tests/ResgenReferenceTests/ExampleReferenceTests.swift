import Foundation
import ResgenCore
import Testing

/// Every example under `Schemas/` generates exactly its golden files in
/// `Resources/ReferenceSources/<example>/` (which `ResgenGeneratedCodeTests` also compiles): the files
/// that hold code, as `resgen generate` writes them for checked-in sources. The build plugin's empty
/// files (a resource file no resource falls in) are not goldens.
@Suite struct ExampleReferenceTests {
    static let examples = ["blog", "catalog", "clinic", "contacts", "events", "forum", "library", "media", "press"]

    @Test(arguments: examples)
    func exampleMatchesGolden(_ example: String) async throws {
        let inputs = try Reference.inputs(at: Reference.packageRoot.appendingPathComponent("Schemas/\(example)"), relativeTo: Reference.packageRoot)
        try #require(!inputs.isEmpty, "no schema files in Schemas/\(example)")
        let collector = CollectingDiagnosticCollector()
        let files = try Pipeline.generate(inputs: inputs, config: Config(), templates: .defaults, diagnostics: collector).filter(\.holdsCode)
        #expect(collector.diagnostics.isEmpty, "\(collector.sorted.map(\.description).joined(separator: "\n"))")
        let directory = Reference.resources.appendingPathComponent("ReferenceSources/\(example)")
        for file in files {
            try await Reference.assertMatches(file.contents, golden: directory.appendingPathComponent(file.name))
        }
        let goldens = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        #expect(Set(goldens.filter { $0.hasSuffix(".swift") }) == Set(files.map(\.name)), "stale golden files in \(directory.path)")
    }
}
