import Foundation
@testable import ResgenCore
import Testing

/// The names derived from what generated code declares and names (issue 17, item 7).
@Suite struct GeneratedNamesTests {
    @Test(arguments: WireFormat.allCases)
    func theProbeValidatesAndRenders(format: WireFormat) throws {
        let collector = CollectingDiagnosticCollector()
        let document = try #require(YAMLLoader.load(InputFile(path: "probe.yml", text: GeneratedNames.Probe.schema(format: format)), diagnostics: collector))
        _ = Validator(diagnostics: collector, templates: nil).validate(SchemaDecoder(diagnostics: collector).decode([document]))
        #expect(!collector.hasErrors, "\(collector.sorted.map(\.description).joined(separator: "\n"))")
        #expect(GeneratedNames.Probe.render(templates: .defaults, format: format) != nil)
    }
}
