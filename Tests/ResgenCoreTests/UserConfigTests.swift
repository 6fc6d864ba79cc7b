import ResgenCore
import Testing

/// The config file (`resgen-config.yaml`): decoding with locations, validation, and agreement with the
/// plugins' own reader (`Plugins/PluginsShared/PluginConfig.swift`, compiled here through a link).
@Suite struct UserConfigTests {
    /// Decodes and validates `text` as `T/resgen-config.yaml`; returns the result and the diagnostics.
    private func read(_ text: String, file: String = "T/resgen-config.yaml") -> (ConfigFile?, [String]) {
        let collector = CollectingDiagnosticCollector()
        let file = UserConfig.decode(InputFile(path: file, text: text), diagnostics: collector)?
            .validated(diagnostics: collector)
        return (file, collector.sorted.map(\.description))
    }

    @Test func validConfig() throws {
        let (file, diagnostics) = read("""
            schema: ./Schema/   # the folder
            filePrefix: Blog
            access: package
            templates: "Templates"
            """)
        #expect(diagnostics.isEmpty)
        let config = try #require(file)
        #expect(config.schema.value == "Schema")
        #expect(config.schema.location == SourceLocation(file: "T/resgen-config.yaml", line: 1, column: 9))
        #expect(config.templates?.value == "Templates")
        #expect(config.config == Config(accessLevel: .package, filePrefix: "Blog"))
    }

    @Test func jsonConfigWithDefaults() throws {
        let (file, diagnostics) = read(#"{"schema": "api.json", "filePrefix": "Forum"}"#, file: "resgen-config.json")
        #expect(diagnostics.isEmpty)
        #expect(file?.config == Config(accessLevel: .public, filePrefix: "Forum"))
        #expect(file?.templates == nil)
    }

    @Test func unknownKeyIsAWarningWithItsLocation() {
        let (file, diagnostics) = read("schema: s.yml\nfilePrefix: A\nacess: internal\n")
        #expect(file != nil, "a warning does not stop generation")
        #expect(diagnostics == [
            "T/resgen-config.yaml:3:1: warning: unknown key 'acess' in 'resgen-config.yaml' is ignored; did you mean 'access'?"
        ])
    }

    @Test(arguments: ["../Schemas/blog", "Schema/../../x.yml", "/abs/blog.yml"])
    func schemaOutsideTheTargetIsAnError(path: String) {
        let (file, diagnostics) = read("filePrefix: A\nschema: \(path)\n")
        #expect(file == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.hasPrefix("T/resgen-config.yaml:2:9: error: 'schema'") == true, "\(diagnostics)")
        #expect(diagnostics.first?.contains("a package plugin can only read files inside its target") == true)
    }

    @Test func missingSchemaAndPrefixAreErrorsAtTheMapping() {
        let (file, diagnostics) = read("access: public\n")
        #expect(file == nil)
        #expect(diagnostics.count == 2)
        #expect(diagnostics[0].hasPrefix("T/resgen-config.yaml:1:1: error: missing key 'schema'"))
        #expect(diagnostics[1].hasPrefix("T/resgen-config.yaml:1:1: error: missing key 'filePrefix'"))
    }

    @Test func badValuesAreErrorsOnTheirLines() {
        let (file, diagnostics) = read("schema: .\nfilePrefix: ../X\naccess: publik\ntemplates: [a]\n")
        #expect(file == nil)
        #expect(diagnostics == [
            "T/resgen-config.yaml:1:9: error: 'schema' names the config's own folder; put the schema files in a subfolder and name that",
            "T/resgen-config.yaml:2:13: error: invalid 'filePrefix' '../X'; use letters, digits, '_', '-' and '.', not starting with '.' or '-'",
            "T/resgen-config.yaml:3:9: error: unknown access level 'publik'; expected 'public', 'package' or 'internal'; did you mean 'public'?",
            "T/resgen-config.yaml:4:12: error: expected a string for 'templates', found a sequence",
        ])
    }

    /// A key whose value has the wrong shape reads as absent; the config must fail, not fall back to the
    /// key's default (an `access: [package]` generated public code, exit status 0).
    @Test(arguments: [("access: [package]", "3:9", "string for 'access'"), ("templates: {a: b}", "3:12", "string for 'templates'")])
    func aValueOfTheWrongShapeFailsTheConfig(line: String, position: String, expected: String) {
        let (file, diagnostics) = read("schema: Schema\nfilePrefix: Blog\n\(line)\n")
        #expect(file == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.hasPrefix("T/resgen-config.yaml:\(position): error: expected a \(expected), found a") == true, "\(diagnostics)")
    }

    // MARK: resourceFiles

    @Test(arguments: [
        ("resourceFiles: 1", 1), ("resourceFiles: 16", 16), ("resourceFiles: 64   # more files", 64),
        ("resourceFiles: 256", 256), ("resourceFiles: '32'", 32), ("resourceFiles: 007", 7), ("resourceFiles:", 16),
        ("resourceFiles: ~", 16), ("access: public", 16),
    ])
    func resourceFilesValues(line: String, count: Int) throws {
        let (file, diagnostics) = read("schema: Schema\nfilePrefix: Blog\n\(line)\n")
        #expect(diagnostics.isEmpty)
        #expect(try #require(file).config == Config(accessLevel: .public, filePrefix: "Blog", resourceFiles: count))
    }

    @Test func resourceFilesInJSONIsANumber() throws {
        let (file, diagnostics) = read(#"{"schema": "api.json", "filePrefix": "Forum", "resourceFiles": 48}"#, file: "resgen-config.json")
        #expect(diagnostics.isEmpty)
        #expect(file?.config.resourceFiles == 48)
    }

    /// Anything but an integer from 1 to 256 is an error on the value, column in UTF-8 bytes.
    @Test(arguments: ["0", "-1", "257", "1000", "3.5", "16.0", "1e2", "0x10", "+4", "sixteen", "true", "''", "99999999999999999999999"])
    func badResourceFilesIsAnErrorAtTheValue(value: String) {
        let (file, diagnostics) = read("schema: Schema\nfilePrefix: Blog\nresourceFiles:   \(value)\n")
        #expect(file == nil)
        // A quoted value's location is its text's, after the quote.
        let (shown, column) = value == "''" ? ("", 19) : (value, 18)
        #expect(diagnostics == [
            "T/resgen-config.yaml:3:\(column): error: invalid 'resourceFiles' '\(shown)'; use an integer from 1 to 256 (the default is 16)"
        ])
    }

    @Test func resourceFilesThatIsNoScalarIsAnError() {
        let (file, diagnostics) = read("schema: Schema\nfilePrefix: Blog\nresourceFiles: [16]\n")
        #expect(file == nil)
        #expect(diagnostics == ["T/resgen-config.yaml:3:16: error: expected an integer for 'resourceFiles', found a sequence"])
        let (_, json) = read(#"{"schema": "s", "filePrefix": "F", "resourceFiles": {"n": 4}}"#, file: "c.json")
        #expect(json == [#"c.json:1:53: error: expected an integer for 'resourceFiles', found a mapping"#])
    }

    @Test func emptyOrNonMappingConfig() {
        #expect(read("").1 == ["T/resgen-config.yaml:1:1: error: the config file is empty; it needs at least 'schema' and 'filePrefix'"])
        #expect(read("- a\n").1 == ["T/resgen-config.yaml:1:1: error: expected a mapping for 'resgen-config.yaml', found a sequence"])
        #expect(read("schema: [\n").1.first?.hasPrefix("T/resgen-config.yaml:") == true)
    }

    @Test func normalize() {
        #expect(ConfigFile.normalize("a/./b//c/../d/") == "a/b/d")
        #expect(ConfigFile.normalize("a/..") == ".")
        #expect(ConfigFile.normalize("a/../..") == nil)
    }

    // MARK: The plugins' reader

    @Test func pluginOutputsAreTheGeneratorsFiles() {
        let plugin = PluginConfig(schema: "s", filePrefix: "Blog", templates: nil)
        #expect(plugin.outputFileNames == Pipeline.outputFileNames(filePrefix: "Blog"))
        #expect(plugin.outputFileNames.count == 20)
        #expect(PluginConfig.fileNames == UserConfig.fileNames)
        #expect(PluginConfig.defaultResourceFiles == Config.defaultResourceFiles)
    }

    /// The build plugin declares its outputs from `resourceFiles` before resgen runs: the same names.
    @Test(arguments: [1, 2, 9, 10, 64, 99, 100, 256])
    func pluginOutputsAreTheGeneratorsFilesForAnyCount(count: Int) {
        let plugin = PluginConfig(schema: "s", filePrefix: "Blog", templates: nil, resourceFiles: count)
        #expect(plugin.outputFileNames == Pipeline.outputFileNames(filePrefix: "Blog", resourceFiles: count))
        #expect(plugin.outputFileNames.count == 4 + count)
    }

    /// For every value, the plugin reads the number resgen validates, or (when resgen refuses the value)
    /// the default, which never gets used since resgen then fails on the config's line.
    @Test(arguments: [
        "resourceFiles: 64\n", "resourceFiles: \"3\" # few\n", "resourceFiles: 'x'\n", "resourceFiles: 0\n",
        "resourceFiles: 257\n", "resourceFiles: 2.5\n", "resourceFiles:\n", "resourceFiles: -3\n", "",
    ])
    func pluginReaderAgreesOnResourceFiles(line: String) throws {
        let text = "schema: Schema\nfilePrefix: Blog\n" + line
        let plugin = try PluginConfig.parse(text, path: "resgen-config.yaml")
        let (file, _) = read(text)
        #expect(plugin.resourceFiles == file?.config.resourceFiles ?? PluginConfig.defaultResourceFiles)
        #expect(plugin.outputFileNames == Pipeline.outputFileNames(filePrefix: "Blog", resourceFiles: plugin.resourceFiles))
    }

    @Test func pluginReaderTakesJSONNumbers() throws {
        let text = #"{"schema": "api.json", "filePrefix": "Forum", "resourceFiles": 40}"#
        #expect(try PluginConfig.parse(text, path: "resgen-config.json").resourceFiles == 40)
        let (file, _) = read(text, file: "resgen-config.json")
        #expect(file?.config.resourceFiles == 40)
        let quoted = #"{"schema": "api.json", "filePrefix": "Forum", "resourceFiles": "40"}"#
        #expect(try PluginConfig.parse(quoted, path: "resgen-config.json").resourceFiles == 40)
        #expect(read(quoted, file: "resgen-config.json").0?.config.resourceFiles == 40)
    }

    @Test(arguments: [
        "schema: Schema\nfilePrefix: Blog\n",
        "# comment\n---\nschema: 'Sch''ema' # note\nfilePrefix: \"Bl\\\"og\"\r\naccess: internal\ntemplates: T\n",
        "filePrefix: Blog   \nschema: a b/c#d.yml\ntemplates:\n",
    ])
    func pluginReaderAgreesWithResgen(text: String) throws {
        let collector = CollectingDiagnosticCollector()
        let user = try #require(UserConfig.decode(InputFile(path: "resgen-config.yaml", text: text), diagnostics: collector))
        let plugin = try PluginConfig.parse(text, path: "resgen-config.yaml")
        #expect(plugin.schema == user.schema?.value)
        #expect(plugin.filePrefix == user.filePrefix?.value)
        #expect(plugin.templates == user.templates?.value.nilIfEmpty)
    }

    @Test func pluginReaderAgreesOnJSON() throws {
        let text = #"{"schema": "api.json", "filePrefix": "Forum", "access": "package"}"#
        let plugin = try PluginConfig.parse(text, path: "T/resgen-config.json")
        #expect(plugin == PluginConfig(schema: "api.json", filePrefix: "Forum", templates: nil))
    }

    @Test(arguments: ["schema: {a: b}\nfilePrefix: X\n", "schema: s\n  filePrefix: X\n", "schema: s\n", "filePrefix: X\nschema: &a s\n"])
    func pluginReaderRefusesWhatItCannotRead(text: String) {
        #expect(throws: PluginConfig.ReadError.self) { try PluginConfig.parse(text, path: "c.yaml") }
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
