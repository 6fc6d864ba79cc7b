import Foundation
@testable import ResgenCore
import Testing

/// The generated `RenderNode` switches must expose exactly the keys `dump-context` shows (the
/// `Encodable` keys), or a template key would silently fall through to an outer scope.
@Suite struct RenderContextTests {
    /// Walks the JSON of a context and checks every object's keys resolve through `renderValue(_:)`.
    func check(_ value: Any, json: Any, path: String) {
        if let object = json as? [String: Any] {
            guard let node = value as? any RenderNode else {
                Issue.record("\(path) is not a RenderNode")
                return
            }
            for (key, nested) in object {
                guard let renderKey = RenderKey(rawValue: key), node.renderValue(renderKey) != nil,
                    let child = Mirror(reflecting: value).children.first(where: { $0.label == key })?.value
                else {
                    Issue.record("\(path).\(key) is encoded but not reachable from templates")
                    continue
                }
                check(unwrap(child), json: nested, path: "\(path).\(key)")
            }
            #expect(RenderKey(rawValue: "noSuchKey") == nil)
        } else if let array = json as? [Any], let values = value as? [Any] {
            for (index, pair) in zip(array, values).enumerated() { check(pair.1, json: pair.0, path: "\(path)[\(index)]") }
        }
    }

    func unwrap(_ value: Any) -> Any {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional, let first = mirror.children.first { return first.value }
        return value
    }

    @Test(arguments: ["blog", "contacts", "forum", "press"])
    func templatesSeeEveryEncodedKey(_ example: String) throws {
        let model = try Pipeline.validate(inputs: try exampleInputs(example), diagnostics: CollectingDiagnosticCollector())
        let context = Translator(model: model, config: Config(), inputHash: "0").translate()
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(context))
        check(context, json: json, path: "context")
    }
}
