import Foundation
import ResgenCore
import Testing

/// The keys a mapping must have (``SchemaMapping/requirements``): for each requirement, a schema that
/// breaks it is an error for resgen *and* fails the JSON Schema, and the same schema with the key given
/// passes both. Every requirement of every mapping has a case here, so a requirement added to the
/// tables without a check in the decoder or validator (or the reverse) fails this suite.
@Suite(.enabled(if: JSONSchemaChecker.isAvailable))
struct JSONSchemaRequirementTests {
    /// One requirement: the mapping's name, the rule, a schema that breaks it and one that keeps it.
    struct Case: Sendable {
        let mapping: String
        let requirement: SchemaMapping.Requirement
        let broken: String
        let fixed: String
    }

    static let jsonapi = "api: { name: S, format: jsonapi }\n"
    static let hal = "api: { name: S, format: hal }\n"
    static let resourceA = "  A: { type: as, path: /as, operations: [show] }\n"

    static let cases: [Case] = [
        Case(mapping: "api", requirement: .key("name"), broken: "api: { format: jsonapi }\n", fixed: jsonapi),
        Case(mapping: "api", requirement: .key("format"), broken: "api: { name: S }\n", fixed: jsonapi),
        Case(
            mapping: "attribute", requirement: .key("type"),
            broken: jsonapi + "resources:\n  A: { type: as, path: /as, attributes: { title: { key: name } } }\n",
            fixed: jsonapi + "resources:\n  A: { type: as, path: /as, attributes: { title: { type: String, key: name } } }\n"),
        Case(
            mapping: "queryOrHeader", requirement: .anyOf(["type", "value"]),
            broken: jsonapi + "requests:\n  R: { method: GET, path: /r, query: { q: { key: query } } }\n",
            fixed: jsonapi + "requests:\n  R: { method: GET, path: /r, query: { q: { key: query, value: x } } }\n"),
        Case(
            mapping: "relationship", requirement: .exactlyOne(["toOne", "toMany"]),
            broken: jsonapi + "resources:\n" + resourceA + "  B: { type: bs, path: /bs, relationships: { a: { key: the-a } } }\n",
            fixed: jsonapi + "resources:\n" + resourceA + "  B: { type: bs, path: /bs, relationships: { a: { key: the-a, toOne: A } } }\n"),
        Case(
            mapping: "union", requirement: .key("members"),
            broken: jsonapi + "resources:\n" + resourceA + "unions:\n  U: { description: x }\n",
            fixed: jsonapi + "resources:\n" + resourceA + "  B: { type: bs, path: /bs }\nunions:\n  U: { description: x, members: [A, B] }\n"),
        Case(
            mapping: "discriminator", requirement: .key("property"),
            broken: hal + "resources:\n  A: { path: /as }\n  B: { path: /bs }\nunions:\n  U: { members: [A, B], discriminator: { values: { A: a } } }\n",
            fixed: hal + "resources:\n  A: { path: /as }\n  B: { path: /bs }\nunions:\n  U: { members: [A, B], discriminator: { property: kind, values: { A: a } } }\n"),
        Case(
            mapping: "enum", requirement: .key("values"),
            broken: jsonapi + "enums:\n  E: { description: x }\n", fixed: jsonapi + "enums:\n  E: { description: x, values: [a] }\n"),
        Case(
            mapping: "request", requirement: .key("method"),
            broken: jsonapi + "requests:\n  R: { path: /r }\n", fixed: jsonapi + "requests:\n  R: { path: /r, method: GET }\n"),
        Case(
            mapping: "resourcePath", requirement: .key("path"),
            broken: jsonapi + "resources:\n  A: { type: as, path: /as, operations: [list], paths: { archived: { operations: [list] } } }\n",
            fixed: jsonapi + "resources:\n  A: { type: as, path: /as, operations: [list], paths: { archived: { operations: [list], path: /archived-as } } }\n"),
        Case(
            mapping: "pagination", requirement: .key("style"),
            broken: jsonapi + "resources:\n  A: { type: as, path: /as, operations: [list], pagination: { pageSize: 10 } }\n",
            fixed: jsonapi + "resources:\n  A: { type: as, path: /as, operations: [list], pagination: { pageSize: 10, style: pageNumber } }\n"),
        Case(
            mapping: "entry", requirement: .key("links"),
            broken: jsonapi + "entry: { path: / }\n", fixed: jsonapi + "entry: { path: /, links: { search: find } }\n"),
        Case(
            mapping: "request", requirement: .key("path"),
            broken: jsonapi + "requests:\n  R: { method: GET }\n", fixed: jsonapi + "requests:\n  R: { method: GET, path: /r }\n"),
    ]

    /// Both keys of an exactly-one rule given (`toOne` and `toMany`) breaks it too; null reads as absent.
    static let moreBroken: [(name: String, text: String)] = [
        ("relationship with both", jsonapi + "resources:\n" + resourceA + "  B: { type: bs, path: /bs, relationships: { a: { toOne: A, toMany: A } } }\n"),
        ("required key null", jsonapi + "requests:\n  R: { method: GET, path: null }\n"),
        ("relationship with both null", jsonapi + "resources:\n" + resourceA + "  B: { type: bs, path: /bs, relationships: { a: { toOne: null, toMany: null } } }\n"),
    ]

    static let moreFixed: [(name: String, text: String)] = [
        ("relationship with one null", jsonapi + "resources:\n" + resourceA + "  B: { type: bs, path: /bs, relationships: { a: { toOne: A, toMany: null } } }\n"),
    ]

    @Test func everyRequirementOfTheTablesHasACase() {
        var tables: [String] = []
        for mapping in JSONSchema.mappings(from: .file) {
            for requirement in mapping.requirements { tables.append("\(mapping.name) \(requirement)") }
        }
        let covered = Self.cases.map { "\($0.mapping) \($0.requirement)" }
        #expect(covered.sorted() == tables.sorted())
    }

    @Test func resgenAndTheJSONSchemaAgreeOnEveryRequirement() async throws {
        var expectations: [String: Bool] = [:]  // name → should pass
        var instances: [(name: String, value: Any)] = []
        let named = Self.cases.flatMap { [("\($0.mapping) \($0.requirement) broken", $0.broken, false), ("\($0.mapping) \($0.requirement) fixed", $0.fixed, true)] }
            + Self.moreBroken.map { ($0.name, $0.text, false) } + Self.moreFixed.map { ($0.name, $0.text, true) }
        for (name, text, shouldPass) in named {
            let input = InputFile(path: "inline.yml", text: text)
            let collector = CollectingDiagnosticCollector()
            _ = try? Pipeline.validate(inputs: [input], diagnostics: collector)
            let errors = collector.diagnostics.filter { $0.severity == .error }.map(\.message)
            #expect(errors.isEmpty == shouldPass, "\(name): resgen says \(errors)")
            if !shouldPass {
                #expect(errors.contains(where: JSONSchemaFixtureTests.isShape), "\(name): its error is one of shape: \(errors)")
            }
            let node = try #require(YAMLLoader.load(input, diagnostics: CollectingDiagnosticCollector()))
            instances.append((name, node.jsonObject))
            expectations[name] = shouldPass
        }
        let results = try await JSONSchemaChecker.check(instances)
        for (name, shouldPass) in expectations.sorted(by: { $0.key < $1.key }) {
            let errors = results[name] ?? ["no result"]
            #expect(errors.isEmpty == shouldPass, "\(name): expected the JSON Schema to \(shouldPass ? "pass" : "fail") it: \(errors)")
        }
    }
}
