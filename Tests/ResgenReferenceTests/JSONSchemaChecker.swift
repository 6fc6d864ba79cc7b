import Foundation
import ResgenCore
import ResgenProcessLaunch

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
    static func check(_ files: [URL]) async throws -> [String: [String]] {
        try await check(files.map { file in
            let input = InputFile(path: file.path, contents: Array(try Data(contentsOf: file)))
            guard let node = YAMLLoader.load(input, diagnostics: CollectingDiagnosticCollector()) else {
                // An empty file is an empty schema file: a null document.
                return (file.path, input.contents.allSatisfy { [0x20, 0x0A, 0x0D].contains($0) } ? NSNull() : "unparseable")
            }
            return (file.path, node.jsonObject)
        })
    }

    /// The JSON Schema errors of each instance (by name).
    static func check(_ instances: [(name: String, value: Any)]) async throws -> [String: [String]] {
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
        let output = try CapturedOutput()  // a file, not a pipe (see CapturedOutput)
        // Standard error goes to a file, not a second pipe: with two pipes read one after the other, a
        // traceback longer than a pipe's buffer would block check.py while stdout is still being read.
        let errorFile = folder.appendingPathComponent("stderr.txt")
        try Data().write(to: errorFile)
        let errors = try FileHandle(forWritingTo: errorFile)
        defer { try? errors.close() }
        process.standardOutput = output.handle
        process.standardError = errors
        // Off the cooperative pool, in one of the ProcessSlots: check.py takes a while on a loaded machine.
        let stdout = try await ProcessSlots.shared.withSlot {
            try ProcessLaunch.run(process)
            return await DedicatedThread.run {
                process.waitUntilExit()
                return output.contents()
            }
        }
        guard process.terminationStatus == 0 else {
            let stderr = (try? Data(contentsOf: errorFile)) ?? Data()
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
