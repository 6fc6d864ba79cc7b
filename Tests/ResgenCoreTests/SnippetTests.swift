import Foundation
import ResgenCore
import Testing

/// One schema feature each: an inline schema and the exact Swift lines it must produce
/// (after swift-openapi-generator's snippet-based reference tests).
@Suite struct SnippetTests {
    static let api = "api: { name: S, format: jsonapi }\n"

    /// Generates `schema` (prefixed with a minimal `api` block) and returns the named file's lines.
    func lines(_ schema: String, file: String) throws -> [String] {
        let collector = CollectingDiagnosticCollector()
        let files = try Pipeline.generate(inputs: [InputFile(path: "s.yml", text: Self.api + schema)], config: Config(), templates: .defaults, diagnostics: collector)
        #expect(collector.diagnostics.isEmpty, "\(collector.sorted)")
        let text = try files.text(of: file)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    func expect(_ expected: [String], in actual: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for line in expected {
            #expect(actual.contains(line), "missing line: \(line)", sourceLocation: sourceLocation)
        }
    }

    /// Each cardinality and optionality of a HAL relationship is read by its own `HALEmbedded` method,
    /// and the result compiles against the runtime (the optional to-many is in no example).
    @Test func halRelationshipsOfEveryShapeAreReadByTheirOwnMethod() async throws {
        let schema = """
            api: { name: S, format: hal }
            resources:
              Node:
                path: /nodes
                operations: [show]
                attributes: { name: String }
                relationships:
                  parent: { toOne: Node }
                  children: { toMany: Node }
                  twin: { toOne: Node? }
                  cousins: { toMany: Node? }
            """
        let files = try GeneratedCode.generate(schema)
        let wire = try files.text(of: "WireFormat")
        for line in [
            #"self.parent = try embedded.toOne(Node.self, rel: "parent")"#,
            #"self.children = try embedded.toMany(Node.self, rel: "children")"#,
            #"self.twin = try embedded.optionalToOne(Node.self, rel: "twin")"#,
            #"self.cousins = try embedded.optionalToMany(Node.self, rel: "cousins")"#,
        ] {
            #expect(wire.contains(line), "missing line: \(line)")
        }
        let result = try await GeneratedCode.compile(files, snippet: "func use(_ node: Node) -> Int? { node.cousins?.resolved?.count }")
        #expect(result.status == 0, "\(result.output.prefix(3000))")
    }

    @Test func keywordsAreEscapedAndNamesCamelCased() throws {
        let out = try lines("""
            objects:
              Flags:
                attributes:
                  default: Bool
                  first-name: String
                  2fa: Bool?
            """, file: "Models")
        expect([
            "public var `default`: Bool",
            "public var firstName: String",
            "public var _2fa: Bool?",
            "case `default`",
            "case firstName = \"first-name\"",
            "case _2fa = \"2fa\"",
            "self.`default` = try container.decode(Bool.self, forKey: .`default`)",
            "public init(`default`: Bool, firstName: String, _2fa: Bool? = nil) {",
        ], in: out)
    }

    @Test func defaultsAndReadOnly() throws {
        let out = try lines("""
            enums: { Mood: { values: [happy, in-between] } }
            objects:
              O:
                attributes:
                  count: { type: Int, default: 3 }
                  mood: { type: Mood, default: in-between }
                  tags: { type: "[String]", default: [] }
                  note: { type: String?, default: "no" }
                  site: { type: URL, default: "https://example.com" }
                  stamp: { type: Date, readOnly: true }
            """, file: "Models")
        expect([
            "self.count = try container.decodeIfPresent(Int.self, forKey: .count) ?? 3",
            "self.mood = try container.decodeIfPresent(Mood.self, forKey: .mood) ?? .inBetween",
            "self.tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []",
            "self.note = try container.decodeIfPresent(String.self, forKey: .note) ?? \"no\"",
            "public internal(set) var stamp: Date",
            "public init(count: Int = 3, mood: Mood = .inBetween, tags: [String] = [], note: String? = \"no\", site: URL = URL(string: \"https://example.com\")!, stamp: Date) {",
            "case inBetween",
            "case \"in-between\": self = .inBetween",
            "public static let knownCases: [Mood] = [.happy, .inBetween]",
        ], in: out)
    }

    @Test func explicitEnumCaseNamesAndYAML11Words() throws {
        let out = try lines("""
            enums:
              Answer:
                values: [yes, no, { plusOne: "+1" }]
            """, file: "Models")
        expect(["case yes", "case no", "case plusOne", "case \"+1\": self = .plusOne", "case .no: \"no\""], in: out)
    }

    @Test func relationshipsAreToOneAndToMany() throws {
        let schema = """
            resources:
              A:
                type: as
                attributes: { name: String }
                relationships:
                  b: { toOne: B }
                  maybe: { toOne: B? }
                  bs: { toMany: B, key: b-list }
              B: { type: bs }
            """
        let out = try lines(schema, file: "Models")
        expect([
            "public var b: ToOne<B>",
            "public var maybe: ToOne<B>?",
            "public var bs: ToMany<B>",
            "case bs = \"b-list\"",
            "public init(id: String, name: String, b: ToOne<B> = ToOne(), maybe: ToOne<B>? = nil, bs: ToMany<B> = ToMany()) {",
            "public struct A: Resource, Codable, Hashable, Sendable, Identifiable {",
            "public static var resourceType: String { \"as\" }",
        ], in: out)
        // Both forms (plain and resource object) decode and encode in WireFormat, one function each.
        expect([
            "self.maybe = try jsonAPIRelationships.nullableToOne(B.self, forKey: .maybe)",
            "self.bs = try jsonAPIRelationships.toMany(B.self, forKey: .bs)",
            "try jsonAPIRelationships.encodeNullable(self.maybe, forKey: .maybe)",
            "try jsonAPIRelationships.encode(self.bs, forKey: .bs)",
        ], in: try lines(schema, file: "WireFormat"))
    }

    @Test func capabilitiesAndNesting() throws {
        let out = try lines("""
            resources:
              P: { type: ps, path: /ps/, id: Int, operations: [show, delete] }
              C: { type: cs, parent: P, path: cs/, operations: [list] }
            """, file: "Paths")
        expect([
            "extension P: RootResource, IsShowable, IsDeletable {",
            "public static var collectionPath: String { \"/ps/\" }",
            "extension C: ChildResource, IsListable {",
            "public typealias Parent = P",
            "public static var pathSegment: String { \"cs/\" }",
        ], in: out)
    }

    @Test func includeSetsWithRelations() throws {
        let out = try lines("""
            resources:
              A:
                type: as
                relationships:
                  bs: { toMany: B, rel: "x:bs" }
                includes:
                  deep: ["[bs].a", bs]
              B:
                type: bs
                relationships: { a: { toOne: A } }
            """, file: "Includes")
        expect([
            "extension A: HasIncludes {",
            "public typealias Root = A",
            "case deep",
            "case .deep: [IncludePath(.toMany(\"bs\", rel: \"x:bs\"), .toOne(\"a\")), IncludePath(.toMany(\"bs\", rel: \"x:bs\"))]",
            "/// Includes `[bs].a`, `[bs]`.",
        ], in: out)
    }

    @Test func halLinks() throws {
        let out = try lines("""
            resources:
              A:
                type: as
                links:
                  search: { rel: "ea:find", templated: true }
                  help: help
            """, file: "Models")
        expect(["public enum Link: String, Hashable, Sendable, CaseIterable {", "case search = \"ea:find\"", "case help = \"help\""], in: out)
    }

    @Test func requestsSpellPathQueryHeadersAndBodies() throws {
        let out = try lines("""
            objects: { Thing: { attributes: { name: String } } }
            requests:
              Get:
                method: get
                path: /a/{id}/b/{page=2}
                parameters: { id: Int }
                query: { q: String?, fixed: { value: "1" } }
                headers: { token: { type: String, key: X-Token } }
                auth: required
                response: Thing
              Post:
                method: POST
                path: /new
                body: { json: Thing }
            """, file: "Requests")
        expect([
            "public struct Get: APIRequest, Hashable {",
            "public typealias Response = Thing",
            "public static var method: HTTPMethod { .get }",
            "public static var requiresAuth: Bool { true }",
            "public init(id: Int, page: Int = 2, q: String? = nil, token: String) {",
            "public var pathComponents: [PathComponent] { [.literal(\"/a/\"), .value(self.id.parameterValue), .literal(\"/b/\"), .value(self.page.parameterValue)] }",
            "items.append(\"q\", self.q)",
            "public static var defaultQueryItems: [QueryItem] { [QueryItem(name: \"fixed\", value: \"1\")] }",
            "fields.append(\"X-Token\", self.token)",
            "public init(payload: Thing) {",
            "return .json(self.payload)",
            "public typealias Response = EmptyResponse",
        ], in: out)
    }

    /// YAML reads `.5` and `5.` as numbers; Swift needs a digit on both sides of the point.
    @Test func numberDefaultsBecomeSwiftLiterals() throws {
        let out = try lines("""
            objects:
              N:
                attributes:
                  a: { type: Double, default: .5 }
                  b: { type: Float, default: -.25 }
                  c: { type: Decimal, default: 5. }
                  d: { type: Double, default: 2 }
            """, file: "Models")
        expect(["public init(a: Double = 0.5, b: Float = -0.25, c: Decimal = 5.0, d: Double = 2) {"], in: out)
    }

    @Test func accessLevelInternal() throws {
        let collector = CollectingDiagnosticCollector()
        let files = try Pipeline.generate(
            inputs: [InputFile(path: "s.yml", text: Self.api + "objects: { O: { attributes: { x: { type: Int, readOnly: true } } } }")],
            config: Config(accessLevel: .internal), templates: .defaults, diagnostics: collector)
        let models = try #require(files.first { $0.name == "S+Models.swift" }).contents
        #expect(models.contains("internal struct O: Codable, Hashable, Sendable {"))
        #expect(models.contains("    internal var x: Int"), "no 'internal internal(set)'")
    }
}
