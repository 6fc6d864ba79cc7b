import Foundation
import ResgenCore
import Testing

/// "Escape or rename, never emit code that does not compile": a schema whose every name is a Swift
/// keyword, an operator-ish word or not an identifier at all still generates code that compiles.
@Suite struct HostileNamesCompileTests {
    /// Every Swift keyword the validator accepts as a member name (the few it refuses are diagnosed).
    /// (`Any` is left out: it would become `any` and clash with that keyword, which is diagnosed.)
    static let keywords = SwiftNaming.keywords.subtracting(SwiftNaming.reservedMemberNames).filter { $0 != "Any" }.sorted()

    static func schema(format: String) -> String {
        var yaml = """
            api: { name: Hostile, format: \(format) }
            enums:
              Word:
                values: [\(keywords.joined(separator: ", ")), 1st, with space, kebab-case]
            objects:
              Bag:
                attributes:

            """
        for keyword in keywords { yaml += "      \(keyword): String?\n" }
        yaml += """
                  2fa: Bool?
                  with space: Int?
                  kebab-case: Word?
                  "\\u0301x": Int?
                  "\\u203Fy": Int?
                  "\\u00B7z": Int?
              "\\u203Fthing":
                attributes: { a: Int? }
            resources:
              Thing:
                type: things
                path: /things
                operations: [list, show, create, replace, patch, delete]
                \(format == "jsonapi" ? "sparseFieldsets: true" : "description: HAL has no sparse fieldsets.")
                attributes:

            """
        for keyword in keywords { yaml += "      \(keyword): { type: Word, default: \(keyword) }\n" }
        yaml += "    relationships:\n      self-link: { toOne: Thing? }\n      protocol-list: { toMany: Thing }\n      case-ref: { toOne: Case? }\n"
        if format == "jsonapi" { yaml += "      kind-list: { toMany: [Import, Default] }\n" }
        yaml += "    includes:\n      default: [self-link]\n      for: [protocol-list, self-link.protocol-list]\n"
        yaml += "    links:\n      class: { rel: \"x:class\" }\n      where: where\n"
        // Unions whose members become keyword cases (`import`, `default`), with includes through them.
        yaml += "  Import:\n    type: imports\n    path: /imports\n    attributes: { where: String? }\n    relationships: { self-link: { toOne: Thing? } }\n"
        yaml += "  Default:\n    type: defaults\n    path: /defaults\n    attributes: { in: Int? }\n"
        yaml += "unions:\n  Case:\n    members: [Thing, Import, Default]\n    type: cases\n    path: /cases\n"
        yaml += "    includes: { for: [self-link], do: [self-link.protocol-list] }\n"
        if format == "hal" { yaml += "    discriminator: { property: where, values: { Thing: thing, Import: import, Default: default } }\n" }
        yaml += "requests:\n  Switch:\n    method: POST\n    path: /{in}/{is=1}\n    query:\n"
        for keyword in keywords.prefix(10) where !["in", "is", "try", "catch", "do"].contains(keyword) { yaml += "      \(keyword): String?\n" }
        yaml += "    headers: { do: { type: String, key: X-Do } }\n    body: { form: { try: String, catch: Int? } }\n"
        return yaml
    }

    /// For both formats: JSON:API adds the resource-object coding, `Field`, `Sparse` and `New`.
    @Test(arguments: ["hal", "jsonapi"])
    func keywordNamesGenerateCodeThatTypechecks(format: String) async throws {
        let collector = CollectingDiagnosticCollector()
        let files: [GeneratedFile]
        do {
            files = try Pipeline.generate(inputs: [InputFile(path: "hostile.yml", text: Self.schema(format: format))], config: Config(), templates: .defaults, diagnostics: collector)
        } catch {
            Issue.record("\(error): \(collector.sorted)")
            return
        }
        #expect(!collector.hasErrors, "\(collector.sorted)")
        let use = """
            import Foundation
            import ResgenRuntime
            func use() {
                _ = Thing.show("1").path
                _ = Thing.Include.default.paths
                _ = Word.knownCases
                _ = Switch(in: "a", do: "d", try: "b").path
                _ = Case.list().path
                _ = Case.Include.do.paths
                let id: Case.ID = .import("1")
                switch id {
                case .thing, .import, .default, .other: _ = id.description
                }
            }
            """
        let result = try await GeneratedCode.compile(files, snippet: use)
        #expect(result.status == 0, "generated code must compile warning-free:\n\(result.output.prefix(4000))")
    }
}
