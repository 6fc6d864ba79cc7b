import Foundation
import ResgenCore

/// Reads a `--config` file: decodes and validates it with ResgenCore, then checks on disk that the
/// paths it names exist, reporting a missing one on the config's line.
package enum ConfigReader {
    /// A validated config with its paths made openable (joined to the config's folder).
    struct Resolved {
        /// The schema file or directory.
        var schemaPath: String
        /// The template override folder, if the config names one.
        var templatesPath: String?
        /// Access level and file prefix.
        var config: Config
        /// Where `filePrefix` is written, for diagnostics.
        var filePrefixLocation: SourceLocation?
        /// Where `resourceFiles` is written (nil when it is not: the default applies), for diagnostics.
        var resourceFilesLocation: SourceLocation?
        /// Where the config's mapping starts, for diagnostics about a key it lacks.
        var location: SourceLocation
        /// `schema` as written, with its location.
        var schema: Located<String>
        /// `templates` as written, with its location.
        var templates: Located<String>?
    }

    /// - Throws: ``CLIError`` when the file cannot be read; `DiagnosticsError` when it has errors
    ///   (emitted to `diagnostics` as `file:line:column: error:`).
    static func read(_ path: String, diagnostics: any DiagnosticCollector) throws -> Resolved {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.contents(of: path)
        } catch {
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                throw CLIError.noSuchFile(path)
            }
            throw error
        }
        let user = UserConfig.decode(InputFile(path: path, contents: bytes), diagnostics: diagnostics)
        guard let user, let file = user.validated(diagnostics: diagnostics) else {
            throw DiagnosticsError(errorCount: 1)
        }
        let folder = FilePath.parent(of: path)
        func resolve(_ relative: String) -> String {
            folder.map { FilePath.join($0, relative) } ?? relative
        }
        let schemaPath = resolve(file.schema.value)
        var errors = 0
        if !FileManager.default.fileExists(atPath: schemaPath) {
            diagnostics.emit(.error("schema '\(file.schema.value)' does not exist (looked for '\(schemaPath)')", at: file.schema.location))
            errors += 1
        }
        let templatesPath = file.templates.map { resolve($0.value) }
        if let templates = file.templates, let templatesPath {
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: templatesPath, isDirectory: &isDirectory) || !isDirectory.boolValue {
                diagnostics.emit(.error("templates folder '\(templates.value)' does not exist (looked for '\(templatesPath)')", at: templates.location))
                errors += 1
            }
        }
        if errors > 0 { throw DiagnosticsError(errorCount: errors) }
        return Resolved(
            schemaPath: schemaPath,
            templatesPath: templatesPath,
            config: file.config,
            filePrefixLocation: user.filePrefix?.location,
            resourceFilesLocation: user.resourceFiles?.location,
            location: user.location,
            schema: file.schema,
            templates: file.templates
        )
    }
}
