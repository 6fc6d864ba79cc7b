import Foundation

/// The keys of a target's `resgen-config.yaml` that a plugin needs before resgen runs: where the
/// schema and template overrides are (its input files), the file prefix and the number of resource
/// files (its output files).
///
/// Plugins cannot link resgen's YAML parser, so this reads the config's documented form, a flat
/// mapping of `key: value` lines (or a JSON object of strings and numbers), and refuses anything else
/// with an error naming the line. Everything else (unknown keys, access level, a `resourceFiles` that is
/// not a number from 1 to 256, paths that leave the target, a schema that does not exist) is checked by
/// `resgen --config`, which reports it as
/// `file:line:column: error:` on the config's line. This file imports only Foundation, so the tests
/// of the main package and the `config` fuzz target (`ResgenFuzzing`) compile it too (through symbolic
/// links) and compare it with resgen's parser.
struct PluginConfig: Equatable {
    /// The config file names a plugin looks for in a target's folder.
    static let fileNames = ["resgen-config.yaml", "resgen-config.yml", "resgen-config.json"]

    /// The number of resource files when the config does not say (resgen's `Config.defaultResourceFiles`).
    static let defaultResourceFiles = 16

    /// The suffixes of the generated files, `<filePrefix>+<suffix>.swift`: four files of the API as a
    /// whole and `resourceFiles` that hold the resources (`Resources01`…, three digits when there are
    /// more than 99), whatever the schema; a test checks them against the generator's own list.
    static func outputSuffixes(resourceFiles: Int) -> [String] {
        let width = resourceFiles > 99 ? 3 : 2
        return ["Includes", "Models", "Paths", "Requests"]
            + (1...max(1, resourceFiles)).map { number in
                let digits = String(number)
                return "Resources" + String(repeating: "0", count: max(0, width - digits.count)) + digits
            }
    }

    /// Schema file extensions, as `resgen` reads them from a folder.
    static let schemaExtensions: Set<String> = ["yml", "yaml", "json"]

    /// `schema`, as written.
    var schema: String
    /// `filePrefix`.
    var filePrefix: String
    /// `templates`, as written, if present.
    var templates: String?
    /// `resourceFiles`; the default when it is absent or not a number from 1 to 256 (resgen then fails
    /// with the error on the config's line, before writing anything).
    var resourceFiles: Int = Self.defaultResourceFiles

    /// The files resgen writes for this config, sorted.
    var outputFileNames: [String] {
        Self.outputSuffixes(resourceFiles: resourceFiles).map { "\(filePrefix)+\($0).swift" }
    }

    /// A config the plugin cannot read, with the line when there is one.
    struct ReadError: Error, Equatable, CustomStringConvertible {
        /// The config file's path.
        var path: String
        /// 1-based line, when the problem is on one.
        var line: Int?
        /// What is wrong, compiler style (lowercase, no final period).
        var message: String

        var description: String {
            "\(path)\(line.map { ":\($0)" } ?? ""): error: \(message)"
        }
    }

    /// Reads the text of the config at `path` (JSON when the name ends in `.json`, else YAML).
    static func parse(_ text: String, path: String) throws(ReadError) -> PluginConfig {
        let values = path.hasSuffix(".json") ? try jsonValues(text, path: path) : try yamlValues(text, path: path)
        func required(_ key: String) throws(ReadError) -> String {
            guard let value = values[key]?.value, !value.isEmpty else {
                throw ReadError(path: path, line: values[key]?.line ?? 1, message: "missing key '\(key)'")
            }
            return value
        }
        let schema = try required("schema")
        let filePrefix = try required("filePrefix")
        let templates = values["templates"]?.value
        return PluginConfig(
            schema: schema,
            filePrefix: filePrefix,
            templates: templates?.isEmpty == false ? templates : nil,
            resourceFiles: values["resourceFiles"].flatMap { resourceFileCount($0.value) } ?? defaultResourceFiles
        )
    }

    /// `text` as a number of resource files, as resgen reads it: decimal digits naming 1 to 256.
    static func resourceFileCount(_ text: String) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let count = Int(text), (1...256).contains(count)
        else { return nil }
        return count
    }

    /// Top-level string and number values of a JSON object (numbers as their decimal text).
    private static func jsonValues(_ text: String, path: String) throws(ReadError) -> [String: (value: String, line: Int?)] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw ReadError(path: path, line: nil, message: "expected a JSON object of strings and numbers")
        }
        var values: [String: (value: String, line: Int?)] = [:]
        for (key, value) in object {
            if let string = value as? String {
                values[key] = (string, nil)
            } else if let number = value as? NSNumber {
                // A `true` may read as 1 here; resgen, which reads the config itself, refuses it.
                values[key] = (number.stringValue, nil)
            }
        }
        return values
    }

    /// `key: value` lines at the start of the line; comments, blank lines and `---` are skipped. A
    /// value is plain (a ` #` starts a comment), or quoted with `'` (`''` is a quote) or `"`.
    private static func yamlValues(_ text: String, path: String) throws(ReadError) -> [String: (value: String, line: Int?)] {
        var values: [String: (value: String, line: Int?)] = [:]
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, rawLine) in lines.enumerated() {
            let number = index + 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") || line == "---" || line == "..." { continue }
            guard line.first != " ", line.first != "\t", let colon = line.firstIndex(of: ":") else {
                throw unreadable(path, number)
            }
            let key = String(line[..<colon])
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
                throw unreadable(path, number)
            }
            let rest = line[line.index(after: colon)...]
            guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { throw unreadable(path, number) }
            guard let value = scalar(rest.drop { $0 == " " || $0 == "\t" }) else { throw unreadable(path, number) }
            values[key] = (value, number)
        }
        return values
    }

    private static func unreadable(_ path: String, _ line: Int) -> ReadError {
        ReadError(
            path: path,
            line: line,
            message: "the resgen plugins read a config of 'key: value' lines (or a JSON object of strings and numbers); this line is not one"
        )
    }

    /// The value of a plain or quoted scalar followed by nothing but a comment; nil for anything else
    /// (flow collections, anchors, tags, block scalars).
    private static func scalar(_ text: Substring) -> String? {
        if text.first == "'" || text.first == "\"" {
            let quote = text.first!
            var value = ""
            var index = text.index(after: text.startIndex)
            while index < text.endIndex {
                let character = text[index]
                index = text.index(after: index)
                if character == quote {
                    if quote == "'", index < text.endIndex, text[index] == "'" {
                        value.append("'")
                        index = text.index(after: index)
                        continue
                    }
                    let tail = text[index...].drop { $0 == " " || $0 == "\t" }
                    return tail.isEmpty || tail.hasPrefix("#") ? value : nil
                }
                if quote == "\"", character == "\\" {
                    guard index < text.endIndex, text[index] == "\"" || text[index] == "\\" else { return nil }
                    value.append(text[index])
                    index = text.index(after: index)
                    continue
                }
                value.append(character)
            }
            return nil
        }
        var value = text
        if let comment = value.range(of: " #") ?? value.range(of: "\t#") { value = value[..<comment.lowerBound] }
        if value.hasPrefix("#") { value = "" }
        while value.last == " " || value.last == "\t" { value = value.dropLast() }
        guard let first = value.first else { return "" }
        guard !"[]{}&*!|>%@`".contains(first) else { return nil }
        return String(value)
    }
}
