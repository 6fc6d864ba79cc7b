import Foundation
import Testing

@Suite("resgen validate")
struct ValidateCommandTests {
    @Test func validSchemaPrintsASummary() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "mini.yml")
        let result = try await sandbox.resgen("validate", "mini.yml")
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "no problems found in 1 file\n", "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
    }

    @Test func aSchemaWithOnlyWarningsSaysSoInTheSummary() async throws {
        let sandbox = try Sandbox()
        let hal = miniSchema.replacingOccurrences(of: "format: jsonapi", with: "format: hal")
            .replacingOccurrences(of: "attributes:", with: "sparseFieldsets: true, attributes:")
        try sandbox.write(hal, to: "mini.yml")
        let result = try await sandbox.resgen("validate", "mini.yml")
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "no errors in 1 file, 1 warning\n", "\(result)")
        #expect(result.stderr.contains("warning: 'sparseFieldsets' of resource"), "\(result)")
    }

    @Test func directoriesAreReadRecursivelySkippingHiddenAndOtherFiles() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "schemas/a.yml")
        try sandbox.write(
            "resources: {Other: {type: others, path: /others, operations: [show], attributes: {title: String}}}\n",
            to: "schemas/more/b.yaml"
        )
        try sandbox.write(#"{"enums": {"Color": {"values": ["red", "green"]}}}"# + "\n", to: "schemas/more/c.JSON")
        try sandbox.write("not: [yaml\n", to: "schemas/.hidden.yml")
        try sandbox.write("not: [yaml\n", to: "schemas/notes.txt")
        let result = try await sandbox.resgen("validate", "schemas")
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "no problems found in 3 files\n", "\(result)")
    }

    @Test func everySchemaIsReportedBeforeFailing() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("api: {name: [\n", to: "one/bad.yml")
        try sandbox.write("resources: [\n", to: "two/bad.yml")
        let result = try await sandbox.resgen("validate", "one", "missing", "two")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        // Each schema is validated on its own, so the validator may add unlocated errors per schema
        // (e.g. no 'api' block); the syntax errors and the missing path must all be there, in order.
        let lines = result.stderr.split(separator: "\n")
        let one = lines.firstIndex { $0.hasPrefix("one/bad.yml:2:1: error: ") }
        let two = lines.firstIndex { $0.hasPrefix("two/bad.yml:2:1: error: ") }
        #expect(one != nil && two != nil && one! < two!, "\(result)")
        #expect(lines.last == "error: no such file or directory: 'missing'", "\(result)")
    }
}
