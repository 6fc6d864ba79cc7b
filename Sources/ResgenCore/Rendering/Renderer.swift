import Mustache

/// Stage 5: ``APIContext`` + ``TemplateSet`` → ``GeneratedFile``s.
///
/// The only place that imports Mustache. Each API yields the same fixed set of files (so a build
/// plugin can declare its outputs before running), one per entry of ``Renderer/files``; a file
/// whose template renders nothing for this schema still exists, holding only its header.
struct Renderer {
    /// Output file suffix and the template that renders it, in output order.
    static let files: [(suffix: String, template: String)] = [
        ("Includes", "Includes"), ("Models", "Models"), ("Paths", "Paths"), ("Requests", "Requests"),
    ]

    /// Names of every template, including partials.
    static let templateNames = ["Header", "Includes", "Models", "Paths", "Requests"]

    let templates: TemplateSet

    /// A template that failed to parse; reported with the template's name.
    struct TemplateError: Error, CustomStringConvertible {
        var name: String
        var message: String
        var description: String { "template '\(name).mustache' is invalid: \(message)" }
    }

    /// File names an API called `apiName` generates, sorted.
    static func fileNames(apiName: String) -> [String] {
        files.map { "\(apiName)+\($0.suffix).swift" }
    }

    func render(_ context: APIContext) throws -> [GeneratedFile] {
        var library = MustacheLibrary()
        for (name, text) in templates.templates.sorted(by: { $0.key < $1.key }) {
            do {
                try library.register(text, named: name)
            } catch {
                throw TemplateError(name: name, message: String(describing: error))
            }
        }
        let tree = try TreeEncoder.encode(context)
        return try Self.files.map { file in
            guard let text = library.render(tree, withTemplate: file.template) else {
                throw TemplateError(name: file.template, message: "no such template")
            }
            return GeneratedFile(name: "\(context.apiName)+\(file.suffix).swift", contents: Self.tidy(text))
        }
    }

    /// Normalizes whitespace so output passes the lint whatever a template's blank lines do:
    /// no trailing spaces, no runs of blank lines, no blank line after `{` or before `}`, exactly
    /// one final newline.
    static func tidy(_ text: String) -> String {
        var lines: [Substring] = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = rawLine
            while line.last == " " || line.last == "\t" || line.last == "\r" { line.removeLast() }
            if line.isEmpty {
                if lines.isEmpty || lines.last?.isEmpty == true || lines.last?.last == "{" { continue }
            } else if line.drop(while: { $0 == " " }).first == "}", lines.last?.isEmpty == true {
                lines.removeLast()
            }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }
}
