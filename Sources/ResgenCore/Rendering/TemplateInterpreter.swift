import Mustache

/// Renders the templates over the render contexts exactly as swift-mustache 2.1 does, in a fraction
/// of its time: each tag's name is split and resolved once (``CompiledTemplate``), and a lookup is a
/// `switch` on the context's ``RenderNode`` conformance instead of swift-mustache's per-tag work on
/// `Any` (a key split, a string `switch`, and some eight dynamic casts and existential copies per scope
/// climbed). That work was 84% of the generator's time once every line of code came from a template.
///
/// It is resgen's only renderer; swift-mustache parses the templates and, in the tests only, renders
/// them too, as the reference the bytes are compared with (`TemplateInterpreterTests`, on every schema
/// and on templates written to reach every rule).
///
/// The rules are swift-mustache's `Template+Render.swift`, followed step for step: which scope a name
/// is found in, what a section does with a list, a flag, a value or nothing, that a list section and a
/// flag keep `first()`/`last()` and a value section does not, that a partial starts in the HTML content
/// type with its indentation added after every newline of its own output, and how each value prints.
/// Where a template leads outside what the render contexts hold — a list or a context printed as text,
/// a transform giving something other than text, a number or a flag — the render stops with a
/// ``TemplateError`` at that tag, as it does for a construct it does not implement (see
/// ``CompiledTemplate``).
struct TemplateInterpreter: Sendable {
    let templates: [String: CompiledTemplate]
    /// The content type a render and every partial start in: swift-mustache's HTML type, taken from
    /// its parse of `{{%CONTENT_TYPE: HTML}}` (the type itself is internal).
    let initialContentType: any MustacheContentType

    /// Compiles every template of `library`, whose texts are `texts` (after substituting `access`) and
    /// `originals` (as written).
    /// - Throws: ``TemplateError`` at the first tag of a template that the interpreter does not implement.
    init(library: MustacheLibrary, texts: [String: String], originals: [String: String], access: String) throws(TemplateError) {
        let probeText = "{{%CONTENT_TYPE: HTML}}"
        guard let html = try? MustacheTemplate(string: probeText) else {
            throw TemplateError(template: "", message: "swift-mustache does not parse '\(probeText)'")
        }
        let probe = try CompiledTemplate(reflecting: html, name: "", text: probeText, original: probeText, access: access)
        guard probe.tokens.count == 1, case .contentType(let contentType) = probe.tokens[0] else {
            throw TemplateError(template: "", message: "swift-mustache's parse of '\(probeText)' is not one resgen can read")
        }
        var templates: [String: CompiledTemplate] = [:]
        for (name, text) in texts.sorted(by: { $0.key < $1.key }) {
            guard let template = library.getTemplate(named: name) else { continue }
            templates[name] = try CompiledTemplate(
                reflecting: template, name: name, text: text, original: originals[name] ?? text, access: access)
        }
        self.templates = templates
        self.initialContentType = contentType
    }

    /// Template `name` rendered over `root`; nil when there is no such template.
    /// - Throws: ``TemplateError`` at a tag whose value cannot be printed or transformed.
    func render(_ root: some RenderNode, template name: String) throws(TemplateError) -> String? {
        try renderUTF8(root, template: name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// ``render(_:template:)`` as UTF-8 bytes (valid: pieces of strings joined at token boundaries).
    func renderUTF8(_ root: some RenderNode, template name: String) throws(TemplateError) -> [UInt8]? {
        guard let template = templates[name] else { return nil }
        var run = Run(interpreter: self, root: root)
        try run.render(template, Scope(position: nil, indentation: [], contentType: initialContentType))
        return run.output
    }
}

extension TemplateInterpreter {
    /// What swift-mustache's `MustacheContext` carries besides the stack.
    struct Scope {
        /// Where in a list the innermost list section is (`MustacheSequenceContext`); nil outside one
        /// and inside a value section or a partial, as there.
        var position: ListPosition?
        /// Added after every newline of the output of a partial's own tokens (empty: none; swift-mustache
        /// treats nil and "" alike).
        var indentation: [UInt8]
        var contentType: any MustacheContentType
    }

    /// `first()`, `last()`, `index()`, `even()`, `odd()` inside a list section.
    struct ListPosition {
        var first: Bool
        var last: Bool
        var index: Int

        func transform(_ name: String) -> RenderValue? {
            switch name {
            case "first": .bool(first)
            case "last": .bool(last)
            case "index": .int(index)
            case "even": .bool(index & 1 == 0)
            case "odd": .bool(index & 1 == 1)
            default: nil
            }
        }
    }

    /// One render: the context stack and the output so far.
    struct Run {
        let templates: [String: CompiledTemplate]
        let initialContentType: any MustacheContentType
        var stack: [RenderValue]
        var output: [UInt8] = []

        init(interpreter: TemplateInterpreter, root: some RenderNode) {
            templates = interpreter.templates
            initialContentType = interpreter.initialContentType
            stack = [.node(root)]
            output.reserveCapacity(1 << 16)
        }

        /// swift-mustache's `MustacheTemplate.render(context:)`.
        mutating func render(_ template: CompiledTemplate, _ scope: Scope) throws(TemplateError) {
            var scope = scope
            let indentation = scope.indentation
            if indentation.isEmpty {
                for token in template.tokens { try render(token, &scope) }
                return
            }
            // Each token's output is indented when it is not empty and this template's output so far
            // ends with a newline.
            let start = output.count
            for token in template.tokens {
                let indent = endsWithNewline(since: start)
                if case .text(let text) = token {
                    if indent, !text.isEmpty { output.append(contentsOf: indentation) }
                    output.append(contentsOf: text)
                    continue
                }
                let mark = output.count
                try render(token, &scope)
                if indent, output.count > mark { output.insert(contentsOf: indentation, at: mark) }
            }
        }

        /// Whether the output since `start` ends with the character "\n" (a "\r\n" is one character,
        /// and not that one).
        func endsWithNewline(since start: Int) -> Bool {
            let end = output.count
            guard end > start, output[end - 1] == UInt8(ascii: "\n") else { return false }
            return !(end - 1 > start && output[end - 2] == UInt8(ascii: "\r"))
        }

        /// swift-mustache's `renderToken(_:context:)`.
        mutating func render(_ token: CompiledTemplate.Token, _ scope: inout Scope) throws(TemplateError) {
            switch token {
            case .text(let text):
                output.append(contentsOf: text)
            case .variable(let lookup, let escaped):
                guard let value = try resolve(lookup, scope) else { return }
                let text: String
                switch value {
                case .string(let string): text = string
                case .int(let number): text = String(number)
                case .bool(let flag): text = flag ? "true" : "false"
                case .node:  // printed with `String(describing:)` by swift-mustache: Swift, not template text
                    let tag = lookup.spelling
                    throw lookup.site.error(
                        "'{{\(tag)}}' is a context, which does not print; print one of its fields, or check for it with '{{#\(tag)}}'")
                case .list:
                    let tag = lookup.spelling
                    throw lookup.site.error(
                        "'{{\(tag)}}' is a list, which does not print; print its elements inside '{{#\(tag)}}…{{/\(tag)}}'")
                }
                output.append(contentsOf: (escaped ? scope.contentType.escapeText(text) : text).utf8)
            case .section(let lookup, let body):
                guard let value = try resolve(lookup, scope) else { return }
                switch value {
                case .list(let list):
                    let count = list.count
                    var inner = scope
                    for index in 0..<count {
                        inner.position = ListPosition(first: index == 0, last: index == count - 1, index: index)
                        stack.append(list.element(at: index))
                        try render(body, inner)
                        stack.removeLast()
                    }
                case .bool(let flag):
                    if flag { try render(body, scope) }
                case .string, .int, .node:
                    var inner = scope
                    inner.position = nil
                    stack.append(value)
                    try render(body, inner)
                    stack.removeLast()
                }
            case .invertedSection(let lookup, let body):
                switch try resolve(lookup, scope) {
                case .list(let list)?:
                    // An empty list renders the section with the list itself pushed.
                    guard list.count == 0 else { return }
                    var inner = scope
                    inner.position = nil
                    stack.append(.list(list))
                    try render(body, inner)
                    stack.removeLast()
                case .bool(let flag)?:
                    if !flag { try render(body, scope) }
                case .string?, .int?, .node?:
                    return
                case nil:
                    try render(body, scope)
                }
            case .partial(let name, let indentation):
                guard let template = templates[name] else { return }
                let inner = Scope(
                    position: nil, indentation: indentation.map { scope.indentation + $0.utf8 } ?? scope.indentation,
                    contentType: initialContentType)
                try render(template, inner)
            case .contentType(let contentType):
                scope.contentType = contentType
            }
        }

        /// swift-mustache's `getChild(named:transforms:context:)`.
        func resolve(_ lookup: CompiledTemplate.Lookup, _ scope: Scope) throws(TemplateError) -> RenderValue? {
            var transforms = lookup.transforms[...]
            var value: RenderValue
            switch lookup.path {
            case .current:
                value = stack[stack.count - 1]
            case .position:
                // The list position is not a value of its own: its transform gives the first one.
                guard let position = scope.position, let first = transforms.popFirst(), let result = position.transform(first) else {
                    return nil
                }
                value = result
            case .top(let keys):
                guard let found = Self.walk(keys[...], from: stack[stack.count - 1]) else { return nil }
                value = found
            case .stack(let keys):
                guard let first = keys.first else {
                    value = stack[stack.count - 1]
                    break
                }
                var found: RenderValue?
                var level = stack.count - 1
                while level >= 0 {  // by index: iterating `reversed()` copies each scope's value
                    if let child = Self.child(first, of: stack[level]) {
                        found = Self.walk(keys.dropFirst(), from: child)
                        break
                    }
                    level -= 1
                }
                guard let found else { return nil }
                value = found
            }
            for transform in transforms {
                guard let result = try Self.transformed(value, transform, lookup) else { return nil }
                value = result
            }
            return value
        }

        /// The value of `key` in one scope: a context's field; nothing in a string, a number or a list
        /// (whose `Mirror`s have no labelled children, which is where swift-mustache looks in them).
        static func child(_ key: CompiledTemplate.Key, of value: RenderValue) -> RenderValue? {
            guard case .node(let node) = value, let key = key.key else { return nil }
            return node.renderValue(key)
        }

        /// The rest of a dotted name, from the value its first part found.
        static func walk(_ keys: ArraySlice<CompiledTemplate.Key>, from value: RenderValue) -> RenderValue? {
            var value = value
            for key in keys {
                guard let child = child(key, of: value) else { return nil }
                value = child
            }
            return value
        }

        /// A transform (`count(list)`, `uppercased(name)`, …) through swift-mustache's own
        /// `MustacheTransformable` conformances, on the value as swift-mustache holds it.
        static func transformed(
            _ value: RenderValue, _ name: String, _ lookup: CompiledTemplate.Lookup
        ) throws(TemplateError) -> RenderValue? {
            let any: Any =
                switch value {
                case .string(let string): string
                case .int(let number): number
                case .bool(let flag): flag
                case .node(let node): node.anyValue
                case .list(let list): list.anyValue
                }
            guard let transformable = any as? any MustacheTransformable, let result = transformable.transform(name) else {
                return nil
            }
            // Exact types only: an optional (`first(list)`), a substring or a reversed collection has
            // rules of its own there.
            switch result {
            case let string as String where type(of: result) == String.self: return .string(string)
            case let number as Int where type(of: result) == Int.self: return .int(number)
            case let flag as Bool where type(of: result) == Bool.self: return .bool(flag)
            default:
                throw lookup.site.error(
                    "'{{\(lookup.spelling)}}': '\(name)' gives a value of type '\(type(of: result))', which templates cannot use; "
                        + "a transform must give text, a number or a flag, as 'count', 'empty' and 'uppercased' do")
            }
        }
    }
}
