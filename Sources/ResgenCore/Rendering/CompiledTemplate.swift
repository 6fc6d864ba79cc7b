import Mustache

/// A template as ``TemplateInterpreter`` renders it: swift-mustache's own parse of the text, read
/// back with `Mirror` (its tokens are internal), with every tag's name split and resolved to
/// ``RenderKey``s once instead of at every render of the tag.
///
/// Reading swift-mustache's parse instead of parsing again keeps its whitespace rules (standalone
/// lines, partial indentation) by construction. A parse this reader does not know — a token kind the
/// interpreter does not implement (`{{$block}}`, `{{<parent}}`, `{{>*dynamic}}`), or a swift-mustache
/// release whose tokens changed shape — compiles to nil, and the render falls back to swift-mustache.
final class CompiledTemplate: Sendable {
    /// One token of the template, as swift-mustache parsed it.
    enum Token: Sendable {
        /// Literal text, as UTF-8.
        case text([UInt8])
        /// `{{name}}` (escaped by the content type) or `{{{name}}}` / `{{&name}}`.
        case variable(Lookup, escaped: Bool)
        /// `{{#name}}…{{/name}}`.
        case section(Lookup, CompiledTemplate)
        /// `{{^name}}…{{/name}}`.
        case invertedSection(Lookup, CompiledTemplate)
        /// `{{> name}}`, with the indentation of a standalone tag.
        case partial(name: String, indentation: String?)
        /// `{{%CONTENT_TYPE: …}}`: the content type for the rest of this template's render.
        case contentType(any MustacheContentType)
    }

    /// A tag's name and transforms, resolved the way swift-mustache's `getChild(named:transforms:context:)`
    /// reads them. A class: tokens are copied at every render, and one reference costs less to copy
    /// than the arrays inside.
    final class Lookup: Sendable {
        /// Where the value is found.
        enum Path: Sendable {
            /// `.`: the top of the stack.
            case current
            /// An empty name with transforms (`first()`, `last()`, `index()`): the list position.
            case position
            /// A name starting with `.`: its keys from the top of the stack only.
            case top([Key])
            /// Any other name: its first key in the innermost scope that has it, the rest from there.
            case stack([Key])
        }

        let path: Path
        /// The transforms to apply, in the order they apply (innermost first).
        let transforms: [String]

        init(name: String, transforms: [String]) {
            // The same tests, in the same order, as swift-mustache 2.1's `getChild`.
            if name == "." {
                path = .current
            } else if name == "", !transforms.isEmpty {
                path = .position
            } else if name.first == "." {
                path = .top(name.split(separator: ".").map { Key(String($0)) })
            } else {
                path = .stack(name.split(separator: ".").map { Key(String($0)) })
            }
            self.transforms = transforms.reversed()
        }
    }

    /// One dot-separated part of a name: `nil` when no context has such a key.
    struct Key: Sendable {
        var key: RenderKey?
        init(_ name: String) { key = RenderKey(rawValue: name) }
    }

    let tokens: [Token]

    init(tokens: [Token]) { self.tokens = tokens }

    /// Reads swift-mustache's parse of a template; nil when it holds a token this reader does not know.
    convenience init?(reflecting template: MustacheTemplate) {
        guard let child = Mirror(reflecting: template).children.first(where: { $0.label == "tokens" }),
            let tokens = child.value as? [Any]
        else { return nil }
        var compiled: [Token] = []
        compiled.reserveCapacity(tokens.count)
        for token in tokens {
            guard let token = Self.token(reflecting: token) else { return nil }
            compiled.append(token)
        }
        self.init(tokens: compiled)
    }

    /// One of swift-mustache's `MustacheTemplate.Token` cases, read through `Mirror`.
    private static func token(reflecting token: Any) -> Token? {
        let mirror = Mirror(reflecting: token)
        guard mirror.displayStyle == .enum, mirror.children.count == 1, let payload = mirror.children.first,
            let label = payload.label
        else { return nil }
        switch label {
        case "text":
            guard let text = payload.value as? String else { return nil }
            return .text(Array(text.utf8))
        case "contentType":
            guard let contentType = payload.value as? any MustacheContentType else { return nil }
            return .contentType(contentType)
        case "variable", "unescapedVariable":
            guard let fields = tuple(payload.value, count: 2), let name = fields[0] as? String,
                let transforms = fields[1] as? [String]
            else { return nil }
            return .variable(Lookup(name: name, transforms: transforms), escaped: label == "variable")
        case "section", "invertedSection":
            guard let fields = tuple(payload.value, count: 3), let name = fields[0] as? String,
                let transforms = fields[1] as? [String], let template = fields[2] as? MustacheTemplate,
                let body = CompiledTemplate(reflecting: template)
            else { return nil }
            let lookup = Lookup(name: name, transforms: transforms)
            return label == "section" ? .section(lookup, body) : .invertedSection(lookup, body)
        case "partial":
            // A partial with block overrides (`{{<parent}}…{{/parent}}`) is left to swift-mustache.
            guard let fields = tuple(payload.value, count: 3), let name = fields[0] as? String,
                let indentation = fields[1] as? String?, isNil(fields[2])
            else { return nil }
            return .partial(name: name, indentation: indentation)
        default:
            // `blockDefinition`, `blockExpansion`, `dynamicNamePartial`, or a case of a later release.
            return nil
        }
    }

    /// The elements of a tuple payload, if it has `count` of them.
    private static func tuple(_ value: Any, count: Int) -> [Any]? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .tuple, mirror.children.count == count else { return nil }
        return mirror.children.map(\.value)
    }

    /// Whether `value` is an optional holding nothing.
    private static func isNil(_ value: Any) -> Bool {
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }
}
