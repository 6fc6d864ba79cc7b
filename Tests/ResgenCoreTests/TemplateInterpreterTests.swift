import Foundation
import Mustache
import Testing

@testable import ResgenCore

/// `TemplateInterpreter`, resgen's only renderer, renders what swift-mustache renders, byte for byte:
/// on every schema the repository holds with the default templates, with overrides that reach each rule
/// the interpreter copies (scopes, sections, partial indentation, content types, list positions,
/// transforms), and on random templates. swift-mustache renders here only, as the reference, looking the
/// contexts' fields up through `Mirror` as it does for any value. What the interpreter does not
/// implement is an error at the template's line (`TemplateErrorTests`).
@Suite struct TemplateInterpreterTests {
    /// A named render context.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var context: APIContext
        var testDescription: String { name }
    }

    /// Every example schema, every drafted reference schema (inference and OpenAPI import), the probe
    /// schemas of both formats (every feature), and the blog at each access level.
    static let cases: [Case] = {
        var cases: [Case] = []
        func add(_ name: String, _ inputs: [InputFile], config: Config = Config()) {
            let diagnostics = CollectingDiagnosticCollector()
            guard let context = try? Pipeline.renderContext(inputs: inputs, config: config, templates: .defaults, diagnostics: diagnostics) else {
                Issue.record("\(name) does not validate: \(diagnostics.sorted.map(\.description))")
                return
            }
            cases.append(Case(name: name, context: context))
        }
        let examples = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Schemas").path)) ?? []
        for example in examples.sorted() where !example.hasSuffix(".yml") {
            if let inputs = try? exampleInputs(example) { add(example, inputs) }
        }
        for format in WireFormat.allCases {
            add("probe-\(format.rawValue)", [InputFile(path: "probe.yml", text: GeneratedNames.Probe.schema(format: format))])
        }
        for level in Config.AccessLevel.allCases {
            if let inputs = try? exampleInputs("blog") { add("blog-\(level.rawValue)", inputs, config: Config(accessLevel: level)) }
        }
        let resources = packageRoot.appendingPathComponent("Tests/ResgenReferenceTests/Resources")
        for folder in ["Inference", "OpenAPI"] {
            let root = resources.appendingPathComponent(folder)
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted() {
                let draft = root.appendingPathComponent("\(name)/draft.yml")
                guard let text = try? String(contentsOf: draft, encoding: .utf8) else { continue }
                add("\(folder)/\(name)", [InputFile(path: "draft.yml", text: text)])
            }
        }
        return cases
    }()

    /// The probe contexts only: small, and every key has a value somewhere.
    static var probes: [Case] { cases.filter { $0.name.hasPrefix("probe-") } }

    /// How swift-mustache is given the contexts when it renders the reference.
    enum Reference {
        /// As they are: it finds their fields through `Mirror`, as it would for any value.
        case mirror
        /// Through ``ReferenceNode``, with the same values found some four times faster.
        case renderNode
    }

    /// Every template of `templates` rendered over `context` by the interpreter and by swift-mustache
    /// (the reference).
    func renders(_ context: APIContext, templates: TemplateSet, templateNames: [String]? = nil, reference: Reference = .renderNode) throws
        -> [(name: String, interpreted: Result<String?, TemplateError>, reference: String?)]
    {
        let prepared = try Renderer(templates: templates).prepare(access: context.access)
        return (templateNames ?? templates.templates.keys.sorted()).map { name in
            let interpreted = Result { () throws(TemplateError) in try prepared.render(context, template: name) }
            let expected =
                switch reference {
                case .mirror: prepared.library.render(context, withTemplate: name)
                case .renderNode: prepared.library.render(ReferenceNode(context), withTemplate: name)
                }
            return (name, interpreted, expected)
        }
    }

    @Test(arguments: cases)
    func defaultTemplatesRenderAsSwiftMustacheDoes(_ testCase: Case) throws {
        for render in try renders(testCase.context, templates: .defaults) {
            guard case .success(let text) = render.interpreted else {
                Issue.record("\(render.name): \(render.interpreted)")
                continue
            }
            #expect(text != nil, "\(render.name)")
            #expect(text == render.reference, "\(render.name)")
        }
    }

    /// The faster reference is the same reference: swift-mustache finding the fields through `Mirror`
    /// renders the same bytes (on the probes, which use every field).
    @Test(arguments: probes)
    func defaultTemplatesRenderAsSwiftMustacheDoesThroughMirror(_ testCase: Case) throws {
        for render in try renders(testCase.context, templates: .defaults, reference: .mirror) {
            #expect(try render.interpreted.get() == render.reference, "\(render.name)")
        }
    }

    /// Overrides written to reach the rules swift-mustache has and the default templates do not use.
    static let overrides: [(name: String, text: String)] = [
        // No content type: `{{…}}` is HTML-escaped, `{{{…}}}` and `{{&…}}` are not; a partial starts in HTML again.
        ("html", "{{apiName}} {{#resources}}{{resourceTypeLiteral}}|{{{resourceTypeLiteral}}}|{{&resourceTypeLiteral}}\n{{/resources}}{{> Inner}}"),
        ("html-switch", "{{%CONTENT_TYPE: TEXT}}{{#resources}}{{resourceTypeLiteral}}{{%CONTENT_TYPE: HTML}}{{resourceTypeLiteral}}{{/resources}}{{resourceTypeLiteral}}"),
        // An indented partial: each of its own tokens is indented after a newline, a list's elements after the first are not.
        ("indent", "{{%CONTENT_TYPE: TEXT}}\n{{#resources}}\n    {{> Inner}}\n  {{> Inner}}\n{{/resources}}\n  {{> Inner}}"),
        // Scopes: outer keys from inner scopes, a leading dot that does not climb, dotted names, unknown keys.
        ("scopes", "{{#resources}}{{#resourceProperties}}{{apiName}}.{{resourceName}}.{{propertyName}}:{{.resourceName}}:{{.propertyName}}{{noSuchKey}}{{propertyName.x}}\n{{/resourceProperties}}{{#hal}}{{hal.halRelations}}{{.halRelations}}{{/hal}}{{/resources}}{{entry.entryDoc}}"),
        // Sections on values: strings and numbers are pushed and printed with `.`; a flag keeps the list position, a value does not.
        ("values", "{{#resources}}{{#resourceProperties}}{{#propertyName}}[{{.}}]{{#first()}}F{{/first()}}{{/propertyName}}{{#propertyIsOptional}}{{^last()}}, {{/last()}}{{index()}}{{/propertyIsOptional}}{{#propertyUnsentPosition}}{{.}}{{/propertyUnsentPosition}}{{/resourceProperties}}{{/resources}}"),
        // Inverted sections: an empty list is pushed, a missing value renders, a present one does not.
        ("inverted", "{{#resources}}{{^resourceRelationships}}none:{{resourceName}}{{#.}}pushed{{/.}}{{count(.)}}{{/resourceRelationships}}{{^hal}}no-hal{{/hal}}{{^resourceName}}x{{/resourceName}}{{^noSuchKey}}y{{/noSuchKey}}\n{{/resources}}"),
        // List positions and transforms: swift-mustache's own conformances.
        ("transforms", "{{#resources}}{{index()}}{{#even()}}e{{/even()}}{{#odd()}}o{{/odd()}}{{count(resourceProperties)}}{{#empty(resourceRelationships)}}E{{/empty(resourceRelationships)}}{{uppercased(resourceName)}}{{plusone(index())}}{{#resourceProperties}}{{lowercased(propertyName)}}{{/resourceProperties}}{{/resources}}{{first()}}"),
        // Line endings: "\r\n" is one character, and not a newline for indentation.
        ("crlf", "{{%CONTENT_TYPE: TEXT}}a\r\n  {{> Inner}}\r\n{{#resources}}\r\n{{resourceName}}\r\n{{/resources}}"),
        // A missing partial renders nothing.
        ("missing", "{{> NoSuchTemplate}}{{apiName}}"),
    ]

    @Test(arguments: overrides.map(\.name))
    func overridesRenderAsSwiftMustacheDoes(_ override: String) throws {
        let text = try #require(Self.overrides.first { $0.name == override }).text
        var templates = TemplateSet.defaults
        templates.templates["Paths"] = text
        // Starts in HTML whatever the caller's content type: `resourceTypeLiteral` has quotes to escape.
        templates.templates["Inner"] = "{{#resources}}{{resourceName}} {{resourceTypeLiteral}}\n{{#resourceProperties}}- {{propertyName}}\n{{/resourceProperties}}{{/resources}}<{{apiName}}>\n"
        for testCase in Self.probes + Self.cases.filter({ $0.name == "blog" }) {
            for render in try renders(testCase.context, templates: templates, templateNames: ["Paths"]) {
                guard case .success(let interpreted) = render.interpreted else {
                    Issue.record("\(testCase.name): '\(override)': \(render.interpreted)")
                    continue
                }
                #expect(interpreted == render.reference, "\(testCase.name)")
            }
        }
    }

    @Test func randomTemplatesRenderAsSwiftMustacheDoes() throws {
        var generator = RandomTemplates(seed: 0x7e5_6e17)
        var interpreted = 0
        let count = 150
        for round in 0..<count {
            var templates = TemplateSet.defaults
            let set = generator.templateSet()
            for (name, text) in set { templates.templates[name] = text }
            guard (try? MustacheLibrary(templates: set.mapValues { try MustacheTemplate(string: $0) })) != nil else {
                Issue.record("round \(round): generated a template swift-mustache does not parse: \(set)")
                continue
            }
            var failed = false
            for testCase in Self.probes {
                for render in try renders(testCase.context, templates: templates, templateNames: ["Paths"]) {
                    switch render.interpreted {
                    case .success(let text):
                        #expect(text == render.reference, "round \(round), \(testCase.name): \(set)")
                    case .failure(let error):
                        // A list or a context printed, or a transform giving an optional: an error at the tag.
                        failed = true
                        #expect(error.line != nil && error.column != nil, "round \(round): \(error)")
                    }
                }
            }
            if !failed { interpreted += 1 }
        }
        // Most random templates stay inside what the interpreter renders, so the comparison means something.
        #expect(interpreted > count / 2, "only \(interpreted) of \(count) random template sets were interpreted")
    }

    /// The value swift-mustache finds for `key` in `value`: a stored property through `Mirror`, an
    /// optional unwrapped (its `Mirror.getValue(forKey:)`).
    static func mirrorValue(_ key: String, in value: Any) -> Any? {
        guard let child = Mirror(reflecting: value).children.first(where: { $0.label == key }) else { return nil }
        let mirror = Mirror(reflecting: child.value)
        guard mirror.displayStyle == .optional else { return child.value }
        return mirror.children.first?.value
    }

    /// Each context answers every key with the value swift-mustache finds for it.
    @Test(arguments: cases)
    func renderValuesAreWhatSwiftMustacheFinds(_ testCase: Case) throws {
        var visited = 0
        func check(_ node: any RenderNode, path: String) {
            visited += 1
            for key in RenderKey.allCases {
                let value = node.renderValue(key)
                let child = Self.mirrorValue(key.rawValue, in: node.anyValue)
                func same(_ expected: Any) -> Bool {
                    child.map { type(of: $0) == type(of: expected) && ($0 as? AnyHashable) == (expected as? AnyHashable) } ?? false
                }
                let agrees: Bool
                switch value {
                case nil: agrees = child == nil
                case .string(let string)?: agrees = same(string)
                case .bool(let flag)?: agrees = same(flag)
                case .int(let number)?: agrees = same(number)
                case .node(let nested)?:
                    agrees = same(nested.anyValue)
                    check(nested, path: "\(path).\(key.rawValue)")
                case .list(let list)?:
                    agrees = same(list.anyValue)
                    for index in 0..<list.count {
                        switch list.element(at: index) {
                        case .node(let element): check(element, path: "\(path).\(key.rawValue)[\(index)]")
                        case .string: break
                        default: Issue.record("\(path).\(key.rawValue)[\(index)] is neither a context nor a string")
                        }
                    }
                }
                if !agrees { Issue.record("\(path).\(key.rawValue): renderValue gives \(String(describing: value)), Mirror \(String(describing: child))") }
            }
        }
        check(testCase.context, path: "context")
        #expect(visited > 1)
    }

    /// The interpreter treats a string, a number, a flag or a list on the stack as having no keys:
    /// swift-mustache looks keys up in them through `Mirror`, which finds no labelled children there.
    @Test func valuesOnTheStackHaveNoLabelledChildren() {
        let values: [Any] = ["text", 42, true, ["a"], [PropertyContext](), [String]()]
        for value in values {
            #expect(Mirror(reflecting: value).children.allSatisfy { $0.label == nil }, "\(type(of: value))")
        }
    }
}

/// A render context as swift-mustache's `MustacheParent`, answering each key with the value the
/// context's ``RenderNode`` switch gives (`renderValuesAreWhatSwiftMustacheFinds` checks those values
/// against `Mirror`'s): the reference renders without a `Mirror` per scope climbed, which made the
/// comparison on every schema take minutes.
struct ReferenceNode: MustacheParent {
    let node: any RenderNode

    init(_ node: any RenderNode) { self.node = node }

    func child(named key: String) -> Any? {
        guard let key = RenderKey(rawValue: key), let value = node.renderValue(key) else { return nil }
        return Self.value(value)
    }

    /// `value` as swift-mustache holds it: text, a number, a flag, a context or an array of these.
    static func value(_ value: RenderValue) -> Any {
        switch value {
        case .string(let string): string
        case .bool(let flag): flag
        case .int(let number): number
        case .node(let node): ReferenceNode(node)
        case .list(let list):
            // An array of strings stays `[String]`, so that transforms see the same type.
            if let strings = list.anyValue as? [String] { strings } else { (0..<list.count).map { Self.value(list.element(at: $0)) } }
        }
    }
}

/// Random but parseable template sets: `Paths` and partials `R0`…`R3`, each partial only naming later
/// ones (no recursion), built from the context keys, unknown keys, dotted and leading-dot names,
/// sections, inverted sections, list positions, transforms, content types, indented partials and text
/// with newlines, "\r\n" and HTML's special characters.
struct RandomTemplates {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { random.next() }

    mutating func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func pick<T>(_ values: [T]) -> T { values[int(0..<values.count)] }

    static let keys = RenderKey.allCases.map(\.rawValue)
    /// Keys whose values are lists, flags or optional contexts: what sections are mostly made of.
    static let sectionKeys = [
        "resources", "resourceProperties", "resourceRelationships", "hal", "jsonAPI", "objects", "objectProperties", "enums",
        "enumCases", "unions", "requests", "entry", "propertyIsOptional", "propertyIsTracked", "propertyDoc", "relationshipIsOptional",
        "resourceDoc", "propertyDateFormat", "includeCases", "includePaths", "includeSteps", "apiDoc", "baseURLLiteral",
    ]

    mutating func name() -> String {
        switch int(0..<12) {
        case 0: "."
        case 1: "noSuchKey"
        case 2: "." + pick(Self.keys)
        case 3: pick(Self.sectionKeys) + "." + pick(Self.keys)
        default: pick(Self.keys)
        }
    }

    mutating func transformed() -> String {
        switch int(0..<6) {
        case 0: "\(pick(["first", "last", "index", "even", "odd"]))()"
        case 1: "count(\(pick(Self.sectionKeys + ["."])))"
        case 2: "empty(\(pick(Self.sectionKeys + ["."])))"
        case 3: "\(pick(["uppercased", "lowercased", "capitalized"]))(\(pick(Self.keys)))"
        case 4: "plusone(index())"
        default: "\(pick(["first", "last"]))()"
        }
    }

    mutating func body(depth: Int, partials: ArraySlice<Int>) -> String {
        var text = ""
        for _ in 0..<int(1..<7) {
            switch int(0..<14) {
            case 0, 1: text += pick(["x", " ", "\n", "  ", "\r\n", "<&\"'>", "\n    ", ", ", "\n\n", "{{resourceTypeLiteral}}", "{{.}}"])
            case 2: text += "{{\(name())}}"
            case 3: text += "{{{\(name())}}}"
            case 4: text += "{{&\(name())}}"
            case 5, 6, 7:
                guard depth < 4 else { continue }
                let section = int(0..<4) == 0 ? transformed() : pick(Self.sectionKeys + [name()])
                let standalone = int(0..<2) == 0
                let open = standalone ? "\n{{#\(section)}}\n" : "{{#\(section)}}"
                let close = standalone ? "\n{{/\(section)}}\n" : "{{/\(section)}}"
                text += open + body(depth: depth + 1, partials: partials) + close
            case 8:
                guard depth < 4 else { continue }
                let section = int(0..<4) == 0 ? transformed() : pick(Self.sectionKeys + [name()])
                text += "{{^\(section)}}" + body(depth: depth + 1, partials: partials) + "{{/\(section)}}"
            case 9, 10:
                guard let partial = partials.randomElement(using: &self) else { continue }
                text += pick(["{{> R\(partial)}}", "\n  {{> R\(partial)}}\n", "\n{{>R\(partial)}}\n", "\r\n    {{> R\(partial)}}\r\n"])
            case 11: text += "{{%CONTENT_TYPE: \(pick(["TEXT", "HTML"]))}}"
            case 12: text += "{{\(transformed())}}"
            default: text += "{{! a comment }}"
            }
        }
        return text
    }

    mutating func templateSet() -> [String: String] {
        var set: [String: String] = ["Paths": body(depth: 0, partials: [0, 1, 2, 3])]
        for index in 0..<4 { set["R\(index)"] = body(depth: 1, partials: [0, 1, 2, 3][(index + 1)...]) }
        return set
    }
}

extension RandomTemplates: RandomNumberGenerator {}
