import Foundation
import Mustache

/// Stage 5: ``APIContext`` + ``TemplateSet`` → ``GeneratedFile``s.
///
/// `Rendering/` is the only folder that imports Mustache. swift-mustache parses the templates; the
/// ``TemplateInterpreter`` renders them with swift-mustache's rules (the tests check its bytes against
/// swift-mustache's own rendering). Each API yields the same fixed
/// set of files for a given number of resource files (so a build plugin can declare its outputs before
/// running), one per entry of ``Renderer/files(resourceFiles:)``; a file whose template renders nothing
/// for this schema still exists, holding only its header.
struct Renderer {
    /// The files of the API as a whole: output file suffix and the template that renders it.
    static let sharedFiles: [(suffix: String, template: String)] = [
        ("Includes", "Includes"), ("Models", "Models"), ("Paths", "Paths"), ("Requests", "Requests"),
    ]

    /// Every output file's suffix and template, in file-name order: the shared files, then
    /// `resourceFiles` resource files (``ResourceFiles``).
    ///
    /// Each resource's code lives in one resource file so that an edit to one resource changes one
    /// file: a debug build recompiles what changed, file by file, and with the API in five files,
    /// changing one attribute of a 200-resource API recompiled all of it. Many files also let the
    /// compiler spread a full build over every core.
    static func files(resourceFiles: Int) -> [(suffix: String, template: String)] {
        sharedFiles + ResourceFiles.suffixes(count: resourceFiles).map { ($0, ResourceFiles.template) }
    }

    /// The file whose header carries the input hash. One file only: a hash in every header would make
    /// every file change, and recompile, on any edit of the schema.
    static let hashCarryingSuffix = "Models"

    let templates: TemplateSet

    /// File names generated with file prefix `prefix` (by default the API's name) and `resourceFiles`
    /// resource files, sorted.
    static func fileNames(prefix: String, resourceFiles: Int) -> [String] {
        files(resourceFiles: resourceFiles).map { "\(prefix)+\($0.suffix).swift" }
    }

    /// Renders every file of ``files(resourceFiles:)``, named `<filePrefix>+<suffix>.swift` (`filePrefix`
    /// defaults to the API's name).
    /// - Throws: ``TemplateErrors``: a template that does not parse, uses a construct the interpreter
    ///   does not implement, or leads a tag to a value that cannot be printed.
    func render(
        _ context: APIContext,
        filePrefix: String? = nil,
        resourceFiles: Int = Config.defaultResourceFiles
    ) throws -> [GeneratedFile] {
        let prefix = filePrefix ?? context.apiName
        let templates: PreparedTemplates
        do {
            templates = try prepare(access: context.access)
        } catch {
            throw TemplateErrors(errors: [error])
        }
        let files = Self.files(resourceFiles: resourceFiles)
        let contexts = Self.fileContexts(context, prefix: prefix, resourceFiles: resourceFiles)
        // The files are rendered in parallel: rendering is pure, and most of the generator's time.
        var texts = [Result<String, TemplateError>?](repeating: nil, count: files.count)
        texts.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: files.count) { index in
                let template = files[index].template
                slots[index] = Result { () throws(TemplateError) in
                    guard let text = try templates.renderTidied(contexts[index], template: template) else {
                        throw TemplateError(template: template, message: "there is no template '\(template).mustache'")
                    }
                    return text
                }
            }
        }
        var generated: [GeneratedFile] = []
        var errors: [TemplateError] = []
        for (file, text) in zip(files, texts) {
            switch text {
            case .success(let text)?: generated.append(GeneratedFile(name: "\(prefix)+\(file.suffix).swift", contents: text))
            case .failure(let error)?: if !errors.contains(error) { errors.append(error) }
            case nil: preconditionFailure("every file is rendered")
            }
        }
        guard errors.isEmpty else { throw TemplateErrors(errors: errors) }
        return generated
    }

    /// The context each file of ``files(resourceFiles:)`` renders: `context` with the header that file
    /// carries, and for a resource file only the resources it holds.
    static func fileContexts(_ context: APIContext, prefix: String, resourceFiles: Int) -> [APIContext] {
        let notice = [GeneratedFile.notice]
        let split = ResourceFiles.split(context.resources, count: resourceFiles)
        var resourceFile = 0
        return files(resourceFiles: resourceFiles).map { file in
            var fileContext = context
            if file.template == ResourceFiles.template {
                let resources = split[resourceFile]
                resourceFile += 1
                fileContext.resources = resources
                fileContext.header = notice + [resources.isEmpty
                    ? "// No resource of \(context.apiName) falls in this file; every API has \(resourceFiles) resource files."
                    : "// Resources: " + resources.map(\.resourceName).joined(separator: ", ")]
            } else if file.suffix != hashCarryingSuffix {
                fileContext.header = notice
            }
            return fileContext
        }
    }

    /// The templates of one render, parsed by swift-mustache and compiled for ``TemplateInterpreter``.
    struct PreparedTemplates: Sendable {
        /// swift-mustache's parse; the tests render it as the reference for the interpreter's bytes.
        let library: MustacheLibrary
        /// The renderer.
        let interpreter: TemplateInterpreter

        /// Template `name` rendered over `context`; nil when there is no such template.
        /// - Throws: ``TemplateError`` at a tag whose value cannot be printed or transformed.
        func render(_ context: APIContext, template name: String) throws(TemplateError) -> String? {
            try interpreter.render(context, template: name)
        }

        /// ``render(_:template:)`` through ``Renderer/tidy(_:)``; the interpreter's bytes are tidied as
        /// they are, without first becoming a `String` (a copy of the file, a tenth of the peak memory).
        func renderTidied(_ context: APIContext, template name: String) throws(TemplateError) -> String? {
            try interpreter.renderUTF8(context, template: name).map { bytes in bytes.withUnsafeBufferPointer(Renderer.tidy) }
        }
    }

    /// The templates, parsed and compiled, with `{{access}}` substituted.
    ///
    /// A run prepares the same templates twice, for the probe (``GeneratedNames``) and for the schema;
    /// the last set prepared is kept, which saves the second parse (a tenth of a 1,000-resource run).
    /// - Throws: ``TemplateError`` for a template that does not parse or uses a construct the
    ///   interpreter does not implement.
    func prepare(access: String) throws(TemplateError) -> PreparedTemplates {
        let key = PreparedKey(templates: templates, access: access)
        if let prepared = Self.lastPrepared.value(for: key) { return prepared }
        let prepared = try parse(access: access)
        Self.lastPrepared.store(prepared, for: key)
        return prepared
    }

    /// What a prepared set depends on.
    private struct PreparedKey: Equatable, Sendable {
        var templates: TemplateSet
        var access: String
    }

    /// The last set ``prepare(access:)`` parsed, behind a lock (pipeline runs may be concurrent).
    private final class LastPrepared: @unchecked Sendable {
        private let lock = NSLock()
        private var entry: (key: PreparedKey, value: PreparedTemplates)?

        func value(for key: PreparedKey) -> PreparedTemplates? {
            lock.withLock { entry?.key == key ? entry?.value : nil }
        }

        func store(_ value: PreparedTemplates, for key: PreparedKey) {
            lock.withLock { entry = (key, value) }
        }
    }

    private static let lastPrepared = LastPrepared()

    /// ``prepare(access:)`` without the cache.
    private func parse(access: String) throws(TemplateError) -> PreparedTemplates {
        var library = MustacheLibrary()
        var texts: [String: String] = [:]
        for (name, original) in templates.templates.sorted(by: { $0.key < $1.key }) {
            let text = Self.substitutingConstants(in: original, access: access)
            texts[name] = text
            do {
                library.register(try MustacheTemplate(string: text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                let columns = TemplateTags.ColumnMap(substituted: text, original: original, pattern: "{{access}}", replacement: access)
                let column = columns.column(error.context.columnNumber, line: error.context.lineNumber)
                throw TemplateError(
                    template: name, message: "the template does not parse: \(Self.parseMessage(error.error))",
                    line: error.context.lineNumber, column: column)
            } catch {
                throw TemplateError(template: name, message: "the template does not parse: \(error)")
            }
        }
        let interpreter = try TemplateInterpreter(library: library, texts: texts, originals: templates.templates, access: access)
        return PreparedTemplates(library: library, interpreter: interpreter)
    }

    /// swift-mustache's parse error in words.
    static func parseMessage(_ error: any Error) -> String {
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect?: "a section is closed with another name than it was opened with"
        case .unfinishedName?: "a tag is not closed, or its name has characters a name cannot have"
        case .expectedSectionEnd?: "a section is not closed"
        case .invalidSetDelimiter?: "a delimiter change is malformed"
        case .transformAppliedToInheritanceSection?: "a block has a transform"
        case .illegalTokenInsideInheritSection?: "a parent template holds a tag other than a block"
        case .textInsideInheritSection?: "a parent template holds text outside its blocks"
        case .invalidConfigVariableSyntax?: "a '{{%…}}' tag is malformed"
        case .unrecognisedConfigVariable?: "a '{{%…}}' tag names something other than 'CONTENT_TYPE: TEXT' or 'CONTENT_TYPE: HTML'"
        case nil: String(describing: error)
        }
    }

    /// `text` with every `{{access}}` tag replaced by the access modifier.
    ///
    /// `access` has the same value in every scope of a render (each context repeats it), and it is a
    /// third of all the tags a resource renders; each costs a lookup (in swift-mustache, a name split and
    /// dynamic casts). Substituting it once per template gives the same bytes for less work. A template that
    /// changes delimiters (`{{=<% %>=}}`) is left alone, since `{{access}}` may be literal text there;
    /// other spellings (`{{ access }}`) are still looked up as usual.
    static func substitutingConstants(in text: String, access: String) -> String {
        guard !text.contains("{{="), text.contains("{{access}}") else { return text }
        return text.replacingOccurrences(of: "{{access}}", with: access)
    }

    /// Normalizes whitespace so output passes the lint whatever a template's blank lines do:
    /// no trailing spaces, no runs of blank lines, no blank line after `{` or before `}`, exactly
    /// one final newline. Works on the UTF-8 bytes in place (it touches every byte of the output, so
    /// it copies them once, into the result).
    static func tidy(_ text: String) -> String {
        var text = text
        return text.withUTF8(tidy)
    }

    /// ``tidy(_:)`` of UTF-8 bytes.
    static func tidy(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count + 1) { output in tidy(bytes, into: output) }
    }

    /// `tidy` over raw bytes; returns how many bytes it wrote (at most `bytes.count + 1`).
    private static func tidy(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), cr = UInt8(ascii: "\r")
        var count = 0
        var pendingBlank = false
        var lastNonBlank = newline  // last byte of the previous non-blank line; "\n" at the start
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != newline { end += 1 }  // a missing final newline ends a line too
            var trimmedEnd = end
            while trimmedEnd > start, bytes[trimmedEnd - 1] == space || bytes[trimmedEnd - 1] == tab || bytes[trimmedEnd - 1] == cr {
                trimmedEnd -= 1
            }
            if trimmedEnd == start {
                // A blank line: keep at most one, never at the start or right after an opening brace.
                pendingBlank = count > 0 && lastNonBlank != UInt8(ascii: "{")
            } else {
                var first = start
                while bytes[first] == space { first += 1 }
                if pendingBlank, bytes[first] != UInt8(ascii: "}") {
                    output[count] = newline
                    count += 1
                }
                pendingBlank = false
                let length = trimmedEnd - start
                UnsafeMutableRawPointer(output.baseAddress! + count).copyMemory(from: bytes.baseAddress! + start, byteCount: length)
                count += length
                output[count] = newline
                count += 1
                lastNonBlank = bytes[trimmedEnd - 1]
            }
            start = end + 1
        }
        if count == 0 {
            output[0] = newline
            count = 1
        }
        return count
    }
}
