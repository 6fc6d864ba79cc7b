import Foundation
import Testing

@Suite("resgen json-schema")
struct JSONSchemaCommandTests {
    static let committedCopy = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/resgen-schema.json")

    /// The command prints the committed copy byte for byte, a draft 2020-12 JSON document.
    @Test func printsTheCommittedJSONSchema() async throws {
        let result = try await Sandbox().resgen("json-schema")
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        let committed = String(decoding: try Data(contentsOf: Self.committedCopy), as: UTF8.self)
        #expect(result.stdout == committed, "docs/resgen-schema.json is stale; run `make generate`")
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(document?["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    /// `--help` tells how an editor uses it.
    @Test func helpExplainsTheEditorComment() async throws {
        let result = try await Sandbox().resgen("json-schema", "--help")
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.contains("# yaml-language-server: $schema="), "\(result)")
        let overview = try await Sandbox().resgen("--help")
        #expect(overview.stdout.contains("json-schema"), "\(overview)")
    }
}
