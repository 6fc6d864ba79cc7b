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
        let result = try await sandbox.resgen("generate", "mini.yml", "--output", "out", "--resource-files", "3")
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
    @Test func changingTheCountRemovesTheFilesItNoLongerWrites() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(sixSchema, to: "six.yml")
        #expect(try await sandbox.resgen("generate", "six.yml", "--output", "out").exitCode == 0)
        #expect(try sandbox.entries("out") == generatedFileNames("Six"))

        let check = try await sandbox.resgen("check", "six.yml", "--output", "out", "--resource-files", "4")
        #expect(check.exitCode == 1, "\(check)")
        for number in 5...16 {
            let name = String(format: "Six+Resources%02d.swift", number)
            #expect(check.stdout.contains("--- a/out/\(name)\n+++ /dev/null\n"), "\(name): \(check)")
        }
        #expect(check.stderr.contains("run 'resgen generate six.yml --output out --resource-files 4' to update"), "\(check)")
        #expect(try sandbox.entries("out") == generatedFileNames("Six"), "check writes nothing")

        let four = try await sandbox.resgen("generate", "six.yml", "--output", "out", "--resource-files", "4")
        #expect(four.exitCode == 0, "\(four)")
        let removed = (5...16).map { String(format: "Six+Resources%02d.swift", $0) }.joined(separator: ", ")
        #expect(four.stdout.hasSuffix("removed 12 files an earlier resgen generated: \(removed)\n"), "\(four)")
        #expect(try sandbox.entries("out") == generatedFileNames("Six", resourceFiles: 4))
        #expect(try await sandbox.resgen("check", "six.yml", "--output", "out", "--resource-files", "4").exitCode == 0)
        let stale = try await sandbox.resgen("check", "six.yml", "--output", "out")
        #expect(stale.exitCode == 1, "16 files again: \(stale)")

        let many = try await sandbox.resgen("generate", "six.yml", "--output", "out", "--resource-files", "128")
        #expect(many.exitCode == 0, "\(many)")
        #expect(many.stdout.hasSuffix("removed 4 files an earlier resgen generated: Six+Resources01.swift, Six+Resources02.swift, Six+Resources03.swift, Six+Resources04.swift\n"), "\(many)")
        #expect(try sandbox.entries("out") == generatedFileNames("Six", resourceFiles: 128))

        let back = try await sandbox.resgen("generate", "six.yml", "--output", "out")
        #expect(back.exitCode == 0, "\(back)")
        #expect(back.stdout.contains("removed 128 files an earlier resgen generated: Six+Resources001.swift, "), "\(back)")
        #expect(try sandbox.entries("out") == generatedFileNames("Six"))
        #expect(try await sandbox.resgen("check", "six.yml", "--output", "out").exitCode == 0)
    }

    @Test func theConfigKeySetsTheCount() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(sixSchema, to: "T/Schema/six.yml")
        try sandbox.write("schema: Schema\nfilePrefix: Small\nresourceFiles: 2\n", to: "T/resgen-config.yaml")
        let generate = try await sandbox.resgen("generate", "--config", "T/resgen-config.yaml", "--output", "out")
        #expect(generate.exitCode == 0, "\(generate)")
        #expect(try sandbox.entries("out") == generatedFileNames("Small", resourceFiles: 2))
        let agreeing = try await sandbox.resgen("check", "--config", "T/resgen-config.yaml", "--output", "out", "--resource-files", "2")
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
        let arguments = target.generateArguments(output: sandbox.url("GeneratedSources"))
        let result = try await ResgenProcess.run(arguments, in: sandbox.root)
        #expect(result.exitCode == 0, "\(result)")
        #expect(try sandbox.entries("GeneratedSources") == target.config.outputFileNames.sorted())
        #expect(target.config.outputFileNames.count == 4 + target.config.resourceFiles)
    }
}
