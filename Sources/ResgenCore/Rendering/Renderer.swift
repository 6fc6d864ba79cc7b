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

    /// File names generated with file prefix `prefix` (by default the API's name), sorted.
    static func fileNames(prefix: String) -> [String] {
        files.map { "\(prefix)+\($0.suffix).swift" }
    }

    /// Renders every file of ``files``, named `<filePrefix>+<suffix>.swift` (`filePrefix` defaults to the
    /// API's name).
    func render(_ context: APIContext, filePrefix: String? = nil) throws -> [GeneratedFile] {
        let prefix = filePrefix ?? context.apiName
        var library = MustacheLibrary()
        for (name, text) in templates.templates.sorted(by: { $0.key < $1.key }) {
            do {
                try library.register(text, named: name)
            } catch {
                throw TemplateError(name: name, message: String(describing: error))
            }
        }
        return try Self.files.map { file in
            guard let text = library.render(context, withTemplate: file.template) else {
                throw TemplateError(name: file.template, message: "no such template")
            }
            return GeneratedFile(name: "\(prefix)+\(file.suffix).swift", contents: Self.tidy(text))
        }
    }

    /// Normalizes whitespace so output passes the lint whatever a template's blank lines do:
    /// no trailing spaces, no runs of blank lines, no blank line after `{` or before `}`, exactly
    /// one final newline. Works on UTF-8 bytes: it touches every byte of the output.
    static func tidy(_ text: String) -> String {
        let newline = UInt8(ascii: "\n")
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        var pendingBlank = false
        var lastNonBlank: UInt8 = newline  // last byte of the previous non-blank line; "\n" at the start
        var bytes = Array(text.utf8)
        if bytes.last != newline { bytes.append(newline) }
        var start = 0
        while start < bytes.count {
            var end = start
            while bytes[end] != newline { end += 1 }
            var trimmedEnd = end
            while trimmedEnd > start, bytes[trimmedEnd - 1] == UInt8(ascii: " ") || bytes[trimmedEnd - 1] == UInt8(ascii: "\t") || bytes[trimmedEnd - 1] == UInt8(ascii: "\r") {
                trimmedEnd -= 1
            }
            if trimmedEnd == start {
                // A blank line: keep at most one, never at the start or right after an opening brace.
                pendingBlank = !output.isEmpty && lastNonBlank != UInt8(ascii: "{")
            } else {
                var first = start
                while bytes[first] == UInt8(ascii: " ") { first += 1 }
                if pendingBlank, bytes[first] != UInt8(ascii: "}") { output.append(newline) }
                pendingBlank = false
                output.append(contentsOf: bytes[start..<trimmedEnd])
                output.append(newline)
                lastNonBlank = bytes[trimmedEnd - 1]
            }
            start = end + 1
        }
        if output.isEmpty { output.append(newline) }
        return String(decoding: output, as: UTF8.self)
    }
}
