import Foundation
import Testing

/// Exit codes, usage errors and input errors, common to every command.
@Suite("resgen command line")
struct CommandLineTests {
    @Test func binaryIsFoundNextToTheTestProduct() throws {
        let executable = try #require(ResgenProcess.executable)
        #expect(executable.lastPathComponent == "resgen")
    }

    @Test func helpExitsWithZero() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.resgen("--help")
        #expect(result.exitCode == 0, "\(result)")
        for command in ["generate", "validate", "check", "dump-context", "templates"] {
            #expect(result.stdout.contains(command), "\(result)")
        }
    }

    @Test(
        "usage errors exit with 64",
        arguments: [
            ["generate", "mini.yml"],  // --output missing
            ["generate", "mini.yml", "--output", "out", "--access", "open"],
            ["generate", "mini.yml", "--output", "out", "--no-such-option"],
            ["check"],
            ["validate"],
            ["frobnicate"],
            ["templates", "export"],
        ]
    )
    func usageErrorExitsWith64(arguments: [String]) async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "mini.yml")
        let result = try await ResgenProcess.run(arguments, in: sandbox.root)
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stderr.contains("Usage:") || result.stderr.contains("Error:"), "\(result)")
        #expect(!sandbox.exists("out"))
    }

    @Test(arguments: ["generate", "check"])
    func missingSchemaExitsWith1AndNamesThePath(command: String) async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.resgen(command, "schemas/nope.yml", "--output", "out")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr == "error: no such file or directory: 'schemas/nope.yml'\n", "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(!sandbox.exists("out"))
    }

    @Test func missingSchemaForValidateAndDumpContext() async throws {
        let sandbox = try Sandbox()
        let validate = try await sandbox.resgen("validate", "nope")
        #expect(validate.exitCode == 1, "\(validate)")
        #expect(validate.stderr.contains("error: no such file or directory: 'nope'"), "\(validate)")
        let dump = try await sandbox.resgen("dump-context", "nope.json")
        #expect(dump.exitCode == 1, "\(dump)")
        #expect(dump.stderr.contains("'nope.json'"), "\(dump)")
    }

    @Test func fileWithAnotherExtensionIsNotASchema() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "mini.txt")
        let result = try await sandbox.resgen("validate", "mini.txt")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("error: 'mini.txt' is not a schema file"), "\(result)")
    }

    @Test func directoryWithoutSchemaFilesIsAnError() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("# not a schema\n", to: "schemas/README.md")
        let result = try await sandbox.resgen("generate", "schemas", "--output", "out")
        #expect(result.exitCode == 1, "\(result)")
        #expect(
            result.stderr.contains("error: no schema files ('.yml', '.yaml', '.json') in directory 'schemas'"),
            "\(result)"
        )
    }

    @Test func schemaErrorsArePrintedWithTheRelativePathAndExit1() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("api: {name: [\n", to: "Schemas/blog/blog.yml")
        let result = try await sandbox.resgen("generate", "Schemas/blog", "--output", "out")
        #expect(result.exitCode == 1, "\(result)")
        // The validator may add errors without a location (e.g. no 'api' block); those sort first.
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("Schemas/blog/blog.yml:2:1: error: ") }, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(!sandbox.exists("out"), "nothing is written when the schema has errors")
    }

    @Test func outputPathThatIsAFileIsAnError() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "mini.yml")
        try sandbox.write("x", to: "out")
        let result = try await sandbox.resgen("generate", "mini.yml", "--output", "out/Generated")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr == "error: 'out' is not a directory\n", "\(result)")
    }

    @Test func dumpContextPrintsTheContext() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "mini.yml")
        let result = try await sandbox.resgen("dump-context", "mini.yml", "--access", "package")
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.hasPrefix("{"), "\(result)")
        #expect(result.stdout.contains("\"resourceName\" : \"Thing\""), "\(result)")
        #expect(result.stdout.contains("\"access\" : \"package\""), "\(result)")
        #expect(result.stdout.hasSuffix("\n"), "\(result)")
    }
}
