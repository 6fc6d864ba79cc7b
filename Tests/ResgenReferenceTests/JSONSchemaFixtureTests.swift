import Foundation
import ResgenCore
import Testing

/// The JSON Schema of the schema language (`resgen json-schema`) against every schema file the
/// repository has, under Python's `jsonschema` (pinned in `Tests/Tools/jsonschema/requirements.txt`,
/// installed by `make jsonschema-venv` into `.venv-jsonschema/`):
///
/// - every file resgen reads without any diagnostic (`Schemas/`, the integration package's copies,
///   the fuzz seeds, the schemas written inline in the tests) passes it: an editor never marks a
///   valid schema;
/// - every file with an error of shape (an unknown key, a value outside a choice, a scalar of the
///   wrong kind, a type spelling that does not parse; ``shapeMessages``) fails it;
/// - every invalid fixture without one is listed in ``semanticFixtures`` with the reason the JSON
///   Schema cannot see it, and passes it (no false alarm on what only the validator can judge).
///
/// Files are converted to JSON by resgen's own loader with YAML 1.2 scalars (``RawNode/jsonObject``),
/// as an editor's YAML language server reads them.
///
/// Without the venv the tests are skipped with a notice, or fail when the environment variable `CI`
/// is set (as the real-server tests do).
@Suite(.enabled(if: JSONSchemaChecker.isAvailable))
struct JSONSchemaFixtureTests {
    /// Diagnostics the JSON Schema expresses, by the start of their message (after `error: ` or
    /// `warning: `), or a fragment for those that start with a quoted name.
    static let shapeMessages = [
        "unknown key '",
        "expected a mapping for ",
        "expected a string for ",
        "expected a list",
        "expected 'true' or 'false' for ",
        "unknown operation '",
        "unknown format '",
        "unknown HTTP method '",
        "unknown dateFormat '",
        "unknown auth '",
        "a request body is one of ",
        "a request body has exactly one of ",
        "an enum value mapping names one case",
        "is not allowed here; an id is ",
        "dictionary keys must be 'String'",
        "a type is optional once",
        "unknown discriminator '",
        "unknown relationship write form '",
        "expected 'link', 'uri', 'id' or 'none' for ",
        "'api' needs a 'name'",
        "'api' needs a 'format'",
    ]

    /// Shape errors (a required key missing) whose message ends with the key, after a quoted name.
    static let shapeSuffixes = [
        "' needs a 'method'",  // a request's
        "' needs a 'path'",  // a request's; a child resource's says more
        "' needs a 'type'",  // an attribute's long form; a JSON:API resource's says more
        "' needs 'values'",  // an enum's
    ]

    /// Shape errors whose message is about one block.
    static let shapeBlockMessages = [
        "'entry' declares no links",
    ]

    /// Shape errors (a required key missing) told by how their message starts and what it holds.
    static let shapePrefixedFragments: [(prefix: String, fragment: String)] = [
        ("path '", "' needs a 'path': "),  // an entry of a resource's `paths:`
    ]

    /// Shape errors whose message starts with a quoted value.
    static let shapeFragments = [
        "is a YAML 1.1 boolean, which resgen does not accept for '",  // a flag; a `default` is checked against its type
        "allows the operation 'list' only, found '",  // a union's `operations`
        "has both 'uri' and 'id'; keep one",  // a relationship's `write:` mapping has exactly one key
        "needs 'uri' or 'id' naming the property",
        "needs 'property': the property that names",  // a union's discriminator
        "has both 'toOne' and 'toMany'",
        "needs 'toOne' or 'toMany'",
        "needs 'members': two or more",
        "needs a 'style': pageNumber, offset or cursor",  // a resource's `pagination:`
        "unknown pagination style '",
    ]

    /// Invalid fixtures (`Resources/Invalid/`) with no error of shape, and why the JSON Schema cannot
    /// see their errors. Each must pass the JSON Schema.
    static let semanticFixtures: [String: String] = [
        "accepts-includes.yml": "the names in 'acceptsIncludes' are checked against the resource's include sets",
        "bad-base-url.yml": "whether 'baseURL' is an absolute http(s) URL is checked by code (URLSyntax), not a pattern",
        "child-without-path.yml": "'path' is required only when 'parent' is given",
        "containment-cycle.yml": "a cycle through attribute types needs every declaration",
        "default-string-for-int.yml": "a default is checked against its attribute's type",
        "default-unknown-enum-value.yml": "a default is checked against the enum's declared values",
        "duplicate-key-json.json": "duplicate keys are reported by the loader; JSON has no way to express them",
        "duplicate-key-yaml.yml": "duplicate keys are reported by the loader; the editor's YAML parser reports them itself",
        "duplicate-type-across-files": "names are unique across the files of an API",
        "duplicate-wire-keys.yml": "wire keys must be unique among the attributes and relationships of a resource",
        "empty-file.yml": "the 'api' block may be in another file of the API",
        "enum-duplicate-value.yml": "enum values must be unique (uniqueItems would not see '- name: value' forms)",
        "enum-value-unknown.yml": "names generated code uses depend on the templates",
        "file-as-attribute-type.yml": "where 'File' may stand depends on the position of a shared attribute definition",
        "generated-member-clash.yml": "names generated code uses depend on the templates and the format",
"hal-relationship-write-properties.yml": "the property a relationship is written in must be a key the body does not use, and its target one resource",
        "include-attribute.yml": "include paths follow the declared relationships",
        "include-nested-unknown-step.yml": "include paths follow the declared relationships",
        "include-to-one-bracketed.yml": "include paths follow the declared relationships",
        "include-unknown-relationship.yml": "include paths follow the declared relationships",
        "list-parameters.yml": "a list's query parameters, sort keys and include limits are checked against each other, the resource's fields and relationships and its 'pagination'",
        "missing-api-block.yml": "the 'api' block may be in another file of the API",
        "names-collide-after-renaming.yml": "Swift names are compared after renaming",
        "number-defaults.yml": "a default is checked against its attribute's type",
        "optional-path-parameter.yml": "path parameters are matched with the request's path template",
        "parameter-not-in-path.yml": "path parameters are matched with the request's path template",
        "parent-cycle.yml": "a parent cycle needs every resource",
        "path-parameter-without-argument.yml": "path parameters are matched with the request's path template",
        "query-object-type.yml": "whether a name is an object or an enum needs its declaration",
        "relationship-target-not-resource.yml": "whether a name is a resource needs its declaration",
        "reserved-member-names.yml": "names generated code uses depend on the templates and the format",
        "reserved-property-names.yml": "Swift's reserved names are compared after renaming",
        "reserved-type-names.yml": "type names are compared after renaming with Swift's, the runtime's and generated code's",
        "root-path-without-slash.yml": "whether 'path' is absolute depends on whether 'parent' is given",
        "self-parent.yml": "a parent cycle needs every resource",
        "unclosed-brace-in-path.yml": "path templates are parsed by the validator (a pattern would not give the position)",
        "unknown-parent.yml": "names resolve against the declarations",
        "unknown-relationship-target.yml": "names resolve against the declarations",
        "unknown-type-after-multibyte.yml": "names resolve against the declarations",
        "unknown-type-lowercase.yml": "names resolve against the declarations ('string' could be declared)",
        "unknown-type-resource-name.yml": "names resolve against the declarations",
        "unknown-type-typo.yml": "names resolve against the declarations",
        "yaml11-boolean-default.yml": "a default is checked against its attribute's type ('no' is a fine String default)",
    ]

    /// Invalid fixtures that are not a YAML document at all: the editor's YAML parser marks them.
    static let unparseableFixtures: Set<String> = [
        "json-syntax-missing-comma.json", "tab-indentation.yml", "yaml-syntax-bad-indentation.yml",
        "yaml-syntax-unclosed-flow-sequence.yml",
    ]

    static let root = Reference.packageRoot

    /// Whether a diagnostic message is one the JSON Schema expresses.
    static func isShape(_ message: String) -> Bool {
        shapeMessages.contains { message.hasPrefix($0) || message.contains("; \($0)") || message.contains(": \($0)") }
            || shapeFragments.contains { message.contains($0) }
            || shapeSuffixes.contains { message.hasSuffix($0) }
            || shapeBlockMessages.contains { message.hasPrefix($0) }
            || shapePrefixedFragments.contains { message.hasPrefix($0.prefix) && message.contains($0.fragment) }
    }

    /// `file:line:column: severity: message` → (file, message), from a diagnostics golden.
    static func parse(_ line: Substring) -> (file: String, message: String)? {
        for severity in [": error: ", ": warning: "] {
            if let range = line.range(of: severity) {
                let file = line[..<range.lowerBound].split(separator: ":").first.map(String.init) ?? ""
                return (file, String(line[range.upperBound...]))
            }
        }
        return nil
    }

    /// Schema files resgen reads without a diagnostic, each group validated as one API: every file or
    /// folder of `Schemas/` but the deliberately broken one, and the integration package's copies.
    static func validGroups() throws -> [[URL]] {
        let schemas = root.appendingPathComponent("Schemas")
        var groups: [[URL]] = []
        for entry in try FileManager.default.contentsOfDirectory(at: schemas, includingPropertiesForKeys: nil).sorted(by: { $0.path < $1.path }) {
            if entry.hasDirectoryPath {
                groups.append(schemaFiles(in: entry))
            } else if ["yml", "yaml", "json"].contains(entry.pathExtension), entry.lastPathComponent != "broken.yml" {
                groups.append([entry])
            }
        }
        for client in ["BlogClient", "ContactsClient", "ForumClient"] {
            groups.append(schemaFiles(in: root.appendingPathComponent("IntegrationTest/Sources/\(client)/Schema")))
        }
        return groups
    }

    static func schemaFiles(in directory: URL) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [])
            .filter { ["yml", "yaml", "json"].contains($0.pathExtension) }.sorted { $0.path < $1.path }
    }

    @Test func validSchemasPassTheJSONSchema() async throws {
        let groups = try Self.validGroups()
        #expect(groups.count >= 8, "Schemas/ and IntegrationTest/ hold the example schemas")
        var files: [URL] = []
        for group in groups {
            let inputs = try group.map { InputFile(path: $0.path, contents: Array(try Data(contentsOf: $0))) }
            let collector = CollectingDiagnosticCollector()
            _ = try? Pipeline.validate(inputs: inputs, diagnostics: collector)
            #expect(collector.diagnostics.isEmpty, "\(group.map(\.lastPathComponent)) is a valid fixture: \(collector.sorted)")
            files += group
        }
        let results = try await JSONSchemaChecker.check(files)
        for file in files {
            #expect(results[file.path] == [], "\(file.path) fails the JSON Schema: \(results[file.path] ?? ["no result"])")
        }
    }

    /// Fuzz seeds are schemas too: valid ones must pass, ones with an error of shape must fail.
    @Test func fuzzSeedsAreJudgedAsTheValidatorJudgesThem() async throws {
        let seeds = Self.schemaFiles(in: Self.root.appendingPathComponent("Fuzz/Corpus/pipeline"))
        #expect(seeds.count >= 5)
        var expectations: [String: Bool] = [:]  // path → should pass
        var parseable: [URL] = []
        for seed in seeds {
            let input = InputFile(path: seed.lastPathComponent, contents: Array(try Data(contentsOf: seed)))
            let collector = CollectingDiagnosticCollector()
            _ = try? Pipeline.validate(inputs: [input], diagnostics: collector)
            guard YAMLLoader.load(input, diagnostics: CollectingDiagnosticCollector()) != nil else { continue }
            let messages = collector.diagnostics.filter { $0.severity != .note }.map(\.message)
            if messages.isEmpty {
                expectations[seed.path] = true
            } else if messages.contains(where: Self.isShape) {
                expectations[seed.path] = false
            } else {
                continue  // semantic errors only: the invalid fixtures' test covers those
            }
            parseable.append(seed)
        }
        let results = try await JSONSchemaChecker.check(parseable)
        for (path, shouldPass) in expectations.sorted(by: { $0.key < $1.key }) {
            let errors = results[path] ?? ["no result"]
            #expect(errors.isEmpty == shouldPass, "\(path): expected to \(shouldPass ? "pass" : "fail"); JSON Schema errors: \(errors)")
        }
    }

    /// The schemas written inline in the tests (multi-line string literals whose top-level keys are
    /// schema keys, without interpolation or escapes; an `api` block is added where they have none, as
    /// `SnippetTests` does): valid ones must pass, ones with an error of shape must fail.
    @Test func schemasInlineInTestsAreJudgedAsTheValidatorJudgesThem() async throws {
        let schemas = try Self.inlineSchemas()
        #expect(schemas.count >= 15, "the tests hold inline schemas")
        var expectations: [String: Bool] = [:]
        var instances: [(name: String, value: Any)] = []
        for (name, text) in schemas {
            let input = InputFile(path: "inline.yml", text: text)
            let collector = CollectingDiagnosticCollector()
            _ = try? Pipeline.validate(inputs: [input], diagnostics: collector)
            let messages = collector.diagnostics.filter { $0.severity != .note }.map(\.message)
            guard let node = YAMLLoader.load(input, diagnostics: CollectingDiagnosticCollector()) else { continue }
            if messages.isEmpty {
                expectations[name] = true
            } else if messages.contains(where: Self.isShape) {
                expectations[name] = false
            } else {
                continue
            }
            instances.append((name, node.jsonObject))
        }
        #expect(expectations.values.filter { $0 }.count >= 10, "most inline schemas are valid")
        let results = try await JSONSchemaChecker.check(instances)
        for (name, shouldPass) in expectations.sorted(by: { $0.key < $1.key }) {
            let errors = results[name] ?? ["no result"]
            #expect(errors.isEmpty == shouldPass, "\(name): expected to \(shouldPass ? "pass" : "fail"); JSON Schema errors: \(errors)")
        }
    }

    /// Inline schemas of the test sources, by `<file>:<line>`.
    static func inlineSchemas() throws -> [(name: String, text: String)] {
        let tests = root.appendingPathComponent("Tests")
        let schemaKeys = Set(SchemaMapping.file.keyNames)
        var found: [(String, String)] = []
        let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files.filter({ $0.pathExtension == "swift" }).sorted(by: { $0.path < $1.path }) {
            let source = try String(contentsOf: file, encoding: .utf8)
            for literal in multiLineLiterals(in: source) {
                let body = literal.body
                guard !body.contains("\\") else { continue }  // interpolation and escapes: not the text as written
                let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { (line: Substring) -> Substring in
                    line.dropFirst(min(literal.indent, line.prefix { $0 == " " }.count))
                }
                let top = lines.filter { !$0.isEmpty && !$0.hasPrefix(" ") && !$0.hasPrefix("#") }.map { String($0.prefix { $0 != ":" }) }
                guard !top.isEmpty, top.allSatisfy(schemaKeys.contains) else { continue }
                let text = (top.contains("api") ? "" : "api: { name: S, format: jsonapi }\n") + lines.joined(separator: "\n") + "\n"
                let line = source[..<literal.start].filter { $0 == "\n" }.count + 1
                found.append(("\(file.path.dropFirst(tests.path.count + 1)):\(line)", text))
            }
        }
        return found
    }

    /// The multi-line string literals of a Swift source: an opening `"""` ends its line, a closing one
    /// has only spaces before it (their count is the indentation the literal drops).
    static func multiLineLiterals(in source: String) -> [(start: String.Index, body: Substring, indent: Int)] {
        var literals: [(String.Index, Substring, Int)] = []
        var open: String.Index?
        var searchFrom = source.startIndex
        while let quotes = source[searchFrom...].firstRange(of: "\"\"\"") {
            searchFrom = quotes.upperBound
            if let start = open {
                let lineStart = source[..<quotes.lowerBound].lastIndex(of: "\n").map { source.index(after: $0) } ?? source.startIndex
                let before = source[lineStart..<quotes.lowerBound]
                guard before.allSatisfy({ $0 == " " }) else { continue }
                let bodyEnd = lineStart > start ? source.index(before: lineStart) : start
                literals.append((start, source[start..<bodyEnd], before.count))
                open = nil
            } else if source[quotes.upperBound...].first == "\n" {
                open = source.index(after: quotes.upperBound)
            }
        }
        return literals
    }

    @Test func invalidFixturesFailExactlyWhenTheirErrorIsOneOfShape() async throws {
        let directory = InvalidSchemaTests.directory
        var expectations: [String: (shouldPass: Bool, why: String)] = [:]  // file path → expectation
        var files: [URL] = []
        for name in InvalidSchemaTests.cases where !Self.unparseableFixtures.contains(name) {
            let stem = name.split(separator: ".").first.map(String.init) ?? name
            let golden = try String(contentsOf: directory.appendingPathComponent("\(stem).diagnostics.txt"), encoding: .utf8)
            let diagnostics = golden.split(separator: "\n").compactMap(Self.parse)
            let caseURL = directory.appendingPathComponent(name)
            let caseFiles = caseURL.pathExtension.isEmpty ? Self.schemaFiles(in: caseURL) : [caseURL]
            let shapeFiles = Set(diagnostics.filter { Self.isShape($0.message) }.map(\.file))
            if shapeFiles.isEmpty {
                let reason = Self.semanticFixtures[name]
                #expect(reason != nil, "\(name) has no error of shape; list it in semanticFixtures with the reason the JSON Schema cannot see its error: \(golden)")
                for file in caseFiles { expectations[file.path] = (true, "semantic: \(reason ?? "unlisted")") }
            } else {
                #expect(Self.semanticFixtures[name] == nil, "\(name) has an error of shape; remove it from semanticFixtures")
                for file in caseFiles {
                    // A file of a multi-file case without an error of shape of its own must pass.
                    let relative = String(file.path.dropFirst(directory.path.count + 1))
                    expectations[file.path] = shapeFiles.contains(relative) ? (false, "has an error of shape") : (true, "no error of shape in this file")
                }
            }
            files += caseFiles
        }
        for name in Self.semanticFixtures.keys.sorted() {
            #expect(InvalidSchemaTests.cases.contains(name), "semanticFixtures lists '\(name)', which is no fixture")
        }
        let results = try await JSONSchemaChecker.check(files)
        for file in files {
            guard let expectation = expectations[file.path] else { continue }
            let errors = results[file.path] ?? ["no result"]
            #expect(errors.isEmpty == expectation.shouldPass, "\(file.lastPathComponent) (\(expectation.why)): expected to \(expectation.shouldPass ? "pass" : "fail"); JSON Schema errors: \(errors)")
        }
    }
}
