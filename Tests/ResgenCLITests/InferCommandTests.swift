import Foundation
import Testing

/// `resgen infer` as a user runs it, against files served from a sandbox (`Tests/Servers/static_server.py`):
/// what it writes, and its errors for each kind of bad input. The inference rules themselves are
/// the goldens of `InferenceReferenceTests`.
@Suite("resgen infer")
struct InferCommandTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Servers/static_server.py")

    /// Serves `sandbox`'s `site/` folder.
    func serve(_ sandbox: Sandbox) async throws -> ServerProcess {
        try await ServerProcess.start(
            python: URL(fileURLWithPath: "/usr/bin/python3"), script: Self.script, arguments: [sandbox.url("site").path],
            name: "the static server")
    }

    static let articles = #"""
        {"data": [{"type": "articles", "id": "1", "attributes": {"title": "Hi", "published-at": "2026-01-02T09:00:00Z"},
          "relationships": {"author": {"data": {"type": "people", "id": "7"}}}}],
         "included": [{"type": "people", "id": "7", "attributes": {"name": "Ada"}}]}
        """#

    @Test func writesADraftThatValidates() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(Self.articles, to: "site/articles.json")
        let server = try await serve(sandbox)
        let result = try await sandbox.resgen("infer", server.url("/articles.json").absoluteString, "--name", "Blog", "--output", "blog.yml")
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.isEmpty, "progress goes to stderr: \(result)")
        #expect(result.stderr.contains("fetched \(server.url("/articles.json").absoluteString)"), "\(result)")
        let draft = try sandbox.read("blog.yml")
        #expect(draft.contains("publishedAt: { type: Date, key: published-at }"), "\(draft)")
        #expect(draft.contains("author: { toOne: Person }"), "\(draft)")
        let validation = try await sandbox.resgen("validate", "blog.yml")
        #expect(validation.exitCode == 0, "\(validation)")
    }

    /// A URL given (or found) may be signed: progress and errors show it as the runtime's errors do,
    /// without userinfo, fragment or the value of a parameter such as `api_key`.
    @Test func progressAndErrorsShowNoURLSecret() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(Self.articles, to: "site/articles.json")
        let server = try await serve(sandbox)
        let port = server.baseURL.port!
        let result = try await sandbox.resgen(
            "infer", "http://bob:K-1@127.0.0.1:\(port)/articles.json?api_key=K-2#access_token=K-3",
            "http://127.0.0.1:\(port)/missing.json?X-Amz-Signature=K-4", "--name", "Blog", "--output", "blog.yml")
        #expect(result.stderr.contains("fetched http://127.0.0.1:\(port)/articles.json?api_key=<redacted>"), "\(result)")
        for secret in ["K-1", "K-2", "K-3", "K-4"] { #expect(!result.stderr.contains(secret) && !result.stdout.contains(secret), "\(result)") }
    }

    @Test func aBodyThatIsNotJSONIsAnError() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("<html>hello</html>", to: "site/page.html")
        let server = try await serve(sandbox)
        let result = try await sandbox.resgen("infer", server.url("/page.html").absoluteString, "--name", "Blog", "--output", "blog.yml")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("error: the response of \(server.url("/page.html").absoluteString) is not JSON"), "\(result)")
        #expect(!sandbox.exists("blog.yml"))
    }

    @Test func aDocumentThatIsNeitherFormatIsAnError() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(#"{"things": [1, 2]}"#, to: "site/things.json")
        let server = try await serve(sandbox)
        let result = try await sandbox.resgen("infer", server.url("/things.json").absoluteString, "--name", "Blog", "--output", "blog.yml")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("is neither HAL"), "\(result)")
    }

    @Test func anHTTPErrorNamesTheStatus() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("{}", to: "site/other.json")
        let server = try await serve(sandbox)
        let result = try await sandbox.resgen("infer", server.url("/missing.json").absoluteString, "--name", "Blog", "--output", "blog.yml")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("404"), "\(result)")
    }

    @Test func anUnreachableServerIsAnError() async throws {
        let sandbox = try Sandbox()
        // Port 9 (discard) on loopback: nothing listens there on a test machine.
        let result = try await sandbox.resgen("infer", "http://127.0.0.1:9/articles", "--name", "Blog", "--output", "blog.yml")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("cannot reach the server"), "\(result)")
    }

    @Test(arguments: [
        ["infer", "ftp://example.com/a", "--name", "Blog", "--output", "o.yml"],
        ["infer", "articles", "--name", "Blog", "--output", "o.yml"],
        ["infer", "http://127.0.0.1:9/a", "--name", "my api", "--output", "o.yml"],
        ["infer", "http://127.0.0.1:9/a", "--name", "Blog", "--output", "o.yml", "--header", "no colon"],
        ["infer", "http://127.0.0.1:9/a", "http://127.0.0.1:9/b", "--name", "Blog", "--output", "o.yml", "--max-requests", "1"],
    ])
    func usageErrorsExitWith64(_ arguments: [String]) async throws {
        let sandbox = try Sandbox()
        let result = try await ResgenProcess.run(arguments, in: sandbox.root)
        #expect(result.exitCode == 64, "\(result)")
    }
}
