import Foundation
import ResgenTemplates
import Testing

@testable import ResgenCore

/// `Rendering/RenderContext+MustacheParent.swift` cannot drift from the context structs: this test
/// generates it from their stored properties (found with `Mirror` on the contexts of the probe schemas,
/// which use every feature) and fails when the committed file differs. `RESGEN_RECORD=1` (or
/// `make render-context`) rewrites it. It also checks that every field is read by a default template.
@Suite struct MustacheParentSourceTests {
    static let sourceURL = packageRoot.appendingPathComponent("Sources/ResgenCore/Rendering/RenderContext+MustacheParent.swift")

    /// The render contexts of the probe schema, for each wire format.
    static func probeContexts() throws -> [APIContext] {
        try WireFormat.allCases.map { format in
            let diagnostics = CollectingDiagnosticCollector()
            let text = GeneratedNames.Probe.schema(format: format)
            let model = try Pipeline.validate(inputs: [InputFile(path: "probe.yml", text: text)], diagnostics: diagnostics)
            return Translator(model: model, config: Config(), inputHash: "0").translate()
        }
    }

    /// The stored properties, in declaration order, of every context struct reachable from `value`.
    static func contextTypes(in value: Any, into types: inout [String: [String]]) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct:
            guard String(reflecting: type(of: value)).hasPrefix("ResgenCore.") else { return }
            let name = String(describing: type(of: value))
            if types[name] == nil { types[name] = mirror.children.compactMap(\.label) }
            for child in mirror.children { contextTypes(in: child.value, into: &types) }
        case .optional, .collection:
            for child in mirror.children { contextTypes(in: child.value, into: &types) }
        default:
            return
        }
    }

    static func contextTypes() throws -> [String: [String]] {
        var types: [String: [String]] = [:]
        for context in try probeContexts() { contextTypes(in: context, into: &types) }
        return types
    }

    /// The source of `RenderContext+MustacheParent.swift` for `types`.
    static func source(_ types: [String: [String]]) -> String {
        var text = """
            // Generated from the render context structs by `make render-context`
            // (`RESGEN_RECORD=1 swift test --filter MustacheParentSourceTests`). Do not edit.

            import Mustache

            // Mustache looks values up through `MustacheParent`: a `switch` per key instead of Mirror
            // reflection (about 4× faster) or an intermediate dictionary tree. Each switch lists every stored
            // property under its own name, so templates see the same keys `resgen dump-context` prints.

            """
        for name in types.keys.sorted() {
            text += """

                extension \(name): MustacheParent {
                    /// The value of the stored property called `key`.
                    public func child(named key: String) -> Any? {
                        switch key {

                """
            for field in types[name] ?? [] { text += "        case \"\(field)\": \(field)\n" }
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
        let types = try Self.contextTypes()
        #expect(types.count >= 10, "the probe contexts reach \(types.keys.sorted())")
        let expected = Self.source(types)
        let committed = try String(contentsOf: Self.sourceURL, encoding: .utf8)
        if ProcessInfo.processInfo.environment["RESGEN_RECORD"] != nil {
            if committed != expected { try expected.write(to: Self.sourceURL, atomically: true, encoding: .utf8) }
            Issue.record("recorded \(Self.sourceURL.lastPathComponent); review the diff, rebuild and rerun without RESGEN_RECORD")
            return
        }
        #expect(committed == expected, "RenderContext+MustacheParent.swift is stale: run `make render-context` and review the diff")
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
