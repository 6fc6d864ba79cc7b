import Foundation
import Testing

@testable import ResgenCore
@testable import ResgenDrafting

/// The screen `import-openapi` runs before anything decodes a document (issue 46, finding 8): a document
/// nested 230 schemas deep overflowed the decoders' stack (exit 139 from a 9.6 KB file). Deeper than
/// ``OpenAPINestingScreen/maximumDepth`` (256, as `resgen infer` reads JSON) is now refused, naming where.
@Suite struct OpenAPINestingScreenTests {
    /// A compact JSON document whose one component schema, `S0`, nests `levels` object schemas through
    /// `properties` (one copy as `Benchmarks/openapi_depth.py --layout mapping` writes it): its deepest
    /// value, a string schema, is 2 × `levels` + 4 deep (the document, `components`, `schemas`, then a
    /// schema and its `properties` per level).
    static func nested(levels: Int) -> [UInt8] {
        var text = #"{"openapi":"3.1.0","info":{"title":"Deep","version":"1"},"paths":{},"components":{"schemas":{"S0":"#
        for _ in 0..<levels { text += #"{"type":"object","properties":{"a":{"type":"string"},"p":"# }
        text += #"{"type":"string"}"#
        text += String(repeating: "}}", count: levels) + "}}}"
        return Array(text.utf8)
    }

    /// The same document as block YAML, one space of indentation per level.
    static func nestedYAML(levels: Int) -> [UInt8] {
        var lines = [
            "openapi: 3.1.0", "info: {title: Deep, version: \"1\"}", "paths: {}", "components:", " schemas:", "  S0:",
        ]
        var indent = 3
        for _ in 0..<levels {
            let pad = String(repeating: " ", count: indent)
            lines += [pad + "type: object", pad + "properties:", pad + " a: {type: string}", pad + " p:"]
            indent += 2
        }
        lines.append(String(repeating: " ", count: indent) + "type: string")
        return Array(lines.joined(separator: "\n").utf8)
    }

    /// The pointer of the first object 257 levels deep in ``nested(levels:)``: a `properties` object.
    static let firstTooDeep = "#/components/schemas/S0" + String(repeating: "/properties/p", count: 126) + "/properties"

    /// The reproducer of the finding: 230 schemas deep (464 levels, 12.6 KB) crashed the debug build before
    /// the screen; now it is an error naming the first object past the limit.
    @Test(arguments: [false, true])
    func aDocumentNestedPastTheLimitIsRefusedNamingThePointer(yaml: Bool) {
        let document = yaml ? Self.nestedYAML(levels: 230) : Self.nested(levels: 230)
        #expect {
            try OpenAPIImport.draft(name: "Deep", document: document, source: "deep.json")
        } throws: { error in
            guard case .rejected(let source, let pointer, let reason) = error as? OpenAPIImportError else { return false }
            return source == "deep.json" && pointer == Self.firstTooDeep
                && reason == "objects and arrays nest deeper than 256 levels here, the most resgen reads"
        }
    }

    /// 256 levels, the limit itself, are read (and drafted) in both syntaxes.
    @Test(arguments: [false, true])
    func aDocumentAtTheLimitIsRead(yaml: Bool) throws {
        let document = yaml ? Self.nestedYAML(levels: 126) : Self.nested(levels: 126)
        #expect(OpenAPINestingScreen.firstTooDeep(in: document) == nil)
        #expect(OpenAPINestingScreen.firstTooDeep(in: document, limit: 255)?.pointer.tokens.count == 255)
        _ = try OpenAPIImport.draft(name: "Deep", document: document, source: "deep.json")
    }

    /// An alias counts as the node it names, expanded, because the decoders read it expanded: a 150-deep
    /// anchored value named 121 levels down reaches 271.
    @Test func anAliasCountsAsWhatItNames() throws {
        func document(aliasAt depth: Int) -> [UInt8] {
            let anchored = String(repeating: "[", count: 150) + String(repeating: "]", count: 150)
            let use = String(repeating: "[", count: depth) + "*deep" + String(repeating: "]", count: depth)
            return Array("openapi: 3.1.0\nx-deep: &deep \(anchored)\nx-use: \(use)\n".utf8)
        }
        let refused = try #require(OpenAPINestingScreen.firstTooDeep(in: document(aliasAt: 120)))
        #expect(refused.alias == "deep")
        #expect(refused.pointer.description == "#/x-use" + String(repeating: "/0", count: 120))
        #expect(OpenAPINestingScreen.firstTooDeep(in: document(aliasAt: 105)) == nil, "106 + 150 = 256")
        #expect {
            try OpenAPIImport.draft(name: "Deep", document: document(aliasAt: 120), source: "deep.yaml")
        } throws: { error in
            "\(error)".contains("its YAML alias '*deep' expands to objects and arrays deeper than 256 levels")
        }
    }

    /// Members and items are named in the pointer by key and index; a flow sequence in a block mapping too.
    @Test func thePointerNamesKeysAndIndexes() throws {
        let text = "a: {b: [x, {c: [[y]]}]}\nd: 1\n"
        let refused = try #require(OpenAPINestingScreen.firstTooDeep(in: Array(text.utf8), limit: 4))
        #expect(refused.pointer.description == "#/a/b/1/c")
        #expect(refused.alias == nil)
        #expect(OpenAPINestingScreen.firstTooDeep(in: Array(text.utf8), limit: 6) == nil)
    }

    /// Text libyaml refuses passes the screen, so the loader's own message stays the one the user sees.
    @Test func textThatIsNotYAMLIsLeftToTheLoader() {
        #expect(OpenAPINestingScreen.firstTooDeep(in: Array("{ not json".utf8)) == nil)
        #expect(OpenAPINestingScreen.firstTooDeep(in: [0xFF, 0xFE, 0x7B]) == nil)
        #expect {
            try OpenAPIImport.draft(name: "Shop", document: Array("{ not json".utf8), source: "t.json")
        } throws: { error in
            "\(error)".contains("it is not JSON")
        }
    }
}
