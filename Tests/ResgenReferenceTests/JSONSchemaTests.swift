import Foundation
import ResgenCore
import Testing

/// `resgen json-schema`: its committed copy, and that it says what the decoder accepts.
@Suite struct JSONSchemaTests {
    static let committedCopy = Reference.packageRoot.appendingPathComponent("docs/resgen-schema.json")

    /// `docs/resgen-schema.json` is what `resgen json-schema` prints (`make generate` or
    /// `RESGEN_RECORD=1` refreshes it).
    @Test func committedCopyMatchesTheOutput() async throws {
        try await Reference.assertMatches(JSONSchema.text, golden: Self.committedCopy)
    }

    /// Each `$defs` entry lists exactly its table's keys, and forbids others.
    @Test func definitionsListTheTablesKeys() throws {
        let document = JSONSchema.document
        for mapping in JSONSchema.mappings(from: .file) {
            let definition = mapping.name == SchemaMapping.file.name ? document : document["$defs"]?[mapping.name]
            guard case .object(let properties)? = definition?["properties"] else {
                Issue.record("no properties for '\(mapping.name)'")
                continue
            }
            #expect(properties.map(\.0) == mapping.keyNames, "\(mapping.name)")
            guard case .bool(false)? = definition?["additionalProperties"] else {
                Issue.record("'\(mapping.name)' allows other keys")
                continue
            }
        }
    }

    /// A schema with every key of every position gets no "unknown key" warning from the decoder (every
    /// key the JSON Schema lists is accepted), and one more key in each mapping gets exactly one
    /// warning per mapping (the decoder accepts no key the JSON Schema does not list).
    @Test func theDecoderAcceptsExactlyTheKeysTheJSONSchemaLists() throws {
        var sample = SampleSchema(unknownKey: nil)
        let plain = sample.file()
        #expect(try unknownKeyWarnings(plain).isEmpty)

        var strict = SampleSchema(unknownKey: "zzzUnknownKey")
        let extra = strict.file()
        let warnings = try unknownKeyWarnings(extra)
        #expect(warnings.count == strict.mappingCount, "\(warnings.joined(separator: "\n"))")
        #expect(warnings.allSatisfy { $0.hasPrefix("unknown key 'zzzUnknownKey' in '") })
        #expect(strict.mappingCount >= JSONSchema.mappings(from: .file).count)
    }

    /// A JSON schema file names its JSON Schema with a top-level `$schema` key, which resgen ignores
    /// without a warning (a comment cannot do it in JSON).
    @Test func aJSONSchemaFileMayNameItsJSONSchema() throws {
        let forum = try String(contentsOf: Reference.packageRoot.appendingPathComponent("Schemas/forum/forum.json"), encoding: .utf8)
        #expect(forum.hasPrefix("{"))
        let named = "{\"$schema\": \"../../docs/resgen-schema.json\"," + forum.dropFirst()
        let collector = CollectingDiagnosticCollector()
        _ = try Pipeline.validate(inputs: [InputFile(path: "forum.json", text: named)], diagnostics: collector)
        #expect(collector.diagnostics.isEmpty, "\(collector.sorted)")
    }

    /// Every key of every position is documented in docs/schema.md (as `key` or `key:`).
    @Test func everyKeyIsDocumented() throws {
        let documentation = try String(contentsOf: Reference.packageRoot.appendingPathComponent("docs/schema.md"), encoding: .utf8)
        for mapping in JSONSchema.mappings(from: .file) {
            for key in mapping.keyNames {
                #expect(documentation.contains("`\(key)`") || documentation.contains("\(key):"), "'\(key)' of '\(mapping.name)' is not in docs/schema.md")
            }
        }
    }

    /// The type pattern accepts what the type parser and validator accept and rejects what they reject
    /// by its spelling alone.
    @Test(arguments: [
        ("String", true), ("[String]", true), ("[String: Int]?", true), (" [ String : [Int?] ] ? ", true),
        ("Article", true), ("Café.Bar_2", true), ("[[[[[[Int]]]]]]", true),
        ("String??", false), ("[Int: String]", false), ("[String", false), ("String]", false), ("", false),
        ("[String?: Int]", false), ("Str ing", false), ("[[[[[[[Int]]]]]]]", false),
    ])
    func typePattern(_ spelling: String, matches: Bool) throws {
        let regex = try Regex(JSONSchema.typePattern)
        #expect((spelling.firstMatch(of: regex) != nil) == matches, "\(spelling)")
    }

    func unknownKeyWarnings(_ object: Any) throws -> [String] {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        let collector = CollectingDiagnosticCollector()
        _ = try? Pipeline.validate(inputs: [InputFile(path: "sample.json", contents: Array(data))], diagnostics: collector)
        return collector.diagnostics.map(\.message).filter { $0.hasPrefix("unknown key") }
    }
}

/// A schema built from the ``SchemaMapping`` tables with every key of every position, each with a
/// value of its kind; with `unknownKey`, every mapping also has that key.
///
/// Values are chosen so the validator reaches every mapping it reads itself (`dateFormat: { pattern }`
/// is read only for a `Date` attribute whose other keys are fine), and inside a mapping that takes
/// exactly one key (a request body, which is then an error) no nested mapping is counted.
struct SampleSchema {
    let unknownKey: String?
    /// How many mappings got `unknownKey`.
    private(set) var mappingCount = 0
    /// How many names were chosen: each is unique, so no declaration is dropped as a duplicate.
    private var nameCount = 0

    init(unknownKey: String?) { self.unknownKey = unknownKey }

    mutating func file() -> Any { mapping(.file, counted: true) }

    private mutating func mapping(_ mapping: SchemaMapping, counted: Bool) -> [String: Any] {
        var object: [String: Any] = [:]
        for key in mapping.keys {
            object[key.name] = value(key.value, counted: counted && !mapping.exactlyOneKey)
        }
        // A request's path names its parameters, so the validator reads their long forms too.
        if let parameters = object["parameters"] as? [String: Any] {
            object["path"] = "/" + parameters.keys.sorted().map { "{\($0)}" }.joined(separator: "/")
        }
        if counted, let unknownKey {
            object[unknownKey] = "x"
            mappingCount += 1
        }
        return object
    }

    private mutating func value(_ value: SchemaValue, counted: Bool) -> Any {
        switch value {
        case .text: return "x"
        case .flag: return false  // `readOnly` and `writeOnly` both true would stop the validator early
        case .choice(let choices, _): return choices[0]
        case .type: return "Date?"
        case .typeNamed(let names): return names[0]
        case .list(let item): return [self.value(item, counted: counted)]
        case .enumValues: return ["a", ["bee": "b"]]
        case .mapping(let mapping): return self.mapping(mapping, counted: counted)
        case .names(let entry, _):
            nameCount += 1
            if case .shortOrLong(let short, let long) = entry {
                return ["short\(nameCount)": self.value(short, counted: counted), "long\(nameCount)": self.mapping(long, counted: counted)]
            }
            return ["name\(nameCount)": self.value(entry, counted: counted)]
        case .shortOrLong(_, let long): return mapping(long, counted: counted)
        case .any: return NSNull()  // a `Date?` attribute's default
        }
    }
}
