import Foundation
import ArgumentParser
import ResgenCore

extension Config.AccessLevel: ExpressibleByArgument {}

/// The options `generate` and `check` share, so both render exactly the same files.
///
/// Each setting comes from the command line, else from the `--config` file, else from its default
/// (as swift-openapi-generator's `resolvedX(_ config:)` do).
package struct GenerationOptions: ParsableArguments {
    package init() {}

    @Argument(
        help: ArgumentHelp(
            "A schema file (.yml, .yaml, .json), or a directory whose schema files form one API.",
            discussion: "Optional with --config, whose 'schema' key names it then."
        )
    )
    var schema: String?

    @Option(name: .long, help: "The directory the generated Swift files go into.")
    var output: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A config file (resgen-config.yaml, .yml or .json), as the plugins read it.",
            discussion: "Its 'schema' and 'templates' paths are relative to its own folder. --access overrides its 'access'; a <schema>, --templates, --file-prefix or --resource-files given as well must agree with it."
        )
    )
    var config: String?

    @Option(name: .long, help: "The access level of the generated declarations (default: public).")
    var access: Config.AccessLevel?

    @Option(
        name: .long,
        help: "The generated files are <prefix>+Models.swift, +Paths.swift, +Includes.swift, +Requests.swift and the resource files +Resources01.swift, +Resources02.swift, … (default: the schema's api.name)."
    )
    var filePrefix: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How many files hold the resources, from 1 to 256 (default: 16).",
            discussion: "Each resource's code goes into the file a hash of its name picks. More files make an edit to one resource recompile less; +Resources01 … +Resources99 are named with two digits, with three (+Resources001) when there are more than 99.",
            valueName: "count"
        )
    )
    var resourceFiles: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A directory of <name>.mustache files that replace the embedded templates of the same name.",
            discussion: "Start from 'resgen templates export <dir>'."
        )
    )
    var templates: String?

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Also write the files that hold no code (a resource file no resource falls in, includes of an API without include sets).",
            discussion: "The build plugin passes it: it declares every output file before resgen runs. Checked-in sources leave it out, and then 'generate' removes the empty files an earlier resgen wrote and 'check' reports them."
        )
    )
    var keepEmptyFiles = false

    package func validate() throws {
        guard schema != nil || config != nil else {
            throw ValidationError("Missing expected argument '<schema>' (or give --config <file>)")
        }
        if let filePrefix, !Config.isValidFilePrefix(filePrefix) {
            throw ValidationError(
                "Invalid --file-prefix '\(filePrefix)': use letters, digits, '_', '-' and '.', not starting with '.' or '-'"
            )
        }
        if let resourceFiles, !Config.resourceFilesRange.contains(resourceFiles) {
            throw ValidationError(
                "Invalid --resource-files \(resourceFiles): use an integer from \(Config.resourceFilesRange.lowerBound) to \(Config.resourceFilesRange.upperBound)"
            )
        }
    }

    /// Reads the config (if any), the schema and the template overrides and runs the pipeline; prints
    /// the diagnostics (sorted) to standard error whether or not it succeeds.
    ///
    /// - Returns: The generated files, sorted by name: only those that hold code
    ///   (``GeneratedFile/holdsCode``) unless `--keep-empty-files` was given.
    /// - Throws: ``CLIError`` for unreadable inputs, `DiagnosticsError` for config or schema errors.
    func generateFiles() throws -> [GeneratedFile] {
        let diagnostics = CollectingDiagnosticCollector()
        defer { DiagnosticPrinter.print(diagnostics) }
        let settings = try resolvedSettings(diagnostics: diagnostics)
        let inputs = try SchemaInputs.read(settings.schema)
        var templateSet = TemplateSet.defaults
        if let templates = settings.templates {
            templateSet = templateSet.overriding(
                with: try TemplateFolder.read(templates),
                folder: templates,
                diagnostics: diagnostics
            )
        }
        let files = try Pipeline.generate(
            inputs: inputs,
            config: settings.config,
            templates: templateSet,
            diagnostics: diagnostics
        )
        return files.filter { keepEmptyFiles || $0.holdsCode }.sorted { $0.name < $1.name }
    }

    /// What to generate from, once the command line and the config file are merged.
    struct Settings {
        /// The schema file or directory, as a path the process can open.
        var schema: String
        /// The template override folder, if any.
        var templates: String?
        /// Access level, file prefix and number of resource files.
        var config: Config
    }

    /// Merges the command line over the `--config` file (read and validated here).
    ///
    /// - Throws: ``CLIError`` when the config cannot be read, `DiagnosticsError` when it has errors
    ///   (they went to `diagnostics`, at the config's lines).
    func resolvedSettings(diagnostics: any DiagnosticCollector) throws -> Settings {
        guard let config else {
            // `validate()` guarantees a schema when there is no config.
            return Settings(
                schema: schema ?? ".",
                templates: templates,
                config: Config(
                    accessLevel: access ?? .public,
                    filePrefix: filePrefix,
                    resourceFiles: resourceFiles ?? Config.defaultResourceFiles
                )
            )
        }
        let file = try ConfigReader.read(config, diagnostics: diagnostics)
        // The build plugin passes what it read from the config when SwiftPM last planned the build (it
        // declares the output files from it); SwiftPM does not re-plan when only a file's contents
        // change, so a contradiction means the plan is stale. Say so rather than write other files.
        var conflicts = 0
        func conflict(_ key: String, configured: String, option: String, at location: SourceLocation?, absent: Bool = false) {
            let here = absent ? "is not set here (so '\(configured)', the default)" : "is '\(configured)' here"
            diagnostics.emit(
                .error(
                    "'\(key)' \(here), but the command line gives '\(option)'; if the resgen build plugin ran this, SwiftPM has not re-read the config since it changed: touch Package.swift (or run 'swift package clean') and build again",
                    at: location
                )
            )
            conflicts += 1
        }
        if let schema, !Self.samePath(schema, file.schemaPath) {
            conflict("schema", configured: file.schema.value, option: schema, at: file.schema.location)
        }
        if let templates, let configured = file.templates, !Self.samePath(templates, file.templatesPath ?? "") {
            conflict("templates", configured: configured.value, option: "--templates \(templates)", at: configured.location)
        }
        if let filePrefix, let configured = file.config.filePrefix, filePrefix != configured {
            conflict("filePrefix", configured: configured, option: "--file-prefix \(filePrefix)", at: file.filePrefixLocation)
        }
        // An absent key means the default, which the build plugin then passed (it declared that many
        // files), so the option must agree with the default too.
        if let resourceFiles, resourceFiles != file.config.resourceFiles {
            conflict(
                "resourceFiles",
                configured: String(file.config.resourceFiles),
                option: "--resource-files \(resourceFiles)",
                at: file.resourceFilesLocation ?? file.location,
                absent: file.resourceFilesLocation == nil
            )
        }
        if conflicts > 0 { throw DiagnosticsError(errorCount: conflicts) }
        return Settings(
            schema: file.schemaPath,
            templates: templates ?? file.templatesPath,
            config: Config(
                accessLevel: access ?? file.config.accessLevel,
                filePrefix: file.config.filePrefix,
                resourceFiles: file.config.resourceFiles
            )
        )
    }

    /// Whether two paths name the same file, compared after making them absolute and standard.
    private static func samePath(_ a: String, _ b: String) -> Bool {
        URL(fileURLWithPath: a).standardizedFileURL.path == URL(fileURLWithPath: b).standardizedFileURL.path
    }

    /// The `resgen generate` command line that brings `output` up to date, for `check`'s message.
    var generateCommandLine: String {
        var words = ["resgen", "generate"]
        if let schema { words.append(schema) }
        if let config { words += ["--config", config] }
        words += ["--output", output]
        if let access { words += ["--access", access.rawValue] }
        if let filePrefix { words += ["--file-prefix", filePrefix] }
        if let resourceFiles { words += ["--resource-files", String(resourceFiles)] }
        if let templates { words += ["--templates", templates] }
        return words.map(shellQuoted).joined(separator: " ")
    }
}

/// `word`, single-quoted when a shell would otherwise split or expand it.
private func shellQuoted(_ word: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+=:,@%")
    if !word.isEmpty, word.allSatisfy(safe.contains) { return word }
    return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}
