import ResgenTemplates

/// The Mustache templates a run renders with: the embedded defaults (copied from `Templates/`),
/// each of which a user may override with a file of the same name.
public struct TemplateSet: Hashable, Sendable {
    /// Template text by name (file name without `.mustache`, e.g. `Models`).
    public var templates: [String: String]
    /// The file each overriding template was read from, by name: where an error in it is reported.
    public var files: [String: String]

    /// Creates a set from explicit texts.
    /// - Parameters:
    ///   - templates: Template text by name.
    ///   - files: The file each template was read from, by name, for diagnostics (none: `<name>.mustache`).
    public init(templates: [String: String], files: [String: String] = [:]) {
        self.templates = templates
        self.files = files
    }

    /// The defaults embedded in the binary, so a copied `resgen` works without `Templates/`.
    public static var defaults: TemplateSet { TemplateSet(templates: EmbeddedTemplates.all) }

    /// This set with some templates replaced.
    ///
    /// - Parameters:
    ///   - overrides: File name (e.g. `Models.mustache`) → text, from a user's override folder.
    ///   - folder: The folder's path, for diagnostics.
    ///   - diagnostics: Receives a warning for each file that matches no template name.
    public func overriding(with overrides: [String: String], folder: String, diagnostics: any DiagnosticCollector) -> TemplateSet {
        var result = self
        for (file, text) in overrides.sorted(by: { $0.key < $1.key }) {
            let name = file.hasSuffix(".mustache") ? String(file.dropLast(".mustache".count)) : file
            guard templates[name] != nil else {
                let known = templates.keys.sorted().map { "'\($0).mustache'" }.joined(separator: ", ")
                diagnostics.emit(.warning("template override '\(file)' matches no template and is ignored; templates are \(known)", at: SourceLocation(file: folder + "/" + file, line: 1, column: 1)))
                continue
            }
            result.templates[name] = text
            result.files[name] = folder + "/" + file
        }
        return result
    }
}
