import Foundation
import ResgenCore
import Testing

@testable import ResgenFuzzing

/// The `config` target compares what the build plugin's reader and resgen's read from one config file:
/// its seeds reach that comparison, and a difference is a finding.
@Suite struct ConfigHarnessTests {
    static func seed(_ name: String) throws -> Data {
        try Data(contentsOf: CorpusReplayTests.fuzz.appendingPathComponent("Corpus/config/\(name)"))
    }

    @Test(arguments: ["minimal.yaml", "full.yaml", "full.json", "quoting.yaml"])
    func bothReadersAcceptTheSeedsAndAgree(_ name: String) throws {
        let input = try Self.seed(name)
        let path = input[0].isMultiple(of: 2) ? "resgen-config.yaml" : "resgen-config.json"
        let text = try #require(String(bytes: input.dropFirst(), encoding: .utf8))
        let plugin = try PluginConfig.parse(text, path: path)
        let collector = CollectingDiagnosticCollector()
        let raw = try #require(UserConfig.decode(InputFile(path: path, contents: [UInt8](input.dropFirst())), diagnostics: collector))
        let validated = try #require(raw.validated(diagnostics: collector), "\(collector.diagnostics)")
        #expect(ConfigHarness.differences(plugin: plugin, resgen: raw, validated: validated).isEmpty)
        #expect(ConfigHarness.check(input, .replay) == nil)
    }

    @Test func theQuotingSeedReadsItsEscapes() throws {
        let text = try #require(String(bytes: Self.seed("quoting.yaml").dropFirst(), encoding: .utf8))
        let plugin = try PluginConfig.parse(text, path: "resgen-config.yaml")
        #expect(plugin.schema == "it's")
        #expect(plugin.filePrefix == "Blog")
        #expect(plugin.templates == #"t"q"#)
    }

    @Test func aValueReadDifferentlyIsAFinding() throws {
        let input = try Self.seed("full.yaml")
        let collector = CollectingDiagnosticCollector()
        let raw = try #require(UserConfig.decode(InputFile(path: "resgen-config.yaml", contents: [UInt8](input.dropFirst())), diagnostics: collector))
        let validated = try #require(raw.validated(diagnostics: collector))
        let misread = PluginConfig(schema: "api/press.yml", filePrefix: "Press", templates: nil, resourceFiles: 16)
        #expect(ConfigHarness.differences(plugin: misread, resgen: raw, validated: validated) == [
            #"templates nil vs "Templates""#, "resourceFiles 16 vs 4",
        ])
    }

    @Test func aConfigResgenRefusesIsLocatedAndNoFinding() throws {
        // `0x10` and a flow sequence: resgen reports both on their lines; the plugin reads the first as the
        // default count, which does not matter: resgen fails the build before writing anything.
        #expect(ConfigHarness.check(try Self.seed("bad-values.yaml"), .replay) == nil)
    }
}
