import Foundation
import Testing

/// A schema of six resources, so that a few resource files hold something.
private let sixSchema = """
    api: {name: Six, format: jsonapi, baseURL: "https://x.test"}
    resources:
      Alpha: {type: alphas, path: /alphas, operations: [show]}
      Bravo: {type: bravos, path: /bravos, operations: [show]}
      Charlie: {type: charlies, path: /charlies, operations: [show]}
      Delta: {type: deltas, path: /deltas, operations: [show]}
      Echo: {type: echos, path: /echos, operations: [show]}
      Foxtrot: {type: foxtrots, path: /foxtrots, operations: [show]}

    """

/// `--resource-files` and the config's `resourceFiles`, through the binary.
@Suite("resgen --resource-files")
struct ResourceFilesOptionTests {
    @Test func theOptionSetsHowManyResourceFilesThereAre() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "mini.yml")
        let result = try await sandbox.resgen("generate", "mini.yml", "--output", "out", "--resource-files", "3", "--keep-empty-files")
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "wrote 7 of 7 files to out\n", "\(result)")
        #expect(try sandbox.entries("out") == generatedFileNames("Mini", resourceFiles: 3))
        let one = try await sandbox.resgen("generate", "mini.yml", "--output", "one", "--resource-files", "1")
        #expect(one.exitCode == 0, "\(one)")
        #expect(try sandbox.read("one/Mini+Resources01.swift").contains("struct Thing:"))
    }

    @Test(arguments: ["0", "257", "-1", "sixteen", "2.5"])
    func aBadCountIsAUsageError(value: String) async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "mini.yml")
        let result = try await sandbox.resgen("generate", "mini.yml", "--output", "out", "--resource-files", value)
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stderr.contains("--resource-files"), "\(result)")
        #expect(!sandbox.exists("out"))
    }

    /// Fewer files leave the higher numbers behind, and over 99 every name changes (three digits):
    /// `check` reports each file this count no longer writes as one to delete, `generate` removes it.
    /// With every file kept, as the build plugin has them, so that each count's whole set shows.
    @Test func changingTheCountRemovesTheFilesItNoLongerWrites() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(sixSchema, to: "six.yml")
        #expect(try await sandbox.resgen("generate", "six.yml", "--output", "out", "--keep-empty-files").exitCode == 0)
        #expect(try sandbox.entries("out") == generatedFileNames("Six"))

        let check = try await sandbox.resgen("check", "six.yml", "--output", "out", "--resource-files", "4", "--keep-empty-files")
        #expect(check.exitCode == 1, "\(check)")
        for number in 5...16 {
            let name = String(format: "Six+Resources%02d.swift", number)
            #expect(check.stdout.contains("--- a/out/\(name)\n+++ /dev/null\n"), "\(name): \(check)")
        }
        #expect(check.stderr.contains("run 'resgen generate six.yml --output out --resource-files 4' to update"), "\(check)")
        #expect(try sandbox.entries("out") == generatedFileNames("Six"), "check writes nothing")

        let four = try await sandbox.resgen("generate", "six.yml", "--output", "out", "--resource-files", "4", "--keep-empty-files")
        #expect(four.exitCode == 0, "\(four)")
        let removed = (5...16).map { String(format: "Six+Resources%02d.swift", $0) }.joined(separator: ", ")
        #expect(four.stdout.hasSuffix("removed 12 files an earlier resgen generated: \(removed)\n"), "\(four)")
        #expect(try sandbox.entries("out") == generatedFileNames("Six", resourceFiles: 4))
        #expect(try await sandbox.resgen("check", "six.yml", "--output", "out", "--resource-files", "4", "--keep-empty-files").exitCode == 0)
        let stale = try await sandbox.resgen("check", "six.yml", "--output", "out", "--keep-empty-files")
        #expect(stale.exitCode == 1, "16 files again: \(stale)")

        let many = try await sandbox.resgen("generate", "six.yml", "--output", "out", "--resource-files", "128", "--keep-empty-files")
        #expect(many.exitCode == 0, "\(many)")
        #expect(many.stdout.hasSuffix("removed 4 files an earlier resgen generated: Six+Resources01.swift, Six+Resources02.swift, Six+Resources03.swift, Six+Resources04.swift\n"), "\(many)")
        #expect(try sandbox.entries("out") == generatedFileNames("Six", resourceFiles: 128))

        let back = try await sandbox.resgen("generate", "six.yml", "--output", "out", "--keep-empty-files")
        #expect(back.exitCode == 0, "\(back)")
        #expect(back.stdout.contains("removed 128 files an earlier resgen generated: Six+Resources001.swift, "), "\(back)")
        #expect(try sandbox.entries("out") == generatedFileNames("Six"))
        #expect(try await sandbox.resgen("check", "six.yml", "--output", "out", "--keep-empty-files").exitCode == 0)
    }

    @Test func theConfigKeySetsTheCount() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(sixSchema, to: "T/Schema/six.yml")
        try sandbox.write("schema: Schema\nfilePrefix: Small\nresourceFiles: 2\n", to: "T/resgen-config.yaml")
        let generate = try await sandbox.resgen("generate", "--config", "T/resgen-config.yaml", "--output", "out", "--keep-empty-files")
        #expect(generate.exitCode == 0, "\(generate)")
        #expect(try sandbox.entries("out") == generatedFileNames("Small", resourceFiles: 2))
        let agreeing = try await sandbox.resgen("check", "--config", "T/resgen-config.yaml", "--output", "out", "--resource-files", "2", "--keep-empty-files")
        #expect(agreeing.exitCode == 0, "\(agreeing)")
    }

    @Test func aBadConfigValueIsAnErrorOnItsLine() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(sixSchema, to: "T/Schema/six.yml")
        try sandbox.write("schema: Schema\nfilePrefix: Small\nresourceFiles: 300\n", to: "T/resgen-config.yaml")
        let result = try await sandbox.resgen("generate", "--config", "T/resgen-config.yaml", "--output", "out")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr == "T/resgen-config.yaml:3:16: error: invalid 'resourceFiles' '300'; use an integer from 1 to 256 (the default is 16)\n", "\(result)")
        #expect(!sandbox.exists("out"))
    }

    /// The build plugin passes the count it declared its outputs for; a config that now says otherwise
    /// (SwiftPM did not re-plan) is an error, also when the key was added or removed.
    @Test func aCountThatContradictsTheConfigIsAnError() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(sixSchema, to: "T/Schema/six.yml")
        try sandbox.write("schema: Schema\nfilePrefix: Small\nresourceFiles: 2\n", to: "T/resgen-config.yaml")
        let set = try await sandbox.resgen("generate", "--config", "T/resgen-config.yaml", "--output", "out", "--resource-files", "16")
        #expect(set.exitCode == 1, "\(set)")
        #expect(set.stderr.hasPrefix("T/resgen-config.yaml:3:16: error: 'resourceFiles' is '2' here, but the command line gives '--resource-files 16'; if the resgen build plugin ran this"), "\(set)")

        try sandbox.write("schema: Schema\nfilePrefix: Small\n", to: "T/resgen-config.yaml")
        let unset = try await sandbox.resgen("generate", "--config", "T/resgen-config.yaml", "--output", "out", "--resource-files", "2")
        #expect(unset.exitCode == 1, "\(unset)")
        #expect(unset.stderr.hasPrefix("T/resgen-config.yaml:1:1: error: 'resourceFiles' is not set here (so '16', the default), but the command line gives '--resource-files 2'"), "\(unset)")
        #expect(!sandbox.exists("out"))

        let theDefault = try await sandbox.resgen("generate", "--config", "T/resgen-config.yaml", "--output", "out", "--resource-files", "16")
        #expect(theDefault.exitCode == 0, "\(theDefault)")
    }

    /// What the build plugin does, minus SwiftPM: read the config with the plugin's own reader, run resgen
    /// with the plugin's arguments, and find exactly the files the plugin declared.
    @Test(arguments: ["", "resourceFiles: 1\n", "resourceFiles: 5\n", "resourceFiles: 100\n"])
    func thePluginDeclaresTheFilesResgenWrites(line: String) async throws {
        let sandbox = try Sandbox()
        try sandbox.write(sixSchema, to: "T/Schema/six.yml")
        try sandbox.write("schema: Schema\nfilePrefix: Six\n" + line, to: "T/resgen-config.yaml")
        let target = try #require(try ResgenTarget.find(name: "T", directory: sandbox.url("T")))
        let arguments = target.generateArguments(output: sandbox.url("GeneratedSources"), keepEmptyFiles: true)
        let result = try await ResgenProcess.run(arguments, in: sandbox.root)
        #expect(result.exitCode == 0, "\(result)")
        #expect(try sandbox.entries("GeneratedSources") == target.config.outputFileNames.sorted())
        #expect(target.config.outputFileNames.count == 4 + target.config.resourceFiles)
    }
}

/// Checked-in sources hold only files with code: `generate` and `check` without `--keep-empty-files`
/// (the command plugin's way) leave out a resource file no resource falls in, and the include, path and
/// request files of an API without any; the build plugin keeps its declared set.
@Suite("resgen generate: files that hold no code")
struct EmptyFilesTests {
    @Test func emptyFilesWrittenBeforeAreRemovedAndCheckReportsThem() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(sixSchema, to: "six.yml")
        let kept = try await sandbox.resgen("generate", "six.yml", "--output", "out", "--keep-empty-files")
        #expect(kept.exitCode == 0, "\(kept)")
        let every = try sandbox.entries("out")
        #expect(every == generatedFileNames("Six"))
        let empty = try every.filter { name in
            let text = try sandbox.read("out/\(name)")
            return !["struct ", "enum ", "extension ", "func "].contains { text.contains($0) }
        }
        #expect(!empty.isEmpty, "six resources leave some of the 16 resource files empty")

        // The repository written by an older resgen (or by the build plugin's arguments) is stale: each
        // empty file is one to delete, and nothing else differs.
        let check = try await sandbox.resgen("check", "six.yml", "--output", "out")
        #expect(check.exitCode == 1, "\(check)")
        for name in empty { #expect(check.stdout.contains("--- a/out/\(name)\n+++ /dev/null\n"), "\(name): \(check)") }
        #expect(!check.stdout.contains("+++ b/"), "no file with code differs: \(check)")

        let generate = try await sandbox.resgen("generate", "six.yml", "--output", "out")
        #expect(generate.exitCode == 0, "\(generate)")
        #expect(generate.stdout.contains("removed \(empty.count) files an earlier resgen generated: \(empty.joined(separator: ", "))\n"), "\(generate)")
        #expect(try sandbox.entries("out") == every.filter { !empty.contains($0) })
        #expect(generate.stdout.hasPrefix("wrote 0 of \(every.count - empty.count) files to out"), "the files with code are unchanged: \(generate)")
        #expect(try await sandbox.resgen("check", "six.yml", "--output", "out").exitCode == 0)

        // And a build plugin's folder, checked with its own arguments, is up to date with its empty files.
        let keptAgain = try await sandbox.resgen("generate", "six.yml", "--output", "plugin", "--keep-empty-files")
        #expect(keptAgain.exitCode == 0, "\(keptAgain)")
        #expect(try await sandbox.resgen("check", "six.yml", "--output", "plugin", "--keep-empty-files").exitCode == 0)
    }

    @Test func aResourceThatLandsInAnEmptyFileCreatesIt() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "mini.yml")
        #expect(try await sandbox.resgen("generate", "mini.yml", "--output", "out").exitCode == 0)
        let before = try sandbox.entries("out")
        try sandbox.write(sixSchema.replacingOccurrences(of: "name: Six", with: "name: Mini"), to: "mini.yml")
        let more = try await sandbox.resgen("generate", "mini.yml", "--output", "out")
        #expect(more.exitCode == 0, "\(more)")
        let after = try sandbox.entries("out")
        #expect(after.count > before.count, "\(before) → \(after)")
        for name in after { #expect(try sandbox.read("out/\(name)").contains("struct ") || sandbox.read("out/\(name)").contains("extension "), "\(name)") }
    }

    /// The command plugin passes no `--keep-empty-files`, the build plugin does.
    @Test func theCommandPluginWritesOnlyFilesWithCode() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(sixSchema, to: "T/Schema/six.yml")
        try sandbox.write("schema: Schema\nfilePrefix: Six\n", to: "T/resgen-config.yaml")
        let target = try #require(try ResgenTarget.find(name: "T", directory: sandbox.url("T")))
        let command = target.generateArguments(output: sandbox.url("T/Generated"), keepEmptyFiles: false)
        #expect(!command.contains("--keep-empty-files"))
        let result = try await ResgenProcess.run(command, in: sandbox.root)
        #expect(result.exitCode == 0, "\(result)")
        let written = try sandbox.entries("T/Generated")
        #expect(Set(written).isStrictSubset(of: Set(target.config.outputFileNames)))
        #expect(written.contains("Six+Models.swift"))
        #expect(target.generateArguments(output: sandbox.url("G"), keepEmptyFiles: true).contains("--keep-empty-files"))
    }
}
