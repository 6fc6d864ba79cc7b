import Foundation
import Testing

/// Proves that the *generated* path builders and include sets reject misuse at compile time:
/// each snippet is typechecked together with the golden sources and must fail with the expected
/// error, while a positive control using the same sources must compile cleanly.
@Suite struct GeneratedCodeTypecheckTests {
    static let generated = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Generated")

    static func goldenSources() throws -> [URL] {
        try ["Blog", "Forum"].flatMap { api in
            let directory = generated.appendingPathComponent(api)
            return try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted().map { directory.appendingPathComponent($0) }
        }
    }

    static let misuses: [(name: String, code: String, expected: String)] = [
        ("wrongParent", #"_ = Person.show("1") / Comment.list()"#, "Comment.Parent"),
        ("missingCapability", #"_ = Tag.delete("1")"#, "IsDeletable"),
        ("listNotAllowed", #"_ = Person.list()"#, "IsListable"),
        ("childWithoutParent", #"let _: ResourcePath<Comment, Op.List> = Comment.list()"#, "ChildStep"),
        ("skippedLevel", #"_ = Post.show(1) / Commenter.list()"#, "Commenter.Parent"),
        ("parentNotAnInstance", #"_ = Article.delete("1") / Comment.list()"#, "AddressesInstance"),
        ("unknownIncludeSet", #"let _: Article.Include = .everything"#, "everything"),
        ("includeOfOtherResource", #"let _: Article.Include = Comment.Include.withAuthor"#, "Comment.Include"),
        ("wrongIDType", #"_ = Post.show("1")"#, "Int"),
        ("furtherPathOperationNotGranted", #"_ = Comment.All.create()"#, "CreatableCollection"),
    ]

    @Test func goldenOutputRejectsMisuse() async throws {
        let sources = try Self.goldenSources()
        let control = """
            import Foundation
            import ResgenRuntime
            func control() {
                _ = Article.show("1") / Comment.list()
                _ = Post.show(1) / PostComment.show(2) / Commenter.list()
                let _: Article.Include = .full
                let _: ResourcePath<Comment, Op.Delete> = Comment.All.delete("2")
            }
            """
        let positive = try await Typecheck.run(control, extraSources: sources)
        try #require(positive.status == 0, "positive control must compile:\n\(positive.output)")

        var snippet = "import Foundation\nimport ResgenRuntime\n"
        for misuse in Self.misuses {
            snippet += "func \(misuse.name)() {\n    \(misuse.code)\n}\n"
        }
        let negative = try await Typecheck.run(snippet, extraSources: sources)
        #expect(negative.status != 0)
        let errors = negative.errors(in: "snippet.swift")
        for (index, misuse) in Self.misuses.enumerated() {
            // Each function is 3 lines after the 2 import lines: `func` line, body line, `}`.
            let bodyLine = 2 + index * 3 + 2
            let here = errors.filter { $0.line == bodyLine }
            #expect(!here.isEmpty, "\(misuse.name) must not compile:\n\(negative.output)")
            #expect(here.contains { $0.message.contains(misuse.expected) }, "\(misuse.name): expected an error mentioning '\(misuse.expected)', got \(here)")
        }
        #expect(errors.allSatisfy { error in (0..<Self.misuses.count).contains { 2 + $0 * 3 + 2 == error.line } }, "unexpected errors:\n\(negative.output)")
        let goldenErrors = negative.diagnostics.filter { $0.severity == "error" && $0.file != "snippet.swift" }
        #expect(goldenErrors.isEmpty, "golden sources must not produce errors: \(goldenErrors)")
    }
}
