import Foundation
import ResgenCore

/// Runs `Tests/Tools/jsonschema/check.py` with the venv's Python over schema files converted to
/// JSON, against the JSON Schema `resgen json-schema` prints.
enum JSONSchemaChecker {
    static let python = Reference.packageRoot.appendingPathComponent(".venv-jsonschema/bin/python")
    static let script = Reference.packageRoot.appendingPathComponent("Tests/Tools/jsonschema/check.py")

    /// Whether the tests run: when the venv is there, and always on CI (where a missing venv must fail them).
    static let isAvailable: Bool = {
        if FileManager.default.isExecutableFile(atPath: python.path) { return true }
        if ProcessInfo.processInfo.environment["CI"] != nil { return true }
        print("note: .venv-jsonschema/ is missing (run `make jsonschema-venv`); skipping the JSON Schema fixture tests")
        return false
    }()

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The JSON Schema errors of each file (by path); an empty list means the file passes.
    static func check(_ files: [URL]) throws -> [String: [String]] {
        try check(files.map { file in
            let input = InputFile(path: file.path, contents: Array(try Data(contentsOf: file)))
            guard let node = YAMLLoader.load(input, diagnostics: CollectingDiagnosticCollector()) else {
                // An empty file is an empty schema file: a null document.
                return (file.path, input.contents.allSatisfy { [0x20, 0x0A, 0x0D].contains($0) } ? NSNull() : "unparseable")
            }
            return (file.path, node.jsonObject)
        })
    }

    /// The JSON Schema errors of each instance (by name).
    static func check(_ instances: [(name: String, value: Any)]) throws -> [String: [String]] {
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw Failure(description: "\(python.path) is missing; `make jsonschema-venv` creates it")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-jsonschema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let schema = folder.appendingPathComponent("resgen-schema.json")
        try Data(JSONSchema.text.utf8).write(to: schema)
        var names: [String: String] = [:]  // instance file → name
        var arguments = [script.path, schema.path]
        for (index, instance) in instances.enumerated() {
            let file = folder.appendingPathComponent("\(index).json")
            try JSONSerialization.data(withJSONObject: instance.value, options: [.fragmentsAllowed]).write(to: file)
            names[file.path] = instance.name
            arguments.append(file.path)
        }
        let process = Process()
        process.executableURL = python
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "check.py exited with \(process.terminationStatus): \(String(decoding: stderr, as: UTF8.self))")
        }
        struct Line: Decodable {
            var file: String
            var errors: [String]
        }
        var results: [String: [String]] = [:]
        for line in stdout.split(separator: UInt8(ascii: "\n")) {
            let result = try JSONDecoder().decode(Line.self, from: Data(line))
            if let name = names[result.file] { results[name] = result.errors }
        }
        return results
    }
}
