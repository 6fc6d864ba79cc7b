import Foundation
import ResgenCore
import Testing

/// Every schema under `Resources/Invalid/` (a file, or a folder for multi-file cases) produces
/// exactly the diagnostics in its `<case>.diagnostics.txt`, and at least one error.
@Suite struct InvalidSchemaTests {
    static let directory = Reference.resources.appendingPathComponent("Invalid")

    static var cases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasSuffix(".diagnostics.txt") && !$0.hasPrefix(".") }.sorted()
    }

    @Test func thereAreEnoughCases() {
        #expect(Self.cases.count >= 25)
    }

    @Test(arguments: cases)
    func diagnosticsMatchGolden(_ name: String) async throws {
        let inputs = try Reference.inputs(at: Self.directory.appendingPathComponent(name), relativeTo: Self.directory)
        let collector = CollectingDiagnosticCollector()
        #expect(throws: DiagnosticsError.self) {
            _ = try Pipeline.generate(inputs: inputs, config: Config(), templates: .defaults, diagnostics: collector)
        }
        #expect(collector.hasErrors)
        let text = collector.sorted.map(\.description).joined(separator: "\n") + "\n"
        let stem = name.split(separator: ".").first.map(String.init) ?? name
        try await Reference.assertMatches(text, golden: Self.directory.appendingPathComponent("\(stem).diagnostics.txt"))
    }
}
