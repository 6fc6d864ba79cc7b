import Foundation
import Testing

/// `generate` and `check` through the binary.
@Suite("resgen generate and check")
struct GenerateCommandTests {
    @Test func generateCreatesTheOutputDirectoryAndASecondRunTouchesNothing() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "schemas/mini.yml")
        let first = try await sandbox.resgen("generate", "schemas/mini.yml", "--output", "out/mini")
        #expect(first.exitCode == 0, "\(first)")
        #expect(first.stderr.isEmpty, "\(first)")
        #expect(sandbox.exists("out/mini", isDirectory: true))
        let files = try sandbox.entries("out/mini")
        #expect(files.sorted() == ["Mini+Includes.swift", "Mini+Models.swift", "Mini+Paths.swift", "Mini+Requests.swift", "Mini+WireFormat.swift"], "no temporary files left behind")
        #expect(first.stdout == "wrote 5 of 5 files to out/mini\n", "\(first)")

        try sandbox.backdateFiles(in: "out/mini")
        let before = try sandbox.fileStamps(in: "out/mini")
        let second = try await sandbox.resgen("generate", "schemas/mini.yml", "--output", "out/mini")
        #expect(second.exitCode == 0, "\(second)")
        #expect(second.stdout == "wrote 0 of 5 files to out/mini (5 unchanged)\n", "\(second)")
        #expect(try sandbox.fileStamps(in: "out/mini") == before, "unchanged files keep inode and mtime")
    }

    @Test func shortRelativeOutputPaths() async throws {
        // `NSString.deletingLastPathComponent` traps on bare names like "o" on Linux; resgen must not.
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "m.yml")
        let generate = try await sandbox.resgen("generate", "m.yml", "--output", "o")
        #expect(generate.exitCode == 0, "\(generate)")
        #expect(sandbox.exists("o", isDirectory: true))
        let export = try await sandbox.resgen("templates", "export", "t")
        #expect(export.exitCode == 0, "\(export)")
        #expect(sandbox.exists("t", isDirectory: true))
    }

    @Test func generateLeavesOtherFilesInTheOutputDirectoryAlone() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "mini.yml")
        try sandbox.write("// mine\n", to: "out/Handwritten.swift")
        let result = try await sandbox.resgen("generate", "mini.yml", "--output", "out", "--access", "internal")
        #expect(result.exitCode == 0, "\(result)")
        #expect(try sandbox.read("out/Handwritten.swift") == "// mine\n")
    }

    @Test func checkAfterGenerateIsUpToDate() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "mini.yml")
        #expect(try await sandbox.resgen("generate", "mini.yml", "--output", "out", "--access", "package").exitCode == 0)
        try sandbox.write("// not generated\n", to: "out/Extra.swift")
        let result = try await sandbox.resgen("check", "mini.yml", "--output", "out", "--access", "package")
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "out is up to date\n", "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
    }

    @Test func checkWritesNothing() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "mini.yml")
        let result = try await sandbox.resgen("check", "mini.yml", "--output", "out")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout.components(separatedBy: "--- /dev/null\n").count == 6, "five files missing: \(result)")
        #expect(!sandbox.exists("out"))
    }

    @Test
    func checkReportsAnEditedFileAsAUnifiedDiff() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "mini.yml")
        #expect(try await sandbox.resgen("generate", "mini.yml", "--output", "out").exitCode == 0)
        let name = try #require(try sandbox.entries("out").first)
        let original = try sandbox.read("out/\(name)")
        try sandbox.write("// edited by hand\n" + original, to: "out/\(name)")

        let result = try await sandbox.resgen("check", "mini.yml", "--output", "out")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout.hasPrefix("--- a/out/\(name)\n+++ b/out/\(name)\n@@ -1,"), "\(result)")
        #expect(result.stdout.contains("\n-// edited by hand\n"), "\(result)")
        #expect(
            result.stderr
                == "error: generated sources in out are stale; run 'resgen generate mini.yml --output out' to update\n",
            "\(result)"
        )
        #expect(try sandbox.read("out/\(name)") != original, "check must not repair files")

        let regenerate = try await sandbox.resgen("generate", "mini.yml", "--output", "out")
        #expect(regenerate.stdout.hasPrefix("wrote 1 of "), "\(regenerate)")
        #expect(try await sandbox.resgen("check", "mini.yml", "--output", "out").exitCode == 0)
    }

    @Test
    func checkReportsAMissingFileAgainstDevNull() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "mini.yml")
        #expect(try await sandbox.resgen("generate", "mini.yml", "--output", "out", "--access", "internal").exitCode == 0)
        let name = try #require(try sandbox.entries("out").last)
        try FileManager.default.removeItem(at: sandbox.url("out/\(name)"))

        let result = try await sandbox.resgen("check", "mini.yml", "--output", "out", "--access", "internal")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout.hasPrefix("--- /dev/null\n+++ b/out/\(name)\n@@ -0,0 +1"), "\(result)")
        #expect(result.stderr.contains("run 'resgen generate mini.yml --output out --access internal' to update"))
    }

    @Test
    func generateRewritesOnlyTheChangedFile() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "mini.yml")
        #expect(try await sandbox.resgen("generate", "mini.yml", "--output", "out").exitCode == 0)
        let files = try sandbox.entries("out")
        try sandbox.write("stale\n", to: "out/\(files[0])")
        try sandbox.backdateFiles(in: "out")
        let before = try sandbox.fileStamps(in: "out")

        let result = try await sandbox.resgen("generate", "mini.yml", "--output", "out")
        #expect(result.stdout == "wrote 1 of \(files.count) files to out (\(files.count - 1) unchanged)\n", "\(result)")
        let after = try sandbox.fileStamps(in: "out")
        #expect(after[files[0]] != before[files[0]])
        for name in files.dropFirst() { #expect(after[name] == before[name], "\(name)") }
    }
}

/// `generate` and `check` with `--config`, the plugins' code path.
@Suite("resgen --config")
struct ConfigOptionTests {
    @Test func generateAndCheckFromAConfig() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "T/Schema/mini.yml")
        try sandbox.write("schema: Schema\nfilePrefix: Small\naccess: package\n", to: "T/resgen-config.yaml")
        let generate = try await sandbox.resgen("generate", "--config", "T/resgen-config.yaml", "--output", "T/Generated")
        #expect(generate.exitCode == 0, "\(generate)")
        #expect(try sandbox.entries("T/Generated") == ["Small+Includes.swift", "Small+Models.swift", "Small+Paths.swift", "Small+Requests.swift", "Small+WireFormat.swift"])
        #expect(try sandbox.read("T/Generated/Small+Models.swift").contains("package struct Thing"))
        let check = try await sandbox.resgen("check", "--config", "T/resgen-config.yaml", "--output", "T/Generated")
        #expect(check.exitCode == 0, "\(check)")
        // The command line wins over the config.
        let stale = try await sandbox.resgen("check", "--config", "T/resgen-config.yaml", "--output", "T/Generated", "--access", "public")
        #expect(stale.exitCode == 1, "\(stale)")
        #expect(stale.stderr.contains("run 'resgen generate --config T/resgen-config.yaml --output T/Generated --access public'"), "\(stale)")
    }

    @Test func configErrorsNameTheConfigFileAndLine() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "T/Schema/mini.yml")
        try sandbox.write("schema: Schemas\nfilePrefix: Small\nschemaz: x\n", to: "T/resgen-config.yaml")
        let result = try await sandbox.resgen("generate", "--config", "T/resgen-config.yaml", "--output", "out")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr == """
            T/resgen-config.yaml:1:9: error: schema 'Schemas' does not exist (looked for 'T/Schemas')
            T/resgen-config.yaml:3:1: warning: unknown key 'schemaz' in 'resgen-config.yaml' is ignored; did you mean 'schema'?

            """, "\(result)")
        #expect(!sandbox.exists("out"))
    }

    @Test func missingConfigFile() async throws {
        let sandbox = try Sandbox()
        let result = try await sandbox.resgen("check", "--config", "T/resgen-config.yaml", "--output", "out")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr == "error: no such file or directory: 'T/resgen-config.yaml'\n", "\(result)")
    }

    @Test func filePrefixOptionRenamesTheFiles() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "mini.yml")
        let result = try await sandbox.resgen("generate", "mini.yml", "--output", "out", "--file-prefix", "Other")
        #expect(result.exitCode == 0, "\(result)")
        #expect(try sandbox.entries("out") == ["Other+Includes.swift", "Other+Models.swift", "Other+Paths.swift", "Other+Requests.swift", "Other+WireFormat.swift"])
        let bad = try await sandbox.resgen("generate", "mini.yml", "--output", "out", "--file-prefix", "../x")
        #expect(bad.exitCode == 64, "\(bad)")
    }
}

extension ConfigOptionTests {
    @Test func commandLineThatContradictsTheConfigIsAnError() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "T/Schema/mini.yml")
        try sandbox.write("schema: Schema\nfilePrefix: Small\n", to: "T/resgen-config.yaml")
        let agreeing = try await sandbox.resgen("generate", "T/./Schema/", "--config", "T/resgen-config.yaml", "--file-prefix", "Small", "--output", "out")
        #expect(agreeing.exitCode == 0, "\(agreeing)")
        let result = try await sandbox.resgen("generate", "T/Other", "--config", "T/resgen-config.yaml", "--file-prefix", "Big", "--output", "out2")
        #expect(result.exitCode == 1, "\(result)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result)")
        #expect(lines.first?.hasPrefix("T/resgen-config.yaml:1:9: error: 'schema' is 'Schema' here, but the command line gives 'T/Other'; if the resgen build plugin ran this") == true, "\(result)")
        #expect(lines.last?.hasPrefix("T/resgen-config.yaml:2:13: error: 'filePrefix' is 'Small' here, but the command line gives '--file-prefix Big'") == true, "\(result)")
        #expect(!sandbox.exists("out2"))
    }
}
