import Foundation
import ResgenCore
import Testing

/// Issue 17, item 8: generated code compiles without a single warning, so a package that builds with
/// `-warnings-as-errors` can use it. Every golden is compiled with that flag, and so is a schema of
/// the shapes that used to leave a variable unused or an enum without cases.
@Suite struct WarningFreeOutputTests {
    static let references = packageRoot.appendingPathComponent("Tests/ResgenReferenceTests/Resources/ReferenceSources")

    /// Every golden directory (`ReferenceSources/<case>`).
    static var goldenCases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: references.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func everyExampleHasAGolden() {
        #expect(Self.goldenCases.count >= 4)
    }

    @Test(arguments: goldenCases)
    func goldenCompilesWithWarningsAsErrors(_ name: String) async throws {
        let directory = Self.references.appendingPathComponent(name)
        let sources = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted().map { directory.appendingPathComponent($0) }
        try #require(!sources.isEmpty)
        let result = try await GeneratedCode.compile(sources)
        #expect(result.status == 0, "\(name) must compile warning-free:\n\(result.output.prefix(4000))")
    }

    /// Shapes with nothing to code: an object without attributes (no `CodingKeys` case), a HAL resource
    /// with only read-only attributes (nothing to encode), form and multipart bodies without fields,
    /// resources without attributes or with only a relationship, sparse and `New` twins of those.
    static func edgeSchema(format: String) -> String {
        """
        api: { name: Edge, format: \(format) }
        enums:
          One: { values: [only] }
        objects:
          Empty: {}
          EmptyAttributes: { attributes: {} }
          OnlyOptional: { attributes: { a: Int? } }
          Numbers:
            attributes:
              half: { type: Double, default: .5 }
              five: { type: Float, default: 5. }
              small: { type: Int32, default: -2147483648 }
              money: { type: Decimal, default: 9223372036854775807 }
        resources:
          Bare:
            type: bares
          ReadOnly:
            type: read-onlies
            path: /read-onlies
            operations: [list, show, create, replace, patch, delete]
            \(format == "jsonapi" ? "sparseFieldsets: true" : "")
            attributes:
              a: { type: String, readOnly: true }
          NoAttributes:
            type: no-attributes
            path: /no-attributes
            operations: [create]
            \(format == "jsonapi" ? "sparseFieldsets: true" : "")
            clientID: true
          OnlyRelationship:
            type: only-relationships
            parent: NoAttributes
            path: only
            operations: [create, show]
            \(format == "jsonapi" ? "sparseFieldsets: true" : "")
            relationships:
              r: { toOne: OnlyRelationship? }
        requests:
          EmptyForm:
            method: POST
            path: /f
            body: { form: {} }
          EmptyMultipart:
            method: POST
            path: /m
            body: { multipart: {} }
          FixedOnly:
            method: GET
            path: /x
            query: { a: { value: "1" } }
            headers: { h: { key: X-H, value: "1" } }
          Plain:
            method: DELETE
            path: /y
            response: Empty
        """
    }

    @Test(arguments: ["hal", "jsonapi"])
    func emptyShapesCompileWithWarningsAsErrors(format: String) async throws {
        let collector = CollectingDiagnosticCollector()
        let files = try GeneratedCode.generate(Self.edgeSchema(format: format), diagnostics: collector)
        #expect(collector.diagnostics.isEmpty, "\(collector.sorted)")
        let use = """
            import Foundation
            import ResgenRuntime
            func use() throws {
                _ = try JSONEncoder().encode(Empty())
                _ = try JSONDecoder().decode(EmptyAttributes.self, from: Data("{}".utf8))
                _ = EmptyForm().body
            }
            """
        let result = try await GeneratedCode.compile(files, snippet: use)
        #expect(result.status == 0, "generated code must compile warning-free:\n\(result.output.prefix(4000))")
    }
}
