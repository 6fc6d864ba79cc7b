import Foundation
import ResgenCore
import ResgenProcessLaunch
import Testing

/// Helpers for golden-file tests, after swift-openapi-generator's reference tests and
/// swift-argument-parser's `RECORD_SNAPSHOTS`.
///
/// Goldens are read from (and, with `RESGEN_RECORD=1`, written to) the source tree, so a person
/// reviews every change with `git diff` before committing it.
enum Reference {
    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `Tests/ResgenReferenceTests/Resources`.
    static let resources = packageRoot.appendingPathComponent("Tests/ResgenReferenceTests/Resources")
    /// Whether this run re-records goldens instead of comparing.
    static let isRecording = ProcessInfo.processInfo.environment["RESGEN_RECORD"] == "1"

    /// Schema files under `directory` (a file or a folder), with paths relative to `relativeTo`.
    static func inputs(at directory: URL, relativeTo base: URL) throws -> [InputFile] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else { return [] }
        let files: [URL]
        if isDirectory.boolValue {
            files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { ["yml", "yaml", "json"].contains($0.pathExtension) }
        } else {
            files = [directory]
        }
        return try files.sorted { $0.path < $1.path }.map { file in
            let relative = String(file.standardizedFileURL.path.dropFirst(base.standardizedFileURL.path.count + 1))
            return InputFile(path: relative, contents: Array(try Data(contentsOf: file)))
        }
    }

    /// Compares `actual` with the file at `url`; records it instead in record mode.
    static func assertMatches(_ actual: String, golden url: URL, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let expected = try? String(contentsOf: url, encoding: .utf8)
        if isRecording {
            if expected != actual {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try actual.write(to: url, atomically: true, encoding: .utf8)
                Issue.record("recorded \(url.lastPathComponent); review the diff and rerun without RESGEN_RECORD", sourceLocation: sourceLocation)
            }
            return
        }
        guard let expected else {
            Issue.record("missing golden \(url.path); run 'make reference'", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            Issue.record("\(url.lastPathComponent) differs from its golden:\n\(await diff(expected: url, actual: actual))", sourceLocation: sourceLocation)
        }
    }

    /// `git diff --no-index` output between the golden and the actual text (as SOG prints it), waited
    /// for on a ``DedicatedThread``.
    static func diff(expected: URL, actual: String) async -> String {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-actual-\(UUID().uuidString)-\(expected.lastPathComponent)")
        try? actual.write(to: temporary, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "diff", "--no-index", "-U5", expected.path, temporary.path]
        guard let output = try? CapturedOutput() else { return "(no temporary file for git's output)" }
        process.standardOutput = output.handle
        process.standardError = output.handle
        do {
            try ProcessLaunch.run(process)
        } catch {
            return "(git unavailable: \(error))"
        }
        return await DedicatedThread.run {
            process.waitUntilExit()
            return String(decoding: output.contents(), as: UTF8.self)
        }
    }
}

typealias SourceLocation = Testing.SourceLocation
