import Foundation
@testable import ResgenCore
import Testing

/// The names derived from what generated code declares and names (issue 17, item 7).
@Suite struct GeneratedNamesTests {
    @Test(arguments: WireFormat.allCases)
    func theProbeValidatesAndRenders(format: WireFormat) throws {
        let collector = CollectingDiagnosticCollector()
        let document = try #require(YAMLLoader.load(InputFile(path: "probe.yml", text: GeneratedNames.Probe.schema(format: format)), diagnostics: collector))
        _ = Validator(diagnostics: collector, templates: nil).validate(SchemaDecoder(diagnostics: collector).decode([document]))
        #expect(!collector.hasErrors, "\(collector.sorted.map(\.description).joined(separator: "\n"))")
        #expect(GeneratedNames.Probe.render(templates: .defaults, format: format) != nil)
    }
}

extension GeneratedNamesTests {
    /// The probe must use every feature: the types any example's generated code names (besides the
    /// schema's own) are all among the probe's.
    @Test(arguments: ["blog", "contacts", "forum", "press"])
    func theProbeNamesEveryTypeAnExampleNames(_ example: String) throws {
        let inputs = try exampleInputs(example)
        let collector = CollectingDiagnosticCollector()
        let model = try Pipeline.validate(inputs: inputs, diagnostics: collector)
        let files = try Pipeline.generate(inputs: inputs, config: Config(), templates: .defaults, diagnostics: collector)
        let code = SwiftDeclarationScanner(files.map(\.contents).joined(separator: "\n"))
        let schemaTypes = Set([model.api.name] + model.resources.map(\.name) + model.objects.map(\.name) + model.enums.map(\.name) + model.requests.map(\.name)
            + model.resources.flatMap { $0.paths.map(\.swiftName) }  // a path's nested type
            + model.resources.flatMap { $0.list?.filters.compactMap(\.inlineEnum?.name) ?? [] })  // a filter's `values:` enum
        let known = GeneratedNames.forTemplates(.defaults, format: model.api.format).typeNames
        let unknown = code.identifiers.filter { name in
            name.first?.isUppercase == true && !schemaTypes.contains(name) && known[name] == nil
                && !code.genericParameters.contains(name) && !code.importedModules.contains(name)
        }
        #expect(unknown.isEmpty, "names the probe's code does not: \(unknown.sorted()); add the feature to GeneratedNames+Probe.swift")
    }

    @Test func typeNamesSayWhereTheyComeFrom() {
        let hal = GeneratedNames.forTemplates(.defaults, format: .hal)
        let jsonAPI = GeneratedNames.forTemplates(.defaults, format: .jsonapi)
        #expect(hal.typeNames["ToOne"] == .runtimeType)
        #expect(hal.typeNames["HALLinks"] == .runtimeType)
        #expect(jsonAPI.typeNames["HALLinks"] == nil, "JSON:API code never names HAL types")
        #expect(jsonAPI.typeNames["New"] == .generatedType)
        #expect(hal.typeNames["String"] == .swiftType)
        #expect(hal.typeNames["ID"] == .generatedType, "a union declares its ID (a resource's is Identifiable's associated type)")
        #expect(hal.typeNames["Page"] == nil && hal.typeNames["Client"] == nil, "runtime types generated code never names")
        #expect(hal.typeNames["Visitor"] == nil, "a generic parameter is no use of a type")
        #expect(hal.typeNames["Foundation"] == nil, "an imported module is no type")
    }

    @Test func memberNamesFollowTheKindOfName() {
        let hal = GeneratedNames.forTemplates(.defaults, format: .hal)
        #expect(hal.reason(forMember: "links", kind: .resourceAttribute) == .generatedMember)
        #expect(hal.reason(forMember: "hashValue", kind: .resourceAttribute) == .protocolProperty(protocol: "Hashable"))
        #expect(hal.reason(forMember: "halLinks", kind: .resourceAttribute) == .generatedMember)
        #expect(hal.reason(forMember: "halLinks", kind: .resourceRelationship) == nil, "relationships are not in HALCodingKeys")
        #expect(hal.reason(forMember: "knownCases", kind: .enumCase) == .generatedMember)
        #expect(hal.reason(forMember: "paths", kind: .includeSet) == nil, "a case does not clash with an instance property")
        #expect(hal.reason(forMember: "payload", kind: .requestParameter(.json)) == .generatedMember)
        #expect(hal.reason(forMember: "payload", kind: .requestParameter(.form)) == nil)
        #expect(hal.reason(forMember: "encode", kind: .resourceAttribute) == nil, "a method does not clash with a property")
        #expect(hal.wireKeys[.resourceAttribute]?["_links"] == "HALCodingKeys")
        #expect(hal.wireKeys[.resourceRelationship]?["_links"] == nil)
        #expect(hal.wireKeys[.resourceRelationship]?["id"] == "CodingKeys")
    }

    /// A template override's own declarations count: a property it adds to every resource and a type
    /// it nests there are taken.
    @Test func templateOverridesCount() throws {
        var templates = TemplateSet.defaults
        let models = try #require(templates.templates["Resource"])
        let anchor = "    /// The resource type on the wire.\n"
        try #require(models.contains(anchor))
        templates.templates["Resource"] = models.replacingOccurrences(
            of: anchor, with: "    {{access}} var auditTrail: [String] { [] }\n    {{access}} enum Audit {}\n\n" + anchor)
        let schema = """
            api: { name: Shop, format: jsonapi }
            resources:
              Audit: { type: audits }
              Product:
                type: products
                attributes: { auditTrail: String }

            """
        let collector = CollectingDiagnosticCollector()
        _ = try? Pipeline.validate(inputs: [InputFile(path: "shop.yml", text: schema)], templates: templates, diagnostics: collector)
        #expect(collector.sorted.map(\.description) == [
            "shop.yml:3:3: error: resource 'Audit' cannot be declared: generated code declares its own 'Audit' inside generated types; rename it",
            "shop.yml:6:19: error: member 'auditTrail' of 'Product' cannot be declared: generated code declares its own 'auditTrail' in the same type; rename it (set 'key' to keep the wire name)",
        ])
        let defaults = CollectingDiagnosticCollector()
        _ = try Pipeline.validate(inputs: [InputFile(path: "shop.yml", text: schema)], diagnostics: defaults)
        #expect(defaults.diagnostics.isEmpty)
    }

    @Test func theScannerReadsDeclarationsMembersAndConformances() {
        let code = SwiftDeclarationScanner("""
            import Foundation
            // struct Commented {}
            public struct A: Codable, Hashable where A: Sendable {
                /// The "id".
                public var id: String
                public internal(set) var name: String = "x } {"
                static let shared = A(id: "1")
                public enum Kind: String, CodingKey { case a, b = "bee", c }
                public func visit<Visitor: P>(_ v: Visitor) { var local = 1; local += 1 }
                @available(*, deprecated) public var old: Int { 0 }
            }
            extension A: Identifiable {
                public typealias Parent = B
                public init() { self.id = ""; self.name = "" }
            }
            """)
        let a = code.types["A"]
        #expect(a?.conformances == ["Codable", "Hashable", "Identifiable"])
        #expect(a?.members.map(\.name) == ["id", "name", "shared", "Kind", "visit", "old", "Parent", "init"])
        #expect(a?.members.first { $0.name == "shared" }?.kind == .typeMember)
        #expect(a?.members.first { $0.name == "old" }?.kind == .instanceProperty)
        #expect(code.types["A.Kind"]?.members.map(\.name) == ["a", "b", "c"])
        #expect(code.types["A.Kind"]?.members.map(\.rawValue) == [nil, "bee", nil])
        #expect(code.types["Commented"] == nil)
        #expect(code.genericParameters == ["Visitor"])
        #expect(code.importedModules == ["Foundation"])
    }
}
