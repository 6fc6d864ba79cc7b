import Foundation
import ResgenProcessLaunch
import Testing

/// Checks JSON files against the official JSON:API 1.0 JSON Schema (`../shared/peer-suites/jsonapi-schema`,
/// see that folder's README) with Python's jsonschema: `Tests/Tools/jsonschema/check.py` run by the
/// `.venv-jsonschema` venv (`make jsonschema-venv`, which `make test` runs first).
enum JSONAPISchemaChecker {
    static let python = JSONAPIServer.root.appendingPathComponent(".venv-jsonschema/bin/python")
    static let script = JSONAPIServer.root.appendingPathComponent("Tests/Tools/jsonschema/check.py")
    static let schemas = JSONAPIServer.root.deletingLastPathComponent().appendingPathComponent("shared/peer-suites/jsonapi-schema/1.0")

    /// `schema.json`, which validates a response document.
    static var responseSchema: URL { schemas.appendingPathComponent("schema.json") }

    /// The schema of a request body: `schema_create_resource.json`, `schema_update_resource.json` or
    /// `schema_update_relationship.json`.
    static func requestSchema(_ name: String) -> URL { schemas.appendingPathComponent("schema_\(name).json") }

    /// Whether the checks run: the venv and the peer suite are there, and always on CI (where a missing
    /// one must fail the tests, not skip them).
    static let isAvailable: Bool = {
        let venv = FileManager.default.isExecutableFile(atPath: python.path)
        let suite = FileManager.default.fileExists(atPath: responseSchema.path)
        if venv && suite { return true }
        if ProcessInfo.processInfo.environment["CI"] != nil { return true }
        print("note: \(venv ? schemas.standardized.path : ".venv-jsonschema/ (make jsonschema-venv)") is missing; skipping the JSON:API schema checks")
        return false
    }()

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The schema errors of each file (by path): an empty list means the file is valid. The request
    /// schemas refer to the response schema, which is passed along as a resource.
    static func check(_ files: [URL], against schema: URL) async throws -> [String: [String]] {
        for required in [python, schema] where !FileManager.default.fileExists(atPath: required.path) {
            throw Failure(description: "\(required.standardized.path) is missing")
        }
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-jsonapi-schema-\(UUID().uuidString).txt")
        try Data().write(to: errorFile)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let errors = try FileHandle(forWritingTo: errorFile)
        defer { try? errors.close() }
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path, "--resource", responseSchema.path, schema.path] + files.map(\.path)
        let output = try CapturedOutput()  // a file, not a pipe (see CapturedOutput)
        process.standardOutput = output.handle
        // Standard error to a file: a traceback longer than a pipe's buffer would block check.py while
        // stdout is still being read.
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
            results[result.file] = result.errors
        }
        return results
    }
}

extension JSONAPISchemaChecker {
    /// Expects each of `documents` (JSON text) to be valid against the request schema `schema`
    /// (`create_resource`, `update_resource`, `update_relationship`); does nothing when the checks do not
    /// run here (``isAvailable``).
    static func expectValid(_ documents: [String], schema: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await expectValid(documents, against: requestSchema(schema), sourceLocation: sourceLocation)
    }

    /// Expects each of `documents` to be valid against `schema` (``responseSchema`` for what a server
    /// sent); does nothing when the checks do not run here.
    static func expectValid(_ documents: [String], against schema: URL, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        guard isAvailable, !documents.isEmpty else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-jsonapi-requests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [URL] = []
        for (index, document) in documents.enumerated() {
            let file = directory.appendingPathComponent("request\(index).json")
            try Data(document.utf8).write(to: file)
            files.append(file)
        }
        let results = try await check(files, against: schema)
        #expect(results.count == files.count, "every document was checked", sourceLocation: sourceLocation)
        for (file, errors) in results.sorted(by: { $0.key < $1.key }) where !errors.isEmpty {
            let index = files.firstIndex { $0.path == file }.map { documents[$0] } ?? file
            Issue.record("not valid against \(schema.lastPathComponent): \(index)\n\(errors.joined(separator: "\n"))", sourceLocation: sourceLocation)
        }
    }
}
