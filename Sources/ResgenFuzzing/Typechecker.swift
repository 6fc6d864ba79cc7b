import Foundation
import ResgenCore
import ResgenProcessLaunch

/// Runs `swiftc -typecheck` on generated sources against the `ResgenRuntime` module this process was
/// built with, the way a package using resgen compiles them (Swift 6, as a library).
///
/// The compiler is `$SWIFTC`, else `swiftc` on `PATH`, else `/opt/swift/usr/bin/swiftc`; the module
/// directory `$RESGEN_RUNTIME_MODULE_DIR`, else the first `Modules` folder holding
/// `ResgenRuntime.swiftmodule` above this executable (SwiftPM's `.build/<configuration>/Modules`).
enum Typechecker {
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    /// The compiler's errors for `files`, or `nil` when they typecheck.
    static func errors(in files: [GeneratedFile]) throws -> String? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-fuzz-typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for file in files {
            let url = directory.appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: url)
            paths.append(url.path)
        }
        let process = Process()
        process.executableURL = try compiler()
        process.arguments =
            ["-typecheck", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors", "-I", try moduleDirectory().path]
            + ["-module-cache-path", directory.appendingPathComponent("ModuleCache").path] + paths
        // Into a file, not a pipe: libFuzzer's timer signals interrupt reads, and FileHandle's
        // readDataToEndOfFile traps on EINTR.
        let log = directory.appendingPathComponent("swiftc.log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else { throw Unavailable(description: "cannot create \(log.path)") }
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        process.standardOutput = output
        process.standardError = output
        try ProcessLaunch.run(process)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : String(decoding: try Data(contentsOf: log), as: UTF8.self)
    }

    static func compiler() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["SWIFTC"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + ["/opt/swift/usr/bin"]
        for directory in directories {
            let candidate = URL(fileURLWithPath: directory).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Unavailable(description: "swiftc not found in PATH or /opt/swift/usr/bin; set SWIFTC")
    }

    static func moduleDirectory() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["RESGEN_RUNTIME_MODULE_DIR"], !path.isEmpty { return URL(fileURLWithPath: path) }
        let starts = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])].compactMap { $0 }
        for start in starts {
            var directory = start.resolvingSymlinksInPath().deletingLastPathComponent()
            while directory.path != "/", !directory.path.isEmpty {
                for candidate in [directory.appendingPathComponent("Modules"), directory]
                where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("ResgenRuntime.swiftmodule").path) {
                    return candidate
                }
                directory = directory.deletingLastPathComponent()
            }
        }
        throw Unavailable(description: "ResgenRuntime.swiftmodule not found; set RESGEN_RUNTIME_MODULE_DIR")
    }
}
