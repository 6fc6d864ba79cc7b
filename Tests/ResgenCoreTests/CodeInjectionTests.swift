import Foundation
import ResgenCore
import Testing

/// Issue 17, item 6: schema text never becomes code. Every position where a schema string reaches
/// a comment or a literal gets a payload `x<break>public let injectedN = 1`, for every character that
/// ends a line for Swift's lexer or for an editor, and for NUL, ESC and a bidirectional override;
/// the generated code must compile without a single `injectedN` existing, and hold no such character.
@Suite struct CodeInjectionTests {
    /// YAML double-quoted escapes of the characters under test.
    static let breaks: [(name: String, yaml: String)] = [
        ("CR", #"\r"#), ("CRLF", #"\r\n"#), ("LF", #"\n"#), ("NEL", #"\N"#), ("LS", #"\L"#), ("PS", #"\P"#),
        ("VT", #"\v"#), ("FF", #"\f"#), ("NUL", #"\0"#), ("ESC", #"\e"#), ("RLO", #"\u202E"#), ("DEL", #"\x7F"#),
    ]

    /// A schema with a payload in every position: `x<break>public let injected<n> = 1`, `n` counting
    /// payloads, so a use site can ask for each by name; and what each payload `n` is.
    static func schema(format: String) -> (yaml: String, labels: [String]) {
        var labels: [String] = []
        var breakName = breaks[0].name
        func payload(_ escape: String, _ position: String) -> String {
            labels.append("\(position), \(breakName)")
            return "x\(escape)public let injected\(labels.count - 1) = 1"
        }
        let yaml = "api:\n  name: Hostile\n  format: \(format)\n  description: \"\(payload(breaks[0].yaml, "api description"))\"\n"
        var resources = "resources:\n", enums = "enums:\n", objects = "objects:\n", requests = "requests:\n"
        for (index, item) in breaks.enumerated() {
            let e = item.yaml
            breakName = item.name
            resources += """
                  R\(index):
                    type: "\(payload(e, "resource type"))"
                    path: "/things\(index)"
                    operations: [list, show, create]
                    description: "\(payload(e, "resource description"))"
                    attributes:
                      a: { type: String, description: "\(payload(e, "attribute description"))" }
                      "n\(payload(e, "attribute name"))": String?
                      k: { type: String, key: "\(payload(e, "attribute wire key"))" }
                      d: { type: String, default: "\(payload(e, "string default"))" }
                    relationships:
                      r: { toOne: R\(index), description: "\(payload(e, "relationship description"))" }
                      "s\(payload(e, "relationship name"))": { toOne: R\(index)? }
                      t: { toMany: R\(index), key: "\(payload(e, "relationship wire key"))" }
                    links:
                      l: { rel: x, description: "\(payload(e, "link description"))" }
                      m: { rel: "\(payload(e, "link rel"))" }
                    includes:
                      "i\(payload(e, "include set name"))": [r]
                      j: [t]

                """
            enums += "  E\(index):\n    description: \"\(payload(e, "enum description"))\"\n    values: [ok, \"\(payload(e, "enum value"))\"]\n"
            objects += "  O\(index):\n    description: \"\(payload(e, "object description"))\"\n    attributes:\n      \"o\(payload(e, "object attribute name"))\": Int?\n"
            requests += """
                  Q\(index):
                    method: POST
                    description: "\(payload(e, "request description"))"
                    path: "/q/{p}"
                    parameters:
                      p: { type: String, description: "x" }
                    query:
                      "p\(payload(e, "query parameter name"))": String?
                      fixed: { value: "\(payload(e, "fixed query value"))" }
                    headers:
                      h: { key: X-H, value: "\(payload(e, "fixed header value"))" }
                    body: { raw: "text/\(payload(e, "raw body content type"))" }
                  C\(index):
                    method: GET
                    path: "/c"

                """
            resources += """
                  Child\(index):
                    type: child\(index)
                    parent: R\(index)
                    path: "c\(payload(e, "child path segment"))"
                    operations: [list]

                """
        }
        return (yaml + resources + enums + objects + requests, labels)
    }

    /// Schema payload characters that must never appear in generated code: every line break but LF,
    /// control characters but tab, bidirectional embeddings, overrides and isolates.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    @Test(arguments: ["hal", "jsonapi"])
    func noPayloadBecomesCode(format: String) async throws {
        let (yaml, labels) = Self.schema(format: format)
        let collector = CollectingDiagnosticCollector()
        let files: [GeneratedFile]
        do {
            files = try Pipeline.generate(inputs: [InputFile(path: "hostile.yml", text: yaml)], config: Config(), templates: .defaults, diagnostics: collector)
        } catch {
            Issue.record("the schema must validate (or each refusal be deliberate):\n\(collector.sorted.map(\.description).joined(separator: "\n"))")
            return
        }
        for file in files {
            // Hexadecimal, so a failure does not print the characters themselves.
            let forbidden = file.contents.unicodeScalars.filter(Self.isForbidden).map { String($0.value, radix: 16) }
            #expect(forbidden.isEmpty, "\(file.name) holds U+\(forbidden)")
        }
        // The generated code compiles warning-free; a use site of every `injectedN` does not.
        var snippet = "import Foundation\nimport ResgenRuntime\n"
        for index in labels.indices { snippet += "func use\(index)() { _ = injected\(index) }\n" }
        let result = try await GeneratedCode.compile(files, snippet: snippet)
        let generatedProblems = result.diagnostics.filter { $0.file != "snippet.swift" && $0.severity != "note" }
        #expect(generatedProblems.isEmpty, "generated code must compile warning-free:\n\(result.output.prefix(4000))")
        let errors = result.errors(in: "snippet.swift")
        for (index, label) in labels.enumerated() {
            #expect(errors.contains { $0.line == 3 + index && $0.message.contains("cannot find 'injected\(index)' in scope") }, "injected\(index) (\(label)) exists")
        }
    }
}
