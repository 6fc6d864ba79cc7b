import Foundation
import ResgenTemplates
import Testing

@testable import ResgenCore

/// `Rendering/RenderContext+RenderNode.swift` cannot drift from the context structs: this test
/// generates it from their stored properties (found with `Mirror` on the contexts of the probe schemas,
/// which use every feature) and fails when the committed file differs. `make tables` (`RESGEN_RECORD=1`)
/// rewrites it. It also checks that every field is read by a default template.
@Suite struct RenderNodeSourceTests {
    static let renderNodeURL = packageRoot.appendingPathComponent("Sources/ResgenCore/Rendering/RenderContext+RenderNode.swift")

    /// The render contexts of the probe schema, for each wire format.
    static func probeContexts() throws -> [APIContext] {
        try WireFormat.allCases.map { format in
            let diagnostics = CollectingDiagnosticCollector()
            let text = GeneratedNames.Probe.schema(format: format)
            let model = try Pipeline.validate(inputs: [InputFile(path: "probe.yml", text: text)], diagnostics: diagnostics)
            return Translator(model: model, config: Config(), inputHash: "0").translate()
        }
    }

    /// A stored property: its name and its type as `String(describing:)` spells it (`Optional<String>`).
    struct Field: Equatable {
        var name: String
        var type: String
    }

    /// The stored properties, in declaration order, of every context struct reachable from `value`.
    static func contextFields(in value: Any, into types: inout [String: [Field]]) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct:
            guard String(reflecting: type(of: value)).hasPrefix("ResgenCore.") else { return }
            let name = String(describing: type(of: value))
            if types[name] == nil {
                types[name] = mirror.children.compactMap { child in
                    child.label.map { Field(name: $0, type: String(describing: type(of: child.value))) }
                }
            }
            for child in mirror.children { contextFields(in: child.value, into: &types) }
        case .optional, .collection:
            for child in mirror.children { contextFields(in: child.value, into: &types) }
        default:
            return
        }
    }

    static func contextFields() throws -> [String: [Field]] {
        var types: [String: [Field]] = [:]
        for context in try probeContexts() { contextFields(in: context, into: &types) }
        return types
    }

    static func contextTypes() throws -> [String: [String]] {
        try contextFields().mapValues { $0.map(\.name) }
    }

    /// The `RenderValue` expression for a field of type `type` spelled `value`, or nil for a type the
    /// interpreter has no case for (then the generator must be taught it, and the interpreter too).
    static func renderValue(_ value: String, type: String, contexts: Set<String>) -> String? {
        switch type {
        case "String": return ".string(\(value))"
        case "Bool": return ".bool(\(value))"
        case "Int": return ".int(\(value))"
        case _ where contexts.contains(type): return ".node(\(value))"
        case _ where type.hasPrefix("Array<") && type.hasSuffix(">"):
            let element = String(type.dropFirst("Array<".count).dropLast())
            guard element == "String" || contexts.contains(element) else { return nil }
            return ".list(\(value))"
        case _ where type.hasPrefix("Optional<") && type.hasSuffix(">"):
            let wrapped = String(type.dropFirst("Optional<".count).dropLast())
            guard let inner = renderValue("$0", type: wrapped, contexts: contexts) else { return nil }
            return "\(value).map { \(inner) }"
        default: return nil
        }
    }

    /// `name` as a Swift identifier: backquoted if it is a keyword.
    static func identifier(_ name: String) -> String {
        let keywords: Set = [
            "as", "associatedtype", "break", "case", "catch", "class", "continue", "default", "defer", "deinit", "do", "else",
            "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import", "in", "init",
            "inout", "internal", "is", "let", "nil", "operator", "private", "protocol", "public", "repeat", "rethrows",
            "return", "self", "Self", "static", "struct", "subscript", "super", "switch", "throw", "throws", "true", "try",
            "typealias", "var", "where", "while", "Type",
        ]
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// The source of `RenderContext+RenderNode.swift` for `types`.
    static func renderNodeSource(_ types: [String: [Field]]) -> String {
        let contexts = Set(types.keys)
        let keys = Set(types.values.flatMap { $0.map(\.name) }).sorted()
        var text = """
            // Generated from the render context structs by `make tables`
            // (`RESGEN_RECORD=1 swift test --filter RenderNodeSourceTests`). Do not edit.

            // How `TemplateInterpreter` reads the render contexts: every stored property under its own
            // name (the keys `resgen dump-context` prints), looked up by a `RenderKey` resolved once per
            // tag when the templates are compiled, and answered as a `RenderValue`.

            /// Every key of every render context: what a tag's name is resolved to when the templates are
            /// compiled. A name that is not a key is looked up as nil in every context.
            enum RenderKey: String, CaseIterable {

            """
        for key in keys { text += "    case \(identifier(key))\n" }
        text += "}\n"
        for name in types.keys.sorted() {
            text += """

                extension \(name): RenderNode {
                    /// The value of the stored property called `key`.
                    func renderValue(_ key: RenderKey) -> RenderValue? {
                        switch key {

                """
            for field in types[name] ?? [] {
                let value = renderValue(field.name, type: field.type, contexts: contexts) ?? "nil /* unsupported type \(field.type) */"
                text += "        case .\(identifier(field.name)): \(value)\n"
            }
            text += """
                        default: nil
                        }
                    }
                }

                """
        }
        return text
    }

    @Test func theConformancesAreGeneratedFromTheContextStructs() throws {
        let fields = try Self.contextFields()
        #expect(fields.count >= 10, "the probe contexts reach \(fields.keys.sorted())")
        let contexts = Set(fields.keys)
        for (type, list) in fields.sorted(by: { $0.key < $1.key }) {
            for field in list where Self.renderValue(field.name, type: field.type, contexts: contexts) == nil {
                Issue.record("\(type).\(field.name) has type \(field.type), which RenderValue cannot hold: teach the generator and TemplateInterpreter")
            }
        }
        for (url, expected) in [(Self.renderNodeURL, Self.renderNodeSource(fields))] {
            let committed = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            if ProcessInfo.processInfo.environment["RESGEN_RECORD"] != nil {
                if committed != expected { try expected.write(to: url, atomically: true, encoding: .utf8) }
                Issue.record("recorded \(url.lastPathComponent); review the diff, rebuild and rerun without RESGEN_RECORD")
                continue
            }
            #expect(committed == expected, "\(url.lastPathComponent) is stale: run `make tables` and review the diff")
        }
    }

    /// A field no default template reads is dead weight in every render and in `dump-context`.
    @Test func everyFieldIsReadByADefaultTemplate() throws {
        let templates = EmbeddedTemplates.all.values.joined(separator: "\n")
        let tags = Set(
            templates.matches(of: /\{\{\{?[#^\/&]?\s*\.?([A-Za-z][A-Za-z0-9]*)\s*\}?\}\}/).map { String($0.output.1) })
        for (type, fields) in try Self.contextTypes().sorted(by: { $0.key < $1.key }) {
            for field in fields where !tags.contains(field) {
                Issue.record("\(type).\(field) is read by no default template")
            }
        }
    }
}
