import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Nothing `resgen` prints drives a terminal: control characters in a schema (keys, values, file
/// names), in a file on disk or in what a server sent are printed as `\u{1B}` (`\u001B` in JSON), so a
/// problem `title` of `ESC ]0;… BEL ESC [2J` neither sets the window title nor clears the screen.
@Suite("resgen output escapes control characters")
struct TerminalEscapeTests {
    /// Sets the window title, rings the bell, clears the screen; CR and C1 CSI (U+009B) too.
    static let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J\r\u{9B}2J"

    /// The control characters in `text` that a terminal acts on (all C0 but tab and newline, DEL, C1).
    static func controlCharacters(in text: String) -> [String] {
        text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value) }
            .map { String(format: "U+%04X", $0.value) }
    }

    static func expectNoControlCharacters(_ result: CommandResult, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(controlCharacters(in: result.stdout).isEmpty, "stdout: \(result)", sourceLocation: sourceLocation)
        #expect(controlCharacters(in: result.stderr).isEmpty, "stderr: \(result)", sourceLocation: sourceLocation)
    }

    // MARK: Schemas

    @Test func schemaKeysAndValuesWithEscapesArePrintedEscaped() async throws {
        let sandbox = try Sandbox()
        // YAML's own escapes: \e is ESC, \a BEL, \r CR, \x9b the C1 CSI.
        let spelled = #"\e]0;pwned\a\e[2J\r\x9b2J"#
        try sandbox.write(
            """
            api: {name: Mini, format: jsonapi, baseURL: "https://x.test", "\(spelled)": 1}
            resources: {Thing: {type: things, path: /things, operations: [show], attributes: {"na\(spelled)me": "Str\(spelled)ing"}}}

            """, to: "yaml.yml")
        let json = #"\u001b]0;pwned\u0007\u001b[2J\r\u009b2J"#
        try sandbox.write(
            #"{"api": {"name": "Mini", "format": "jsonapi", "baseURL": "https://x.test"}, "#
                + #""resources": {"Thing": {"type": "things", "path": "/things", "operations": ["show"], "attributes": {"t\#(json)": "\#(json)"}}}}"#,
            to: "json.json")
        // libyaml refuses control characters in the text itself; its error must not print them either.
        try sandbox.write("api: {name: \"Mini\(Self.hostile)\"}\n", to: "raw.yml")
        // A file name is printed in every diagnostic's location.
        try sandbox.write("api: {name: [\n", to: "names/evil\(Self.hostile).yml")
        for schema in ["yaml.yml", "json.json", "raw.yml", "names"] {
            let result = try await sandbox.resgen("validate", schema)
            #expect(result.exitCode == 1, "\(result)")
            Self.expectNoControlCharacters(result)
        }
        let result = try await sandbox.resgen("validate", "yaml.yml")
        #expect(result.stderr.contains(#"\u{1B}]0;pwned\u{07}\u{1B}[2J\u{0D}\u{9B}2J"#), "the characters are shown, escaped: \(result)")
        let names = try await sandbox.resgen("validate", "names")
        #expect(names.stderr.hasPrefix(#"names/evil\u{1B}]0;pwned\u{07}\u{1B}[2J\u{0D}\u{9B}2J.yml:2:1: error: "#), "\(names)")
    }

    @Test func dumpContextStaysJSONWithC1AndDELEscaped() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(
            """
            api: {name: Mini, format: jsonapi, baseURL: "https://x.test"}
            resources: {Thing: {type: things, path: /things, operations: [show], attributes: {"na\\x9b\\x7fme": {type: String, key: "k\\x9b\\e"}}}}

            """, to: "mini.yml")
        let result = try await sandbox.resgen("dump-context", "mini.yml")
        #expect(result.exitCode == 0, "\(result)")
        Self.expectNoControlCharacters(result)
        #expect(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) is [String: Any], "still JSON: \(result)")
    }

    @Test func checkPrintsADiffOfAFileWithControlCharactersEscaped() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(miniSchema, to: "mini.yml")
        #expect(try await sandbox.resgen("generate", "mini.yml", "--output", "out").exitCode == 0)
        let file = try #require(try sandbox.entries("out").first)
        try sandbox.write(try sandbox.read("out/\(file)") + "// \(Self.hostile)\n", to: "out/\(file)")
        let result = try await sandbox.resgen("check", "mini.yml", "--output", "out")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stdout.contains(#"-// \u{1B}]0;pwned"#), "\(result)")
        Self.expectNoControlCharacters(result)
    }

    // MARK: resgen infer

    /// `Tests/Servers/scripted_server.py`, answering `routes` (path → status, headers, body).
    func scriptedServer(_ routes: [String: [String: Any]]) async throws -> ServerProcess {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Servers/scripted_server.py")
        let server = try await ServerProcess.start(python: URL(fileURLWithPath: "/usr/bin/python3"), script: script, name: "the scripted server")
        var request = URLRequest(url: server.url("/_routes"))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: routes)
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 204)
        return server
    }

    @Test func inferPrintsWhatTheServerWroteEscaped() async throws {
        let title = #"\u001b]0;pwned\u0007\u001b[2J"#
        let server = try await scriptedServer([
            "/problem": [
                "status": 422, "headers": ["Content-Type": "application/problem+json"],
                "body": #"{"title": "\#(title)", "detail": "x\r\nerror: fake\u009b2J"}"#,
            ],
            "/things": ["status": 200, "headers": ["Content-Type": "application/json\u{1B}[2J"], "body": #"{"things": [1]}"#],
            "/articles": [
                "status": 200, "headers": ["Content-Type": "application/vnd.api+json"],
                "body": #"{"data": [{"type": "art\#(title)", "id": "1", "attributes": {"ti\#(title)tle": "\#(title)"}, "#
                    + #""links": {"self": "/articles/1"}}], "links": {"next": "/problem?\#(title)"}}"#,
            ],
        ])
        let sandbox = try Sandbox()
        for path in ["/problem", "/things", "/articles"] {
            let result = try await sandbox.resgen("infer", server.url(path).absoluteString, "--name", "Blog", "--output", "blog.yml")
            Self.expectNoControlCharacters(result)
            if path != "/articles" { #expect(result.exitCode == 1, "\(result)") }
            if path == "/problem" { #expect(result.stderr.contains(#"\u{1B}]0;pwned\u{07}\u{1B}[2J"#), "\(result)") }
        }
        if sandbox.exists("blog.yml") { #expect(Self.controlCharacters(in: try sandbox.read("blog.yml")).isEmpty) }
    }
}
