import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `resgen import-openapi` as a user runs it: a file or a URL in, a draft and warnings out, and its
/// errors. The mapping rules themselves are the goldens of `OpenAPIImportReferenceTests`.
@Suite("resgen import-openapi")
struct ImportOpenAPICommandTests {
    static let servers = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Servers")

    static let document = """
        openapi: 3.1.0
        info: { title: Notes, version: "1" }
        paths:
          /notes:
            get:
              responses:
                "200":
                  description: Notes
                  content:
                    application/vnd.api+json:
                      schema:
                        type: object
                        properties:
                          data:
                            type: array
                            items:
                              type: object
                              properties:
                                type: { type: string, enum: [notes] }
                                id: { type: string }
                                attributes:
                                  type: object
                                  required: [text]
                                  properties:
                                    text: { type: string }
                                    shape: { oneOf: [{ type: string }, { type: integer }] }
        """

    @Test func helpDocumentsTheMapping() async throws {
        let result = try await Sandbox().resgen("import-openapi", "--help")
        #expect(result.exitCode == 0, "\(result)")
        for phrase in ["--name", "--output", "--header", "--max-response-bytes", "application/vnd.api+json", "JSON pointer", "fields[type]"] {
            #expect(result.stdout.contains(phrase), "\(phrase) missing from --help: \(result)")
        }
    }

    @Test func aFileBecomesADraftThatValidatesWithWarningsNamingPointers() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(Self.document, to: "openapi.yaml")
        let result = try await sandbox.resgen("import-openapi", "openapi.yaml", "--name", "Notes", "--output", "notes.yml")
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(
            result.stderr.contains("warning: #/paths/~1notes/get/responses/200/content/application~1vnd.api+json/schema/properties/data/items/properties/attributes/properties/shape: oneOf without a discriminator"),
            "\(result)")
        #expect(result.stderr.contains("wrote notes.yml (JSON:API: 1 resources (1 attributes"), "\(result)")
        let draft = try sandbox.read("notes.yml")
        #expect(draft.contains("text: String"), "\(draft)")
        #expect(draft.contains("# shape: key \"shape\" — oneOf without a discriminator"), "\(draft)")
        let validation = try await sandbox.resgen("validate", "notes.yml")
        #expect(validation.exitCode == 0, "\(validation)")
    }

    @Test func aDocumentOpenAPIKitRefusesNamesThePointer() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(
            #"{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {}, "components": {"schemas": {"A": {"type": "string", "readOnly": true, "writeOnly": true}}}}"#,
            to: "openapi.json")
        let result = try await sandbox.resgen("import-openapi", "openapi.json", "--name", "Notes", "--output", "notes.yml")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("error: openapi.json is not an OpenAPI document resgen can read, at '#/components/schemas/A'"), "\(result)")
        #expect(!sandbox.exists("notes.yml"))
    }

    /// Issue 46, finding 8: a document nested 230 schemas deep (464 levels of objects) crashed the command
    /// (a stack overflow in the decoder, exit 139). Now the screen before decoding refuses it, naming where.
    @Test func aDocumentNestedTooDeepIsAnErrorNotACrash() async throws {
        var text = #"{"openapi":"3.1.0","info":{"title":"Deep","version":"1"},"paths":{},"components":{"schemas":{"S0":"#
        for _ in 0..<230 { text += #"{"type":"object","properties":{"a":{"type":"string"},"p":"# }
        text += #"{"type":"string"}"# + String(repeating: "}}", count: 230) + "}}}"
        let sandbox = try Sandbox()
        try sandbox.write(text, to: "deep.json")
        let result = try await sandbox.resgen("import-openapi", "deep.json", "--name", "Deep", "--output", "deep.yml")
        #expect(result.exitCode == 1, "\(result)")
        let pointer = "#/components/schemas/S0" + String(repeating: "/properties/p", count: 126) + "/properties"
        #expect(
            result.stderr.contains(
                "error: deep.json is not an OpenAPI document resgen can read, at '\(pointer)': objects and arrays nest deeper than 256 levels here, the most resgen reads"
            ), "\(result)")
        #expect(!sandbox.exists("deep.yml"))
    }

    @Test func aMissingFileIsAnError() async throws {
        let result = try await Sandbox().resgen("import-openapi", "missing.json", "--name", "Notes", "--output", "notes.yml")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("missing.json"), "\(result)")
    }

    @Test func usageErrors() async throws {
        let sandbox = try Sandbox()
        for arguments in [
            ["import-openapi", "a.json", "--name", "my api", "--output", "o.yml"],
            ["import-openapi", "a.json", "--name", "Notes", "--output", "o.yml", "--header", "Authorization: x"],
            ["import-openapi", "http://127.0.0.1:9/a", "--name", "Notes", "--output", "o.yml", "--header", "no colon"],
            ["import-openapi", "http://127.0.0.1:9/a", "--name", "Notes", "--output", "o.yml", "--max-response-bytes", "0"],
        ] {
            let result = try await ResgenProcess.run(arguments, in: sandbox.root)
            #expect(result.exitCode == 64, "\(arguments): \(result)")
        }
    }

    @Test func aURLIsFetchedWithinTheResponseLimit() async throws {
        let sandbox = try Sandbox()
        try sandbox.write(Self.document, to: "site/openapi.json")
        let server = try await ServerProcess.start(
            python: URL(fileURLWithPath: "/usr/bin/python3"), script: Self.servers.appendingPathComponent("static_server.py"), arguments: [sandbox.url("site").path],
            name: "the static server")
        let url = server.url("/openapi.json").absoluteString
        let result = try await sandbox.resgen("import-openapi", url, "--name", "Notes", "--output", "notes.yml")
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr.contains("fetched \(url)"), "\(result)")
        #expect(try sandbox.read("notes.yml").contains("type: notes"))
        let limited = try await sandbox.resgen("import-openapi", url, "--name", "Notes", "--output", "limited.yml", "--max-response-bytes", "100")
        #expect(limited.exitCode == 1, "\(limited)")
        #expect(!sandbox.exists("limited.yml"))
    }

    /// `--header` goes to the URL's origin, and not to another origin a redirect leads to.
    @Test func headerFieldsGoToTheURLsOriginOnly() async throws {
        let sandbox = try Sandbox()
        let server = try await ServerProcess.start(
            python: URL(fileURLWithPath: "/usr/bin/python3"), script: Self.servers.appendingPathComponent("echo_server.py"), name: "the echo server")
        var setToken = URLRequest(url: server.url("/auth/token"))
        setToken.httpMethod = "POST"
        setToken.httpBody = Data("secret-token".utf8)
        _ = try await URLSession.shared.data(for: setToken)
        let header = "Authorization: Bearer secret-token"
        // Same origin: the server takes the token (and its body is no OpenAPI document).
        let same = try await sandbox.resgen("import-openapi", server.url("/auth").absoluteString, "--name", "Notes", "--output", "a.yml", "--header", header)
        #expect(same.stderr.contains("it has no 'openapi' version"), "\(same)")
        // Redirected to another origin (localhost is not 127.0.0.1): the field is dropped, so 401.
        let port = server.baseURL.port!
        let redirect = server.url("/redirect/302?to=http://localhost:\(port)/auth").absoluteString
        let other = try await sandbox.resgen("import-openapi", redirect, "--name", "Notes", "--output", "b.yml", "--header", header)
        #expect(other.exitCode == 1, "\(other)")
        #expect(other.stderr.contains("401"), "\(other)")
        #expect(!other.stderr.contains("secret-token"), "\(other)")
    }
}
