import Foundation
@testable import ResgenCore
import Testing

/// Issue 17, item 7: every name the validator accepts generates code that compiles (warning-free), and
/// every name it refuses gets a located diagnostic. The candidates are the names generated code and
/// the runtime could clash with: the runtime's type names, every identifier the probe's generated code
/// contains, the properties of the protocols generated types conform to, the standard library's
/// common names, and names that are no identifier at all.
extension HostileNamesCompileTests {
    static let api = "api: { name: Hostile, format: FORMAT }\n"

    /// Identifiers of the probe's generated code for `format`.
    static func probeIdentifiers(_ format: WireFormat) -> [String] {
        guard let code = GeneratedNames.Probe.render(templates: .defaults, format: format) else { return [] }
        return SwiftDeclarationScanner(code).identifiers.filter { !GeneratedNames.Probe.isProbeName($0) }.sorted()
    }

    static func typeCandidates(_ format: WireFormat) -> [String] {
        let standard = [
            "ID", "RawValue", "AllCases", "Optional", "Array", "Dictionary", "Set", "Error", "Never", "Void", "Character", "Result",
            "Task", "Swift", "Foundation", "ResgenRuntime", "Any", "AnyObject", "Self", "Type", "Protocol", "Visitor", "Target",
            "Element", "Key", "Value", "JSONDecoder", "JSONEncoder", "Equatable", "Codable", "Decodable", "Encodable", "File",
        ]
        let odd = ["_", "__", "-", "1st", "ö"]
        let names = RuntimeSymbols.typeNames.union(probeIdentifiers(format).filter { $0.first?.isUppercase == true }).union(standard).union(odd)
        return names.sorted()
    }

    static func memberCandidates(_ format: WireFormat) -> [String] {
        let protocolProperties = RuntimeSymbols.protocols.values.flatMap { $0.instanceProperties + $0.typeProperties }
        let locals = ["container", "decoder", "encoder", "key", "visitor", "value", "items", "fields", "parts", "changes", "old", "keyPath", "embedded", "payload", "data"]
        let names = Set(probeIdentifiers(format).filter { $0.first?.isLowercase == true }).union(protocolProperties).union(locals)
            .subtracting(SwiftNaming.keywords).subtracting(SwiftNaming.reservedMemberNames)
        return names.sorted()
    }

    /// The diagnostics of `yaml` (with the API block for `format`), errors only.
    static func errors(_ yaml: String, format: WireFormat) -> [Diagnostic] {
        let collector = CollectingDiagnosticCollector()
        _ = try? Pipeline.validate(inputs: [InputFile(path: "names.yml", text: api.replacingOccurrences(of: "FORMAT", with: format.rawValue) + yaml)], diagnostics: collector)
        return collector.diagnostics.filter { $0.severity == .error }
    }

    /// Splits `candidates` into those `schema` (the candidate in one position) validates and those it
    /// refuses, checking that each refusal is located and says how to fix it.
    static func partition(_ candidates: [String], format: WireFormat, _ schema: (String) -> String) -> [String] {
        var accepted: [String] = []
        for name in candidates {
            let found = errors(schema(name), format: format)
            if found.isEmpty {
                accepted.append(name)
            } else {
                for error in found {
                    #expect(error.location != nil, "unlocated: \(error)")
                    #expect(error.message.contains("rename") || error.message.contains("name the case"), "no fix in: \(error)")
                }
            }
        }
        return accepted
    }

    static func quoted(_ name: String) -> String { "\"\(name)\"" }

    @Test(arguments: WireFormat.allCases)
    func everyTypeNameCompilesOrIsRefused(format: WireFormat) async throws {
        let candidates = Self.typeCandidates(format)
        let asResource = Self.partition(candidates, format: format) { "resources:\n  \(Self.quoted($0)): { type: x, path: /x, operations: [list, show] }\n" }
        let asEnum = Self.partition(candidates, format: format) { "enums:\n  \(Self.quoted($0)): { values: [a] }\n" }
        let asObject = Self.partition(candidates, format: format) { "objects:\n  \(Self.quoted($0)): { attributes: { a: Int? } }\n" }
        let asRequest = Self.partition(candidates, format: format) { "requests:\n  \(Self.quoted($0)): { method: GET, path: /r }\n" }
        #expect(!asResource.contains("ToOne") && !asResource.contains("ID") && !asResource.contains("_") && asResource.contains("Page"))

        // The accepted names together, each used where generated code names schema types.
        var yaml = "resources:\n  Hub:\n    type: hubs\n    path: /hubs\n    operations: [list, show, create]\n    relationships:\n"
        for (index, name) in asResource.enumerated() { yaml += "      r\(index): { toOne: \(Self.quoted(name + "?")) }\n" }
        yaml += "    includes:\n      all: [\(asResource.indices.map { "r\($0)" }.joined(separator: ", "))]\n"
        for (index, name) in asResource.enumerated() {
            yaml += "  \(Self.quoted(name)):\n    type: t\(index)\n    path: /t\(index)\n    operations: [list, show]\n    relationships: { hub: { toMany: Hub } }\n    includes: { hubs: [hub] }\n"
            yaml += "    attributes: { e: E?, o: O? }\n"
        }
        yaml += "enums:\n  E: { values: [a] }\nobjects:\n  O: { attributes: { a: Int? } }\n"
        yaml += "requests:\n"
        for (index, name) in asResource.enumerated() { yaml += "  Get\(index): { method: GET, path: /g\(index), response: \(Self.quoted(name)) }\n" }
        try await compiles(yaml, format: format, label: "resources")

        // Enums, objects and requests of those names, used by a resource.
        var types = "resources:\n  Hub:\n    type: hubs\n    path: /hubs\n    operations: [show]\n    attributes:\n"
        for (index, name) in asEnum.enumerated() { types += "      e\(index): \(Self.quoted(name + "?"))\n" }
        for (index, name) in asObject.enumerated() where !asEnum.contains(name) { types += "      o\(index): \(Self.quoted(name + "?"))\n" }
        types += "enums:\n"
        for name in asEnum { types += "  \(Self.quoted(name)): { values: [a] }\n" }
        types += "objects:\n"
        for name in asObject where !asEnum.contains(name) { types += "  \(Self.quoted(name)): { attributes: { a: Int? } }\n" }
        types += "requests:\n"
        for name in asRequest where !asEnum.contains(name) && !asObject.contains(name) { types += "  \(Self.quoted(name)): { method: POST, path: /r, body: Hub, response: Hub }\n" }
        try await compiles(types, format: format, label: "enums, objects, requests")
    }

    @Test(arguments: WireFormat.allCases)
    func everyMemberNameCompilesOrIsRefused(format: WireFormat) async throws {
        let candidates = Self.memberCandidates(format)
        let base = "resources:\n  Target:\n    type: targets\n    path: /targets\n    operations: [list, show, create, patch]\n"
        let attributes = Self.partition(candidates, format: format) { base + "    attributes: { \(Self.quoted($0)): String? }\n" }
        let relationships = Self.partition(candidates, format: format) { base + "    relationships: { \(Self.quoted($0)): { toOne: Target? } }\n" }
        let includeSets = Self.partition(candidates, format: format) { base + "    relationships: { r: { toOne: Target? } }\n    includes: { \(Self.quoted($0)): [r] }\n" }
        let links = Self.partition(candidates, format: format) { base + "    links: { \(Self.quoted($0)): x }\n" }
        let objectAttributes = Self.partition(candidates, format: format) { "objects:\n  O: { attributes: { \(Self.quoted($0)): Int? } }\n" }
        let cases = Self.partition(candidates, format: format) { "enums:\n  E: { values: [\(Self.quoted($0))] }\n" }
        let bodies = ["": "", "json": "body: O", "form": "body: { form: { f: String? } }", "multipart": "body: { multipart: { f: File } }", "raw": "body: { raw: text/plain }"]
        var parameters: [String: [String]] = [:]
        for (kind, body) in bodies {
            parameters[kind] = Self.partition(candidates, format: format) { "objects: { O: { attributes: { a: Int? } } }\nrequests:\n  R: { method: POST, path: /r, query: { \(Self.quoted($0)): String? }, \(body) }\n" }
        }
        #expect(!attributes.contains("hashValue") && !cases.contains("knownCases") && attributes.contains("encoder") && attributes.contains("items"))

        var yaml = "resources:\n  Target:\n    type: targets\n    path: /targets\n    operations: [list, show, create, patch, delete]\n"
        yaml += "    \(format == .jsonapi ? "sparseFieldsets: true" : "")\n    attributes:\n"
        for name in attributes { yaml += "      \(Self.quoted(name)): String?\n" }
        yaml += "  Other:\n    type: others\n    parent: Target\n    path: others\n    operations: [list, show, create]\n    \(format == .jsonapi ? "sparseFieldsets: true" : "")\n    relationships:\n"
        for name in relationships { yaml += "      \(Self.quoted(name)): { toOne: Target? }\n" }
        yaml += "      many: { toMany: Target }\n    includes:\n"
        for name in includeSets { yaml += "      \(Self.quoted(name)): [\"[many]\"]\n" }
        yaml += "    links:\n"
        for name in links { yaml += "      \(Self.quoted(name)): { rel: \(Self.quoted("x:" + name)), templated: true }\n" }
        yaml += "objects:\n  O:\n    attributes:\n"
        for name in objectAttributes { yaml += "      \(Self.quoted(name)): Int?\n" }
        yaml += "enums:\n  E:\n    values: [\(cases.map(Self.quoted).joined(separator: ", "))]\n"
        yaml += "requests:\n"
        for (kind, body) in bodies.sorted(by: { $0.key < $1.key }) {
            yaml += "  Q\(kind):\n    method: POST\n    path: /q\n    \(body)\n    query:\n"
            for name in parameters[kind] ?? [] { yaml += "      \(Self.quoted(name)): String?\n" }
        }
        yaml += "  Fields:\n    method: POST\n    path: /f\n    body:\n      form:\n"
        for name in parameters["form"] ?? [] { yaml += "        \(Self.quoted(name)): String?\n" }
        yaml += "  Parts:\n    method: POST\n    path: /p\n    body:\n      multipart:\n"
        for name in parameters["multipart"] ?? [] { yaml += "        \(Self.quoted(name)): String?\n" }
        try await compiles(yaml, format: format, label: "members")
    }

    /// `yaml` validates without errors and its code compiles with `-warnings-as-errors`.
    func compiles(_ yaml: String, format: WireFormat, label: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        let collector = CollectingDiagnosticCollector()
        let text = Self.api.replacingOccurrences(of: "FORMAT", with: format.rawValue) + yaml
        let files: [GeneratedFile]
        do {
            files = try GeneratedCode.generate(text, diagnostics: collector)
        } catch {
            Issue.record("\(label): accepted names together do not validate:\n\(collector.sorted.map(\.description).prefix(20).joined(separator: "\n"))", sourceLocation: sourceLocation)
            return
        }
        let result = try await GeneratedCode.compile(files)
        #expect(result.status == 0, "\(label): generated code must compile warning-free:\n\(result.output.prefix(6000))", sourceLocation: sourceLocation)
    }
}
