import Foundation
import Testing

@Suite("resgen templates")
struct TemplatesCommandTests {
    @Test func exportWritesEveryTemplateAndASecondExportRewritesNothing() async throws {
        let sandbox = try Sandbox()
        let list = try await sandbox.resgen("templates", "list")
        #expect(list.exitCode == 0, "\(list)")
        let names = list.stdout.split(separator: "\n").map(String.init)
        #expect(names == names.sorted())

        let first = try await sandbox.resgen("templates", "export", "custom/templates")
        #expect(first.exitCode == 0, "\(first)")
        let noun = names.count == 1 ? "template" : "templates"
        #expect(first.stdout == "wrote \(names.count) of \(names.count) \(noun) to custom/templates\n", "\(first)")
        #expect(try sandbox.entries("custom/templates") == names.map { "\($0).mustache" }.sorted())

        try sandbox.backdateFiles(in: "custom/templates")
        let before = try sandbox.fileStamps(in: "custom/templates")
        let second = try await sandbox.resgen("templates", "export", "custom/templates")
        #expect(second.exitCode == 0, "\(second)")
        let unchanged = names.isEmpty ? "" : " (\(names.count) unchanged)"
        #expect(second.stdout == "wrote 0 of \(names.count) \(noun) to custom/templates\(unchanged)\n", "\(second)")
        #expect(try sandbox.fileStamps(in: "custom/templates") == before)
    }

    @Test func exportRestoresAnEditedTemplateOnly() async throws {
        let sandbox = try Sandbox()
        #expect(try await sandbox.resgen("templates", "export", "t").exitCode == 0)
        let files = try sandbox.entries("t")
        let edited = try #require(files.first, "the embedded templates are exported")
        let original = try sandbox.read("t/\(edited)")
        try sandbox.write("edited\n", to: "t/\(edited)")
        let result = try await sandbox.resgen("templates", "export", "t")
        #expect(result.stdout.hasPrefix("wrote 1 of \(files.count) "), "\(result)")
        #expect(try sandbox.read("t/\(edited)") == original)
    }

    @Test func unknownTemplateOverrideWarnsAndStillSucceeds() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "mini.yml")
        try sandbox.write("{{%CONTENT_TYPE: TEXT}}\n", to: "overrides/Nonsense.mustache")
        try sandbox.write("ignored: not a template\n", to: "overrides/notes.txt")
        let result = try await sandbox.resgen("generate", "mini.yml", "--output", "out", "--templates", "overrides")
        #expect(result.exitCode == 0, "\(result)")
        #expect(
            result.stderr.hasPrefix(
                "overrides/Nonsense.mustache:1:1: warning: template override 'Nonsense.mustache' matches no template"
            ),
            "\(result)"
        )
        #expect(result.stderr.split(separator: "\n").count == 1, "only '.mustache' files are read: \(result)")
    }

    /// A construct resgen's renderer does not implement stops the run at the override's line, and
    /// writes nothing: there is no other renderer to fall back to.
    @Test func unsupportedConstructInAnOverrideIsAnErrorAtItsLine() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "mini.yml")
        try sandbox.write("{{%CONTENT_TYPE: TEXT}}\n// paths\n  {{$extra}}nothing{{/extra}}\n", to: "overrides/Paths.mustache")
        let result = try await sandbox.resgen("generate", "mini.yml", "--output", "out", "--templates", "overrides")
        #expect(result.exitCode == 1, "\(result)")
        #expect(
            result.stderr.hasPrefix("overrides/Paths.mustache:3:3: error: '{{$extra}}' (a block) is not supported; templates may use "),
            "\(result)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
        #expect(!sandbox.exists("out"), "\(result)")
    }

    @Test func missingTemplateFolderIsAnError() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "mini.yml")
        let result = try await sandbox.resgen("generate", "mini.yml", "--output", "out", "--templates", "nowhere")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr == "error: no such file or directory: 'nowhere'\n", "\(result)")
    }
}
