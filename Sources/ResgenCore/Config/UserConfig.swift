/// A config file (`resgen-config.yaml`, `.yml` or `.json`) exactly as written: each key's value with
/// its location, nothing checked yet beyond the shape. ``validated(diagnostics:)`` turns it into a
/// ``ConfigFile``.
///
/// The build plugin, the command plugin and `resgen generate|check --config <file>` all go through
/// this type, so a config means the same thing however resgen is run, and its errors are
/// `file:line:column:` diagnostics like a schema's.
public struct UserConfig: Hashable, Sendable {
    /// The names the plugins look for in a target's folder.
    public static let fileNames = ["resgen-config.yaml", "resgen-config.yml", "resgen-config.json"]

    /// Every key a config may hold, in documentation order.
    public static let keys = ["schema", "filePrefix", "resourceFiles", "access", "templates"]

    /// The config file's path as given.
    public var path: String
    /// Where the top-level mapping starts, for errors about a missing key.
    public var location: SourceLocation
    /// `schema`: the schema file or folder, relative to the config's folder.
    public var schema: Located<String>?
    /// `filePrefix`: the generated files are `<filePrefix>+Models.swift`, ….
    public var filePrefix: Located<String>?
    /// `resourceFiles`: how many `<filePrefix>+ResourcesNN.swift` files hold the resources, as written
    /// (an integer from 1 to 256 once validated).
    public var resourceFiles: Located<String>?
    /// `access`: `public`, `package` or `internal`.
    public var access: Located<String>?
    /// `templates`: a folder of template overrides, relative to the config's folder.
    public var templates: Located<String>?
    /// Whether ``decode(_:diagnostics:)`` reported a value of the wrong shape (`access: [public]`): the
    /// key then reads as absent, so ``validated(diagnostics:)`` must fail rather than use its default.
    var hadShapeErrors = false

    /// Creates a config from its values.
    public init(
        path: String,
        location: SourceLocation,
        schema: Located<String>? = nil,
        filePrefix: Located<String>? = nil,
        resourceFiles: Located<String>? = nil,
        access: Located<String>? = nil,
        templates: Located<String>? = nil
    ) {
        self.path = path
        self.location = location
        self.schema = schema
        self.filePrefix = filePrefix
        self.resourceFiles = resourceFiles
        self.access = access
        self.templates = templates
    }

    /// Parses `file` with the schema loader: syntax errors, wrong shapes and (as warnings) unknown keys
    /// go to `diagnostics`.
    ///
    /// - Returns: nil when the file is not a mapping (after an error).
    public static func decode(_ file: InputFile, diagnostics: any DiagnosticCollector) -> UserConfig? {
        let counter = CountingCollector(forwardingTo: diagnostics)
        let start = SourceLocation(file: file.path, line: 1, column: 1)
        guard let root = YAMLLoader.load(file, diagnostics: counter), !root.isNull else {
            if counter.errorCount == 0 {
                counter.emit(.error("the config file is empty; it needs at least \(requiredKeysText)", at: start))
            }
            return nil
        }
        let name = String(file.path.split(separator: "/").last ?? Substring(file.path))
        guard var reader = MappingReader(root, allowing: keys, context: name, diagnostics: counter) else { return nil }
        var config = UserConfig(path: file.path, location: root.location)
        config.schema = reader.string("schema")
        config.filePrefix = reader.string("filePrefix")
        if let raw = reader.value("resourceFiles"), !raw.isNull {
            // Kept as text, as written: ``validated(diagnostics:)`` says what is wrong with a value.
            if let text = raw.scalar {
                config.resourceFiles = Located(text, at: raw.location, isVerbatim: raw.textIsVerbatim)
            } else {
                counter.emit(.error("expected an integer for 'resourceFiles', found \(raw.kindDescription)", at: raw.location))
            }
        }
        config.access = reader.string("access")
        config.templates = reader.string("templates")
        reader.finish()
        config.hadShapeErrors = counter.hasErrors
        return config
    }

    private static let requiredKeysText = "'schema' and 'filePrefix'"

    /// Checks every value and resolves the paths; reports every problem, not only the first.
    ///
    /// - Returns: nil when there was an error (it went to `diagnostics`).
    public func validated(diagnostics: any DiagnosticCollector) -> ConfigFile? {
        var failed = hadShapeErrors
        func fail(_ message: String, at location: SourceLocation) {
            diagnostics.emit(.error(message, at: location))
            failed = true
        }

        let schemaPath = schema.flatMap { relativePath($0, key: "schema", fail: fail) }
        if schema == nil {
            fail("missing key 'schema'; name the schema file or folder, relative to this file", at: location)
        } else if let schema, schemaPath == "." {
            fail("'schema' names the config's own folder; put the schema files in a subfolder and name that", at: schema.location)
        }

        let templatesPath = templates.flatMap { relativePath($0, key: "templates", fail: fail) }

        if let filePrefix {
            if !Config.isValidFilePrefix(filePrefix.value) {
                fail(
                    "invalid 'filePrefix' '\(filePrefix.value)'; use letters, digits, '_', '-' and '.', not starting with '.' or '-'",
                    at: filePrefix.location
                )
            }
        } else {
            fail(
                "missing key 'filePrefix'; the generated files are '<filePrefix>+Models.swift', '+Paths.swift', '+Includes.swift', '+Requests.swift' and '+Resources01.swift' to '+Resources16.swift' (or as many as 'resourceFiles' says), which the build plugin must know before it runs (usually the schema's 'api.name')",
                at: location
            )
        }

        var resourceFileCount = Config.defaultResourceFiles
        if let resourceFiles {
            if let count = Self.resourceFileCount(resourceFiles.value) {
                resourceFileCount = count
            } else {
                fail(
                    "invalid 'resourceFiles' '\(resourceFiles.value)'; use an integer from \(Config.resourceFilesRange.lowerBound) to \(Config.resourceFilesRange.upperBound) (the default is \(Config.defaultResourceFiles))",
                    at: resourceFiles.location
                )
            }
        }

        var accessLevel = Config.AccessLevel.public
        if let access {
            if let level = Config.AccessLevel(rawValue: access.value) {
                accessLevel = level
            } else {
                let names = Config.AccessLevel.allCases.map(\.rawValue)
                fail(
                    "unknown access level '\(access.value)'; expected 'public', 'package' or 'internal'\(Suggestion.hint(for: access.value, in: names))",
                    at: access.location
                )
            }
        }

        guard !failed, let schema, let schemaPath, let filePrefix else { return nil }
        return ConfigFile(
            path: path,
            schema: Located(schemaPath, at: schema.location),
            templates: templates.flatMap { templates in templatesPath.map { Located($0, at: templates.location) } },
            config: Config(accessLevel: accessLevel, filePrefix: filePrefix.value, resourceFiles: resourceFileCount)
        )
    }

    /// `text` as a number of resource files: decimal digits only (no sign, no `0x`, no fraction)
    /// naming a number in ``Config/resourceFilesRange``; nil otherwise.
    static func resourceFileCount(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let count = Int(text), Config.resourceFilesRange.contains(count)
        else { return nil }
        return count
    }

    /// `value` normalized (`./a/../b/` → `b`), or nil after an error when it is empty, absolute or
    /// climbs out of the config's folder.
    private func relativePath(
        _ value: Located<String>,
        key: String,
        fail: (String, SourceLocation) -> Void
    ) -> String? {
        guard !value.value.isEmpty else {
            fail("'\(key)' is empty; give a path relative to this file", value.location)
            return nil
        }
        guard !value.value.hasPrefix("/"), !value.value.hasPrefix("~") else {
            fail(
                "'\(key)' must be relative to the folder of this file (the target's folder), not '\(value.value)'; a package plugin can only read files inside its target",
                value.location
            )
            return nil
        }
        guard let normalized = ConfigFile.normalize(value.value) else {
            fail(
                "'\(key)' '\(value.value)' is outside the folder of this file (the target's folder); a package plugin can only read files inside its target",
                value.location
            )
            return nil
        }
        return normalized
    }
}
