import Foundation
import OpenAPIKit
import Testing

@testable import ResgenCore
@testable import ResgenDrafting

/// How `import-openapi` has OpenAPIKit decode a document (``OpenAPIDocumentLoader``).
///
/// Issue 46, finding 8: every object that may carry `x-` members decoded its whole subtree a second time
/// to find them, so a schema nested N deep was decoded N times over (a 1 MB document 200 levels deep took
/// 256 s, one level deep 6.4 s). The loader now turns vendor extensions off; these tests show that no
/// object, at any depth, was given any, which only that second decoding did.
@Suite struct OpenAPIDocumentLoaderTests {
    static func document(version: String) -> String {
        """
        openapi: \(version)
        info: { title: T, version: "1", x-info: 1 }
        x-top: { a: [1, 2] }
        paths:
          /items:
            x-path: 1
            get:
              x-operation: { deep: { deeper: true } }
              responses:
                "200":
                  description: OK
                  x-response: 1
                  content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } }
        components:
          x-components: 1
          schemas:
            Item:
              type: object
              x-schema: 1
              properties:
                inner:
                  type: object
                  x-inner: 1
                  properties:
                    leaf: { type: string, x-leaf: { a: 1 } }
        """
    }

    /// 3.1 as OpenAPIKit reads it, and 3.0 through OpenAPIKit30 (whose own key of the same name the
    /// loader's user info sets) and its conversion.
    @Test(arguments: ["3.0.3", "3.1.0"])
    func noObjectDecodesItsSubtreeAgainForVendorExtensions(version: String) throws {
        let (loaded, stated) = try OpenAPIDocumentLoader.load(Array(Self.document(version: version).utf8), source: "t.yaml")
        #expect(stated == version)
        #expect(loaded.vendorExtensions.isEmpty, "\(loaded.vendorExtensions)")
        #expect(loaded.info.vendorExtensions.isEmpty)
        #expect(loaded.components.vendorExtensions.isEmpty)
        let pathItem = try #require(loaded.paths["/items"]?.pathItemValue)
        #expect(pathItem.vendorExtensions.isEmpty)
        let operation = try #require(pathItem.get)
        #expect(operation.vendorExtensions.isEmpty)
        let response = try #require(operation.responses[status: 200]?.responseValue)
        #expect(response.vendorExtensions.isEmpty)
        let item = try #require(loaded.components.schemas["Item"])
        let inner = try #require(item.objectContext?.properties["inner"])
        let leaf = try #require(inner.objectContext?.properties["leaf"])
        for schema in [item, inner, leaf] {
            #expect(schema.vendorExtensions.isEmpty, "\(schema.vendorExtensions)")
        }
    }

    /// That second decoding was also what refused a member OpenAPI does not define; without it such a
    /// member is ignored, and the document is drafted.
    @Test func aMemberOpenAPIDoesNotDefineIsIgnored() throws {
        let document = """
            openapi: 3.1.0
            info: { title: T, version: "1" }
            paths:
              /items:
                get:
                  summery: a misspelt key
                  responses: { "204": { description: None } }
            """
        let result = try OpenAPIImport.draft(name: "Shop", document: Array(document.utf8), source: "t.yaml")
        #expect(result.repairs.isEmpty, "\(result.repairs)")
    }

    /// The loader's decoder (``OpenAPINodeDecoder``, issue 47) reads YAML as `YAMLDecoder` did: a merge key
    /// (`<<`) brings its mapping's members in beside the mapping's own, and an alias is read as what it
    /// names (a repeated key is refused by Yams' composer, as before).
    @Test func mergeKeysAliasesAndRepeatedKeysReadAsYAMLDecoderReadThem() throws {
        let document = """
            openapi: 3.1.0
            info: { title: Shop, version: "1" }
            paths: {}
            components:
              schemas:
                Base: &base
                  type: object
                  properties:
                    name: { type: string }
                    size: { type: integer }
                Item:
                  <<: *base
                  description: An item.
                Shared: *base
            """
        let (loaded, _) = try OpenAPIDocumentLoader.load(Array(document.utf8), source: "t.yaml")
        #expect(loaded.info.title == "Shop")
        let schemas = loaded.components.schemas
        let item = try #require(schemas[.init(stringLiteral: "Item")])
        #expect(item.description == "An item.")
        #expect(item.objectContext?.properties.keys.map { $0 } == ["name", "size"])
        let shared = try #require(schemas[.init(stringLiteral: "Shared")])
        #expect(shared.objectContext?.properties.keys.map { $0 } == ["name", "size"])
    }

    /// A value of the wrong type is refused at its pointer, indexes written as `YAMLDecoder` wrote them.
    @Test func aValueOfTheWrongTypeNamesItsPlace() throws {
        let document = """
            openapi: 3.1.0
            info: { title: T, version: "1" }
            paths:
              /items:
                get:
                  parameters:
                    - { name: a, in: query, schema: { type: string } }
                    - { name: b, in: query, required: maybe, schema: { type: string } }
                  responses: { "204": { description: None } }
            """
        #expect(throws: OpenAPIImportError.self) {
            try OpenAPIDocumentLoader.load(Array(document.utf8), source: "t.yaml")
        }
    }
}
