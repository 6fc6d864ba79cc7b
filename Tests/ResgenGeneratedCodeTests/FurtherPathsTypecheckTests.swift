import Foundation
import Testing

/// The builders generated for a resource's further paths (`paths:`, issue 25 item 15) keep the typed
/// paths' promise: a wrong parent, an operation the path does not grant, or a step used as a path does
/// not compile, while the same calls on the right parent and granted operations do. Typechecked with
/// the Press golden sources (`Schemas/press`: `Comment.ByAuthor` lists and creates below a `Person`,
/// `Article.ByAuthor` only lists).
@Suite struct FurtherPathsTypecheckTests {
    static let press = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ResgenReferenceTests/Resources/ReferenceSources/press")

    static func pressSources() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: press.path).filter { $0.hasSuffix(".swift") }.sorted().map { press.appendingPathComponent($0) }
    }

    static let misuses: [(name: String, code: String, expected: String)] = [
        ("wrongParent", #"_ = Article.show(1) / Comment.ByAuthor.list()"#, "Parent"),
        ("operationNotGranted", #"_ = Person.show(1) / Article.ByAuthor.create()"#, "CreatableCollection"),
        ("stepIsNoPath", #"let _: ResourcePath<Comment, Op.List> = Comment.ByAuthor.list()"#, "CollectionStep"),
        ("parentNotAnInstance", #"_ = Person.delete(1) / Comment.ByAuthor.list()"#, "AddressesInstance"),
        ("showNotGranted", #"_ = Person.show(1) / Comment.ByAuthor.show(2)"#, "ShowableCollection"),
    ]

    @Test func furtherPathsRejectMisuse() async throws {
        let sources = try Self.pressSources()
        let control = """
            import Foundation
            import ResgenRuntime
            func control() {
                let _: ResourcePath<Comment, Op.List> = Person.show(1) / Comment.ByAuthor.list()
                let _: ResourcePath<Comment, Op.Create> = Person.at(1) / Comment.ByAuthor.create()
                let _: ResourcePath<Article, Op.List> = Person.show(1) / Article.ByAuthor.list()
                let _: ResourcePath<Comment, Op.List> = Comment.list()
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
            let bodyLine = 2 + index * 3 + 2
            let here = errors.filter { $0.line == bodyLine }
            #expect(!here.isEmpty, "\(misuse.name) must not compile:\n\(negative.output)")
            #expect(here.contains { $0.message.contains(misuse.expected) }, "\(misuse.name): expected an error mentioning '\(misuse.expected)', got \(here)")
        }
    }
}
