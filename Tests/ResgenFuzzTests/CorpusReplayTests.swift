import Foundation
import ResgenCore
import Testing

@testable import ResgenFuzzing

/// Every committed fuzz input, replayed through its target's harness as `resgen-fuzz` runs it under
/// libFuzzer, without the clock (``FuzzOptions/replay``): the seed corpora (`Fuzz/Corpus/<target>/`),
/// the inputs that once found a defect (`Fuzz/Crashes/<target>/`), which must pass from then on, and the
/// reproducers of defects still open in another area (`Fuzz/Open/<target>/`), which are known issues
/// until fixed (then the file moves to `Crashes/`).
@Suite struct CorpusReplayTests {
    /// The repository's `Fuzz/` folder.
    static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz")

    static func inputs(_ folder: String, _ target: String) -> [URL] {
        let directory = fuzz.appendingPathComponent(folder).appendingPathComponent(target)
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        return files.filter { !$0.lastPathComponent.hasPrefix(".") && $0.pathExtension != "md" }.sorted { $0.path < $1.path }
    }

    static let targets = FuzzTarget.all.map(\.name)

    @Test(arguments: targets)
    func everyTargetHasASeedCorpus(_ name: String) {
        #expect(Self.inputs("Corpus", name).count >= 3, "Fuzz/Corpus/\(name) needs seeds")
    }

    @Test(arguments: targets)
    func theCorpusPasses(_ name: String) async throws {
        try await replay(name, Self.inputs("Corpus", name))
    }

    @Test(arguments: targets)
    func fixedCrashesStayFixed(_ name: String) async throws {
        try await replay(name, Self.inputs("Crashes", name))
    }

    @Test(arguments: targets)
    func openFindingsAreKnownIssues(_ name: String) async throws {
        for file in Self.inputs("Open", name) {
            let target = try #require(FuzzTarget.named(name))
            let input = try Data(contentsOf: file)
            let outcome = await DedicatedThread.run { Self.outcome(target, input) }
            withKnownIssue("open: \(file.lastPathComponent)", isIntermittent: true) {
                try outcome.get()
            }
        }
    }

    /// The pipeline harness's typecheck works: the replay samples only some inputs, so one is forced here.
    /// Both compiler runs wait on a ``DedicatedThread``, not on a cooperative thread, in one of the
    /// ``ProcessSlots``.
    @Test func theGeneratedCodeOfASeedTypechecks() async throws {
        let target = try #require(FuzzTarget.named("pipeline"))
        let schema = try Data(contentsOf: Self.fuzz.appendingPathComponent("Corpus/pipeline/contacts.yml"))
        let outcome = await ProcessSlots.shared.withSlot {
            await DedicatedThread.run { Self.outcome(target, schema, FuzzOptions(timeLimit: nil, typecheck: .sampled(oneIn: 1))) }
        }
        #expect(throws: Never.self) { try outcome.get() }
        let broken = GeneratedFile(name: "Broken.swift", contents: "import ResgenRuntime\nlet x: ToOne<Int> = 1\n")
        let errors = try await ProcessSlots.shared.withSlot {
            try await DedicatedThread.run { try Typechecker.errors(in: [broken]) }
        }
        #expect(errors?.contains("error:") == true)
    }

    func replay(_ name: String, _ files: [URL]) async throws {
        let target = try #require(FuzzTarget.named(name))
        for file in files {
            let input = try Data(contentsOf: file)
            let outcome = await DedicatedThread.run { Self.outcome(target, input) }
            #expect(throws: Never.self, "\(file.lastPathComponent)") { try outcome.get() }
        }
    }

    /// What `target` says of `input` under `options` (the replay options unless said otherwise).
    ///
    /// Replays run it on a ``DedicatedThread``: a harness may block its thread until async work it
    /// started is done (`haltraversal`), or wait for the compiler (`pipeline`), which on one of the few
    /// threads of Swift's cooperative pool could starve that work, with other tests blocking the rest.
    static func outcome(_ target: FuzzTarget, _ input: Data, _ options: FuzzOptions = .replay) -> Result<Void, Finding> {
        do throws(Finding) {
            try target.run(input, options)
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}
