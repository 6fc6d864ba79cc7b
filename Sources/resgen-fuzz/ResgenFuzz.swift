import CLibFuzzer
import Foundation
import ResgenFuzzing

/// `resgen-fuzz`: the fuzz targets of `ResgenFuzzing`, under libFuzzer or replayed.
///
/// - Built normally: `resgen-fuzz <target> <file or folder>...` runs the target's harness on each file
///   with the fuzzing checks (time limit, sampled typechecks), prints each finding and exits 1 if there
///   was one; `resgen-fuzz --list` lists the targets.
/// - Built with `-D FUZZING -sanitize=fuzzer` (`make fuzz`, into `.build-fuzz`): `resgen-fuzz <target>
///   <libFuzzer arguments>` hands the rest of the command line to libFuzzer, which calls the target's
///   harness with each input; a finding traps, so libFuzzer saves the input as a crash. The target is
///   also passed to child processes (`-fork`) through `RESGEN_FUZZ_TARGET`. Findings of the kinds
///   listed in `RESGEN_FUZZ_TOLERATE` (comma-separated, e.g. `unlocated,slow`: defects already known)
///   do not stop the run: each is counted, and the first ten inputs of each kind are saved to
///   `RESGEN_FUZZ_TOLERATED_DIR` (default `.build-fuzz/tolerated/<target>`).
@main
enum ResgenFuzz {
    static func main() {
        var arguments = CommandLine.arguments
        if arguments.dropFirst().first == "--list" {
            for target in FuzzTarget.all { print("\(target.name)\t\(target.summary)") }
            return
        }
        let name: String
        if arguments.count > 1, let target = FuzzTarget.named(arguments[1]) {
            name = target.name
            arguments.remove(at: 1)
        } else if let fromEnvironment = ProcessInfo.processInfo.environment["RESGEN_FUZZ_TARGET"] {
            name = fromEnvironment
        } else {
            fail("usage: resgen-fuzz <target> [files or libFuzzer arguments]; targets: \(FuzzTarget.all.map(\.name).joined(separator: ", "))")
        }
        guard let target = FuzzTarget.named(name) else { fail("error: unknown fuzz target '\(name)'") }
        setenv("RESGEN_FUZZ_TARGET", name, 1)
        #if FUZZING
            exit(fuzz(target, arguments: arguments))
        #else
            exit(replay(target, paths: Array(arguments.dropFirst())))
        #endif
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(64)
    }

    /// Runs the harness on every file named, or in the folders named; 1 if any input gave a finding.
    static func replay(_ target: FuzzTarget, paths: [String]) -> Int32 {
        var findings = 0
        for path in paths {
            let url = URL(fileURLWithPath: path)
            var isDirectory: ObjCBool = false
            let files =
                FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? []).sorted { $0.path < $1.path }
                : [url]
            for file in files {
                guard let input = try? Data(contentsOf: file) else { continue }
                do {
                    try target.run(input, .fuzzing)
                } catch {
                    findings += 1
                    print("\(file.path): \(error)")
                }
            }
        }
        return findings == 0 ? 0 : 1
    }
}

#if FUZZING
    /// The target libFuzzer's callback runs, and its options (a C function pointer cannot capture them).
    nonisolated(unsafe) private var current: FuzzTarget?
    nonisolated(unsafe) private var options = FuzzOptions.fuzzing
    nonisolated(unsafe) private var tolerated = Tolerated()

    /// The kinds of findings that do not stop this run, and how many of each were seen.
    struct Tolerated {
        let kinds = Set((ProcessInfo.processInfo.environment["RESGEN_FUZZ_TOLERATE"] ?? "").split(separator: ",").map(String.init))
        var counts: [String: Int] = [:]

        /// Whether `finding` is of a tolerated kind; if so, counts it and saves one of its first inputs.
        mutating func take(_ finding: Finding, input: Data) -> Bool {
            guard kinds.contains(finding.kind) else { return false }
            counts[finding.kind, default: 0] += 1
            let count = counts[finding.kind, default: 0]
            if count <= 10 {
                let environment = ProcessInfo.processInfo.environment
                let directory = URL(fileURLWithPath: environment["RESGEN_FUZZ_TOLERATED_DIR"] ?? ".build-fuzz/tolerated/\(finding.target)")
                try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                let name = "\(finding.kind)-\(String(UInt(bitPattern: input.hashValue), radix: 16))"
                try? input.write(to: directory.appendingPathComponent(name))
                try? Data(finding.message.utf8).write(to: directory.appendingPathComponent(name + ".txt"))
                FileHandle.standardError.write(Data("tolerated \(finding.kind) #\(count): \(finding.message.prefix(300))\n".utf8))
            }
            return true
        }
    }

    extension ResgenFuzz {
        static func fuzz(_ target: FuzzTarget, arguments: [String]) -> Int32 {
            current = target
            var argc = Int32(arguments.count)
            var pointers = arguments.map { strdup($0) } + [nil]
            return pointers.withUnsafeMutableBufferPointer { buffer in
                var argv = buffer.baseAddress
                return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                    let input = data.map { Data(bytes: $0, count: size) } ?? Data()
                    do throws(Finding) {
                        try current?.run(input, options)
                    } catch {
                        if tolerated.take(error, input: input) { return 0 }
                        FileHandle.standardError.write(Data("\(error)\n".utf8))
                        abort()
                    }
                    return 0
                }
            }
        }
    }
#endif
