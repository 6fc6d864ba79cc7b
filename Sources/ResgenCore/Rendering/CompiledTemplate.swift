import Mustache

/// A template as ``TemplateInterpreter`` renders it: swift-mustache's own parse of the text, read
/// back with `Mirror` (its tokens are internal), with every tag's name split and resolved to
/// ``RenderKey``s once instead of at every render of the tag.
///
/// Reading swift-mustache's parse instead of parsing again keeps its whitespace rules (standalone
/// lines, partial indentation) by construction. A token the interpreter does not implement — a block
/// (`{{$name}}`), a parent (`{{<name}}`), a dynamic partial (`{{>*name}}`), or a token of a
/// swift-mustache release whose parse changed shape — is a ``TemplateError`` at that tag's line, found
/// with ``TemplateTags``: there is no other renderer to fall back to.
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
        /// The tag's name as written between the delimiters (`count(resources)`), for errors.
        let spelling: String
        /// The tag's template and place, for errors.
        let site: Site

        init(name: String, transforms: [String], site: Site) {
            self.site = site
            spelling = transforms.reversed().reduce(name) { "\($1)(\($0))" }
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

    /// Where a tag is: its template, and which of the template's tags it is. The line and column are
    /// found in the text only when an error needs them: placing every tag of every template up front
    /// cost every run about 7% of a small schema's `generate` (debug build), for errors that rarely come.
    struct Site: Sendable {
        var template: String
        /// The text the tag is in.
        var source: Source
        /// The tag's index among the tags ``TemplateTags`` lists for the text.
        var ordinal: Int
        /// The kinds of tag the token comes from (nil: a variable); the tag found at `ordinal` must be
        /// one, or the tags and the parse disagree and the site has no place.
        var kinds: String?

        /// The tag's 1-based line and column as written, or nil when it cannot be found.
        var place: (line: Int, column: Int)? {
            let tags = TemplateTags(source.text).tags
            guard ordinal < tags.count else { return nil }
            let tag = tags[ordinal]
            let matches = kinds.map { kinds in tag.kind.map { kinds.utf8.contains($0) } ?? false } ?? (tag.kind == nil)
            guard matches else { return nil }
            let columns = TemplateTags.ColumnMap(
                substituted: source.text, original: source.original, pattern: "{{access}}", replacement: source.access)
            return (tag.line, columns.column(tag.column, line: tag.line))
        }

        /// A ``TemplateError`` at this tag.
        func error(_ message: String) -> TemplateError {
            let place = place
            return TemplateError(template: template, message: message, line: place?.line, column: place?.column)
        }
    }

    /// A template's text after ``Renderer/substitutingConstants(in:access:)`` and as written, which its
    /// sites find their tags in.
    final class Source: Sendable {
        let text: String
        let original: String
        let access: String

        init(text: String, original: String, access: String) {
            self.text = text
            self.original = original
            self.access = access
        }
    }

    /// One dot-separated part of a name: `nil` when no context has such a key.
    struct Key: Sendable {
        var key: RenderKey?
        init(_ name: String) { key = RenderKey(rawValue: name) }
    }

    let tokens: [Token]

    init(tokens: [Token]) { self.tokens = tokens }

    /// Reads swift-mustache's parse of template `name`, whose text (after ``Renderer/substitutingConstants(in:access:)``)
    /// is `text` and before it `original`.
    /// - Throws: ``TemplateError`` at the first tag the interpreter does not implement.
    convenience init(
        reflecting template: MustacheTemplate, name: String, text: String, original: String, access: String
    ) throws(TemplateError) {
        var reader = Reader(template: name, source: Source(text: text, original: original, access: access))
        try self.init(reading: template, with: &reader)
    }

    /// Reads one template or section body, taking a tag for each token.
    private convenience init(reading template: MustacheTemplate, with reader: inout Reader) throws(TemplateError) {
        guard let child = Mirror(reflecting: template).children.first(where: { $0.label == "tokens" }),
            let tokens = child.value as? [Any]
        else { throw reader.unreadable("the template") }
        var compiled: [Token] = []
        compiled.reserveCapacity(tokens.count)
        for token in tokens { compiled.append(try reader.token(reflecting: token)) }
        self.init(tokens: compiled)
    }

    /// The walk over swift-mustache's tokens: which template, and how many of its tags the tokens read
    /// so far came from.
    private struct Reader {
        let template: String
        let source: Source
        var ordinal = 0

        /// The site of the next tag, which must be of `kinds` (nil: a variable).
        mutating func site(_ kinds: String?) -> Site {
            defer { ordinal += 1 }
            return Site(template: template, source: source, ordinal: ordinal, kinds: kinds)
        }

        /// A parse whose shape this reader does not know (a swift-mustache release other than the one
        /// Package.swift allows).
        func unreadable(_ what: String) -> TemplateError {
            TemplateError(
                template: template,
                message: "swift-mustache's parse of \(what) is not one resgen can read; "
                    + "resgen needs the swift-mustache version its Package.swift names")
        }

        /// One of swift-mustache's `MustacheTemplate.Token` cases, read through `Mirror`.
        mutating func token(reflecting token: Any) throws(TemplateError) -> Token {
            let mirror = Mirror(reflecting: token)
            guard mirror.displayStyle == .enum, mirror.children.count == 1, let payload = mirror.children.first,
                let label = payload.label
            else { throw unreadable("a token") }
            switch label {
            case "text":
                guard let text = payload.value as? String else { throw unreadable("a text token") }
                return .text(Array(text.utf8))
            case "contentType":
                let site = site("%")
                guard let contentType = payload.value as? any MustacheContentType else {
                    throw site.error(unreadable("'{{%CONTENT_TYPE}}'").message)
                }
                return .contentType(contentType)
            case "variable", "unescapedVariable":
                let site = site(label == "variable" ? nil : "{&")
                guard let fields = Self.tuple(payload.value, count: 2), let name = fields[0] as? String,
                    let transforms = fields[1] as? [String]
                else { throw site.error(unreadable("a variable").message) }
                return .variable(Lookup(name: name, transforms: transforms, site: site), escaped: label == "variable")
            case "section", "invertedSection":
                let site = site(label == "section" ? "#" : "^")
                guard let fields = Self.tuple(payload.value, count: 3), let name = fields[0] as? String,
                    let transforms = fields[1] as? [String], let body = fields[2] as? MustacheTemplate
                else { throw site.error(unreadable("a section").message) }
                let lookup = Lookup(name: name, transforms: transforms, site: site)
                let compiled = try CompiledTemplate(reading: body, with: &self)
                return label == "section" ? .section(lookup, compiled) : .invertedSection(lookup, compiled)
            case "partial":
                guard let fields = Self.tuple(payload.value, count: 3), let name = fields[0] as? String,
                    let indentation = fields[1] as? String?
                else { throw unreadable("a partial") }
                guard Self.isNil(fields[2]) else {
                    throw site("<").error("'{{<\(name)}}' (a parent template with blocks) is not supported; \(Self.supported)")
                }
                _ = site(">")
                return .partial(name: name, indentation: indentation)
            case "dynamicNamePartial":
                let site = site("><")
                let name = Self.tuple(payload.value, count: 3)?.first as? String ?? ""
                throw site.error("'{{>*\(name)}}' (a dynamic partial) is not supported; \(Self.supported)")
            case "blockDefinition", "blockExpansion":
                let site = site("$")
                let name = Self.tuple(payload.value, count: label == "blockDefinition" ? 2 : 3)?.first as? String ?? ""
                throw site.error("'{{$\(name)}}' (a block) is not supported; \(Self.supported)")
            default:
                throw site(nil).error(unreadable("a token '\(label)'").message)
            }
        }

        /// What a template may use, for the errors' hints (docs/templates.md says the same).
        static let supported =
            "templates may use variables, sections, inverted sections, partials, comments, delimiter changes, "
            + "'{{%CONTENT_TYPE}}', list positions such as 'first()' and transforms such as 'count(name)'"

        /// The elements of a tuple payload, if it has `count` of them.
        static func tuple(_ value: Any, count: Int) -> [Any]? {
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .tuple, mirror.children.count == count else { return nil }
            return mirror.children.map(\.value)
        }

        /// Whether `value` is an optional holding nothing.
        static func isNil(_ value: Any) -> Bool {
            let mirror = Mirror(reflecting: value)
            return mirror.displayStyle == .optional && mirror.children.isEmpty
        }
    }
}
