import Foundation
import Testing

/// Compile tests: misuse of paths must not compile, and proper use must.
///
/// Both run `swiftc -typecheck` (about a second each) with `Fixtures.swift`, the same declarations the
/// runtime tests use. All negative cases go into one file, one function each, and each must report its
/// own error inside its own function; the positive control must typecheck cleanly first, so the negative
/// cases cannot pass because the harness is broken (no compiler, no module, broken fixtures).
@Suite("Compile-time safety")
struct TypecheckTests {
    /// A snippet that must not compile, with a fragment of the error it must cause.
    struct NegativeCase: Sendable {
        var name: String
        var code: String
        var expectedError: String
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures.swift")

    // The snippets declare resources and use request builders as generated code does, so they import
    // the runtime's SPI as generated files do.
    static let positiveSnippet = """
        import Foundation
        @_spi(Generated) import ResgenRuntime

        func positiveControl() {
            let comments: ResourcePath<Comment, Op.List> = Article.show("1") / Comment.list()
            let commenters = Forum.Post.show(1) / Forum.Comment.show(2) / Forum.Commenter.list()
            let viaAddress = Forum.Post.at(1) / Forum.Comment.at(2) / Forum.Commenter.delete(3)
            let settings = Account.at(UUID()) / Setting.replace("theme")
            let root: ResourcePath<Article, Op.Delete> = Article.delete("1")
            _ = (comments.path, commenters.path, viaAddress.method, settings.path, root.path)
            _ = Article.Include.commentsWithAuthors.includeQuery
            var friend = ToOne<Person>(id: "2")
            friend.resolved = Person(id: "2", name: "B", friend: ToOne(), followers: ToMany())
            var items: [QueryItem] = []
            items.append("status", Status?.some(.draft))
        }

        /// A resource declared in the snippet that refers to itself.
        struct Node: RootResource, IsShowable {
            static let resourceType = "nodes"
            static let collectionPath = "/nodes"
            var id: Int
            var parent: ToOne<Node>
            var children: ToMany<Node>
        }
        """

    static let negativeCases: [NegativeCase] = [
        NegativeCase(
            name: "child appended to the wrong parent",
            code: #"_ = Person.show("1") / Comment.list()"#,
            expectedError: "operator function '/' requires the types 'Person' and 'Comment.Parent'"
        ),
        NegativeCase(
            name: "grandchild appended to the grandparent",
            code: "_ = Forum.Post.show(1) / Forum.Commenter.list()",
            expectedError: "requires the types 'Forum.Post' and 'Forum.Commenter.Parent'"
        ),
        NegativeCase(
            name: "unanchored child step used as a path",
            code: """
                func send(_ path: ResourcePath<Comment, Op.List>) {}
                send(Comment.list())
                """,
            expectedError: "cannot convert value of type 'ChildStep<Comment, Op.List>'"
        ),
        NegativeCase(
            name: "delete path as a parent",
            code: #"_ = Article.delete("1") / Comment.list()"#,
            expectedError: "requires that 'Op.Delete' conform to 'AddressesInstance'"
        ),
        NegativeCase(
            name: "patch path as a parent",
            code: #"_ = Article.patch("1") / Comment.list()"#,
            expectedError: "requires that 'Op.Patch' conform to 'AddressesInstance'"
        ),
        NegativeCase(
            name: "collection path as a parent",
            code: #"_ = Article.list() / Comment.list()"#,
            expectedError: "requires that 'Op.List' conform to 'AddressesInstance'"
        ),
        NegativeCase(
            name: "root capability the resource lacks",
            code: #"_ = Person.delete("1")"#,
            expectedError: "requires that 'Person' conform to 'IsDeletable'"
        ),
        NegativeCase(
            name: "child capability the resource lacks",
            code: #"_ = Article.show("1") / Comment.delete("2")"#,
            expectedError: "requires that 'Comment' conform to 'IsDeletable'"
        ),
        NegativeCase(
            name: "instance address used as a show request",
            code: #"let _: ResourcePath<Article, Op.Show> = Article.at("1")"#,
            expectedError: "'ResourcePath<Article, Op.Instance>' to type 'ResourcePath<Article, Op.Show>'"
        ),
    ]

    /// All negative cases in one file: the source and each case's line range.
    static func negativeBatch() -> (source: String, ranges: [ClosedRange<Int>]) {
        var lines = ["import Foundation", "@_spi(Generated) import ResgenRuntime"]
        var ranges: [ClosedRange<Int>] = []
        for (index, negative) in negativeCases.enumerated() {
            lines.append("")
            let first = lines.count + 1
            lines.append("func negativeCase\(index)() {")
            lines.append(contentsOf: negative.code.split(separator: "\n").map { "    " + $0 })
            lines.append("}")
            ranges.append(first...lines.count)
        }
        return (lines.joined(separator: "\n") + "\n", ranges)
    }

    static func typecheck(_ source: String) async throws -> Typecheck.Result {
        try await Typecheck.run(source, extraSources: [fixtures])
    }

    @Test("Proper use compiles; each kind of misuse fails with its own error")
    func compileTimeSafety() async throws {
        let batch = Self.negativeBatch()
        async let positiveRun = Self.typecheck(Self.positiveSnippet)
        async let negativeRun = Self.typecheck(batch.source)
        let (positive, negative) = try await (positiveRun, negativeRun)

        // The positive control is mandatory: without it the negative cases prove nothing.
        try #require(positive.status == 0, "positive control must typecheck:\n\(positive.output)")
        #expect(positive.diagnostics.filter { $0.severity != "note" }.isEmpty, "\(positive.output)")

        #expect(negative.status != 0)
        let errors = negative.errors(in: "snippet.swift")
        for (negativeCase, range) in zip(Self.negativeCases, batch.ranges) {
            let own = errors.filter { range.contains($0.line) }
            #expect(
                own.contains { $0.message.contains(negativeCase.expectedError) },
                "\(negativeCase.name): expected an error containing \"\(negativeCase.expectedError)\", got \(own)"
            )
        }
        let stray = negative.diagnostics.filter { diagnostic in
            diagnostic.severity == "error"
                && (diagnostic.file != "snippet.swift" || !batch.ranges.contains { $0.contains(diagnostic.line) })
        }
        #expect(stray.isEmpty, "errors outside the negative cases:\n\(negative.output)")
    }

    @Test("The harness parses compiler diagnostics")
    func parsesDiagnostics() {
        let diagnostic = Typecheck.parseDiagnostic("/tmp/x/snippet.swift:12:7: error: cannot convert 'a: b'")
        #expect(diagnostic?.file == "snippet.swift")
        #expect(diagnostic?.line == 12)
        #expect(diagnostic?.severity == "error")
        #expect(diagnostic?.message == "cannot convert 'a: b'")
        #expect(Typecheck.parseDiagnostic("   |  `- error: cannot convert") == nil)
    }
}
