import Foundation
import ResgenProcessLaunch
import Testing

/// What one run of the `resgen` binary did.
struct CommandResult: CustomStringConvertible {
    var exitCode: Int32
    var stdout: String
    var stderr: String

    var description: String { "exit code \(exitCode)\n--- stdout:\n\(stdout)--- stderr:\n\(stderr)" }
}

/// Runs the built `resgen` executable as a user would (after ArgumentParser's `AssertExecuteCommand`).
enum ResgenProcess {
    /// The `resgen` executable SwiftPM built next to the test product (`.build/<triple>/debug/`).
    ///
    /// On Linux the test runner is an executable in that directory, so `Bundle.main` points there; on
    /// macOS the tests are an `.xctest` bundle in it. The source path is a last resort for unusual
    /// runners (`.build/debug` is SwiftPM's link to the current configuration).
    static let executable: URL? = {
        var directories: [URL] = []
        for bundle in [Bundle.main, Bundle(for: BundleMarker.self)] + Bundle.allBundles {
            let url = bundle.bundleURL
            directories.append(url.pathExtension == "xctest" ? url.deletingLastPathComponent() : url)
        }
        if let runner = CommandLine.arguments.first {
            directories.append(URL(fileURLWithPath: runner).deletingLastPathComponent())
        }
        var packageRoot = URL(fileURLWithPath: #filePath)  // <root>/Tests/ResgenCLITests/Support/<file>
        for _ in 0..<4 { packageRoot.deleteLastPathComponent() }
        directories.append(packageRoot.appendingPathComponent(".build/debug"))
        return directories.lazy
            .map { $0.appendingPathComponent("resgen") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `resgen` with `arguments` in `directory` and waits for it.
    ///
    /// Standard output and error go to files, not pipes, so a large diff cannot fill a pipe buffer and
    /// block the child while the test waits for it to exit. The waiting happens on a ``DedicatedThread``,
    /// not on a cooperative thread other tests need, and the run takes one of the ``ProcessSlots``.
    static func run(_ arguments: [String], in directory: URL) async throws -> CommandResult {
        let executable = try #require(ResgenProcess.executable, "no 'resgen' executable next to the test product")
        let io = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-io-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: io, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: io) }
        let stdoutURL = io.appendingPathComponent("stdout")
        let stderrURL = io.appendingPathComponent("stderr")
        try Data().write(to: stdoutURL)
        try Data().write(to: stderrURL)
        let stdout = try FileHandle(forWritingTo: stdoutURL)
        let stderr = try FileHandle(forWritingTo: stderrURL)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try await ProcessSlots.shared.withSlot {
            try ProcessLaunch.run(process)
            await DedicatedThread.run { process.waitUntilExit() }
        }
        try stdout.close()
        try stderr.close()
        return CommandResult(
            exitCode: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: stdoutURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self)
        )
    }
}

/// Lets `Bundle(for:)` find the bundle the tests were loaded from.
private final class BundleMarker {}
