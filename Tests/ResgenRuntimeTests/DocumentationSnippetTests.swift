import Foundation
import Testing

/// The Testing and Caching and large bodies articles' Swift snippets, typechecked against the `ResgenRuntime` and `ResgenTesting`
/// modules this bundle was built with and the generated Forum client they use, so the article cannot
/// drift from the API.
///
/// A snippet that starts with `import` is a whole file; any other is a run of statements and is
/// typechecked inside an async throwing function given a `mock` and a `client`, as in the article's
/// set-up. A `Package.swift` excerpt is not Swift on its own and is skipped. (The Transports article's
/// snippets import AsyncHTTPClient, whose NIO C modules a bare `swiftc` run cannot find; they were
/// typechecked by hand.)
@Suite struct DocumentationSnippetTests {
    /// The generated Forum client (`Schemas/forum`) the article's examples call.
    static let forumSources: [URL] = {
        let directory = DocumentationCatalogTests.packageRoot()
            .appendingPathComponent("Tests/ResgenReferenceTests/Resources/ReferenceSources/forum")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { directory.appendingPathComponent($0) }
    }()

    /// The bodies of the ```` ```swift ```` blocks in `markdown`, in order.
    static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil {
                if line == "```swift" { current = [] }
            } else if line == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current!.append(line)
            }
        }
        return blocks
    }

    /// `block` as a source file on its own, or nil for a `Package.swift` excerpt. With
    /// `declarations`, a block of top-level declarations (a `func`, an attribute) is a file importing
    /// `ResgenStore` too.
    static func sourceFile(_ block: String, number: Int, declarations: Bool = false) -> String? {
        let trimmed = block.drop { $0.isWhitespace }
        if trimmed.hasPrefix("// Package.swift") { return nil }
        if trimmed.hasPrefix("import ") { return block }
        if declarations && (trimmed.hasPrefix("func ") || trimmed.hasPrefix("@")) {
            return "import Foundation\nimport ResgenRuntime\nimport ResgenStore\n\n" + block
        }
        return """
            import Foundation
            import HTTPTypes
            import ResgenRuntime
            import ResgenTesting
            import Testing

            func snippet\(number)(mock: MockTransport, client: Client) async throws {
            \(block)}

            """
    }

    /// Typechecks each snippet of `markdown` as its own file, in one compiler run with the Forum client.
    static func typecheck(_ markdown: String, declarations: Bool = false) async throws -> (files: Int, result: Typecheck.Result) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-snippets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [URL] = []
        for (number, block) in swiftBlocks(in: markdown).enumerated() {
            guard let source = sourceFile(block, number: number, declarations: declarations) else { continue }
            let file = directory.appendingPathComponent("block\(number).swift")
            try source.write(to: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        // ResgenStore's module needs GRDB's SQLite module map, which SwiftPM keeps with its checkout.
        let sqlite = DocumentationCatalogTests.packageRoot().appendingPathComponent(".build/checkouts/GRDB.swift/Sources/GRDBSQLite")
        let arguments = declarations ? ["-I", sqlite.path] : []
        return (files.count, try await Typecheck.run("", extraSources: files + forumSources, extraArguments: arguments))
    }

    @Test func testingArticleSnippetsTypecheck() async throws {
        #expect(Self.forumSources.contains { $0.lastPathComponent == "Forum+Models.swift" }, "the Forum golden sources are missing")
        let article = try DocumentationCatalogTests.read(DocumentationCatalogTests.catalog().appendingPathComponent("Testing.md"))
        let (files, result) = try await Self.typecheck(article)
        #expect(files >= 5, "the Testing article lost its snippets")
        #expect(result.status == 0, "Testing.md's snippets do not typecheck:\n\(result.output)")
    }

    @Test func cachingAndLargeBodiesArticleSnippetsTypecheck() async throws {
        let article = try DocumentationCatalogTests.read(
            DocumentationCatalogTests.catalog().appendingPathComponent("CachingAndLargeBodies.md"))
        let (files, result) = try await Self.typecheck(article)
        #expect(files >= 6, "the Caching and large bodies article lost its snippets")
        #expect(result.status == 0, "CachingAndLargeBodies.md's snippets do not typecheck:\n\(result.output)")
    }

    /// The Store article's snippets (ResgenStore's catalog), each a file of declarations on the Forum
    /// client.
    @Test func storeArticleSnippetsTypecheck() async throws {
        let article = try DocumentationCatalogTests.read(
            DocumentationCatalogTests.packageRoot().appendingPathComponent("Sources/ResgenStore/ResgenStore.docc/Store.md"))
        let (files, result) = try await Self.typecheck(article, declarations: true)
        #expect(files >= 7, "the Store article lost its snippets")
        #expect(result.status == 0, "Store.md's snippets do not typecheck:\n\(result.output)")
    }

    @Test func aSnippetCallingWhatDoesNotExistFails() async throws {
        let markdown = "Text.\n\n```swift\nmock.on(Post.show(1), .resource(Post(id: 1, title: \"A\"), delay: 1))\n```\n"
        let (files, result) = try await Self.typecheck(markdown)
        #expect(files == 1)
        #expect(result.status != 0)
        #expect(!result.errors(in: "block0.swift").isEmpty, "\(result.output)")
    }

    @Test func blocksAreFoundAndManifestsSkipped() {
        let markdown = "# T\n\n```swift\n// Package.swift\n.product(name: \"X\")\n```\n\n```\nplain\n```\n\n```swift\nimport A\nlet a = 1\n```\n"
        let blocks = Self.swiftBlocks(in: markdown)
        #expect(blocks == ["// Package.swift\n.product(name: \"X\")\n", "import A\nlet a = 1\n"])
        #expect(Self.sourceFile(blocks[0], number: 0) == nil)
        #expect(Self.sourceFile(blocks[1], number: 1) == blocks[1])
    }
}
