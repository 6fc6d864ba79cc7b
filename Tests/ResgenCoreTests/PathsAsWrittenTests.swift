import Foundation
import ResgenCore
import Testing

/// Issue 13, item 4: a resource's `path` is used exactly as the schema writes it. `/books/` stays
/// `/books/` (it used to be trimmed to `/books`, so every call took a 307 to the slashed URL), its
/// instances are `/books/{id}/`, and a child may be written `reviews/`. Only ambiguous spellings warn.
@Suite struct PathsAsWrittenTests {
    static let api = "api: { name: S, format: hal }\n"

    static let library = api + """
        resources:
          Book:
            path: /books/
            operations: [list, show]
            attributes: { title: String }
          Review:
            parent: Book
            path: reviews/
            operations: [list, show, create]
            attributes: { body: String }
          Note:
            path: /notes
            operations: [list, show]
            attributes: { body: String }
        requests:
          SearchBooks:
            method: GET
            path: /books/search/{term}/
            response: "[Book]"
        """

    func file(_ name: String, of schema: String) throws -> String {
        let collector = CollectingDiagnosticCollector()
        let files = try GeneratedCode.generate(schema, diagnostics: collector)
        #expect(collector.diagnostics.isEmpty, "\(collector.sorted)")
        return try files.text(of: name)
    }

    @Test func collectionAndChildPathsKeepTheirTrailingSlash() throws {
        let paths = try file("Paths", of: Self.library)
        #expect(paths.contains(#"static var collectionPath: String { "/books/" }"#))
        #expect(paths.contains(#"static var pathSegment: String { "reviews/" }"#))
        #expect(paths.contains(#"static var collectionPath: String { "/notes" }"#))
    }

    @Test func requestPathsKeepTheirTrailingSlash() throws {
        let requests = try file("Requests", of: Self.library)
        #expect(requests.contains(#"[.literal("/books/search/"), .value(self.term.parameterValue), .literal("/")]"#))
    }

    /// The generated paths and steps compile against the runtime (the URLs they build: `TrailingSlashPathTests`).
    @Test func generatedSlashedPathsCompile() async throws {
        let files = try GeneratedCode.generate(Self.library)
        let snippet = """
            import ResgenRuntime
            let paths: [String] = [
                Book.list().path, Book.show("1").path, (Book.show("1") / Review.list()).path,
                (Book.at("1") / Review.show("2")).path, Note.show("3").path,
            ]
            """
        let result = try await GeneratedCode.compile(files, snippet: snippet)
        #expect(result.status == 0, "\(result.output.prefix(3000))")
    }

    @Test func ambiguousSpellingsWarnAndAreKeptAsWritten() {
        let schema = Self.api + """
            resources:
              Book:
                path: /books/
                operations: [show]
                attributes: { title: String }
              Review:
                parent: Book
                path: reviews
                operations: [list]
                attributes: { body: String }
              Shelf:
                path: /shelves//
                operations: [list]
                attributes: { name: String }
              Home:
                path: /
                operations: [show]
                attributes: { name: String }
              Label:
                parent: Home
                path: labels/
                operations: [list]
                attributes: { name: String }
            """
        #expect(diagnostics(of: schema) == [
            "schema.yml:9:11: warning: the path 'reviews' of child resource 'Review' does not end in '/', but the path '/books/' of its parent 'Book' does; requests use each as written",
            "schema.yml:13:11: warning: the path of resource 'Shelf' ends in more than one '/'; requests use '/shelves//' as written",
            "schema.yml:17:11: warning: resource 'Home' is the server root '/'; its instance paths are '/{id}', without a trailing '/'",
        ])
    }

    @Test func aChildPathIsStillOneSegment() {
        let schema = Self.api + """
            resources:
              Book:
                path: /books/
                operations: [show]
                attributes: { title: String }
              Review:
                parent: Book
                path: reviews//
                operations: [list]
                attributes: { body: String }
            """
        #expect(diagnostics(of: schema) == [
            "schema.yml:9:11: error: the path of child resource 'Review' is one segment under its parent (e.g. 'comments'), found 'reviews//'",
        ])
    }
}
