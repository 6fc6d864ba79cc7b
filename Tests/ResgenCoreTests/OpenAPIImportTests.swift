import Foundation
import Testing

@testable import ResgenCore
@testable import ResgenDrafting

/// The pieces of `resgen import-openapi` the goldens show only indirectly: JSON pointers as warnings
/// name them, path placeholders, and names generated code would refuse.
@Suite struct OpenAPIImportTests {
    @Test func pointersEscapeSlashAndTilde() {
        let pointer = JSONPointer.root / "paths" / "/books/{id}/" / "get" / "a~b"
        #expect(pointer.description == "#/paths/~1books~1{id}~1/get/a~0b")
        #expect(JSONPointer.component("Book").description == "#/components/schemas/Book")
    }

    @Test func placeholdersAreReadInOrder() {
        #expect(OpenAPIDraftBuilder.placeholders(in: "/a/{x}/b/{y}") == ["x", "y"])
        #expect(OpenAPIDraftBuilder.placeholders(in: "/plain").isEmpty)
    }

    /// Enum values whose case names clash (`-id` beside `id`, as a `sort` parameter lists them) are named
    /// explicitly, so the draft validates without a repair.
    @Test func clashingEnumValuesAreNamedExplicitly() throws {
        let document = """
            openapi: 3.1.0
            info: { title: T, version: "1" }
            paths:
              /items:
                get:
                  parameters:
                    - { name: order, in: query, schema: { type: string, enum: [id, -id, unknown] } }
                  responses: { "204": { description: None } }
            """
        let result = try OpenAPIImport.draft(name: "Shop", document: Array(document.utf8), source: "t.yaml")
        #expect(result.repairs.isEmpty, "\(result.repairs)")
        #expect(result.text.contains(#"values: ["id", { id2: "-id" }, { unknownValue: "unknown" }]"#), "\(result.text)")
    }

    /// A document whose bytes are neither JSON nor YAML is refused at the root.
    /// A "billion laughs": nine levels of ten aliases each are 10⁹ nodes in 500 bytes. Refused at once,
    /// before `YAMLDecoder` walks them (it hung for hours).
    @Test func aliasesThatExpandTheDocumentManyFoldAreRefused() {
        var lines = ["openapi: \"3.1.0\"", "info: {title: t, version: \"1\"}", "x-a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1...8 {
            lines.append("x-a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        lines.append("paths: {}")
        #expect {
            try OpenAPIImport.draft(name: "Bomb", document: Array(lines.joined(separator: "\n").utf8), source: "bomb.yaml")
        } throws: { error in
            "\(error)".contains("YAML aliases expand it")
        }
    }

    @Test func bytesThatAreNoDocumentAreRefused() {
        #expect(throws: OpenAPIImportError.self) {
            try OpenAPIImport.draft(name: "Shop", document: Array("{ not json".utf8), source: "t.json")
        }
    }
}
