import ArgumentParser
import ResgenCore

/// `resgen check`: fails, with a diff, when checked-in generated sources are not what `generate`
/// would write now.
package struct CheckCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check that generated sources are up to date, for CI.",
        discussion: """
            Generates in memory and compares with the files in the output directory, writing nothing. \
            A file that is missing or differs is shown as a unified diff on standard output (apply it \
            with 'git apply' or 'patch -p1'), and the command exits with 1. So is a file an earlier \
            resgen generated there that 'generate' would now remove; other files in the output \
            directory are ignored.
            """
    )

    @OptionGroup var options: GenerationOptions

    package func run() throws {
        try reportingErrors {
            let diff = try Self.staleDiff(of: try options.generateFiles(), in: options.output)
            guard diff.isEmpty else {
                TerminalText.print(diff, terminator: "")
                DiagnosticPrinter.printError(
                    "generated sources in \(options.output) are stale; run '\(options.generateCommandLine)' to update"
                )
                throw ExitCode.failure
            }
            TerminalText.print("\(options.output) is up to date")
        }
    }

    /// The unified diff from the files in `directory` to `files`, file by file in name order; empty
    /// when every file exists with exactly these bytes and no obsolete generated file
    /// (``ObsoleteFiles``) is there, which the diff deletes. Other files in `directory` do not count.
    ///
    /// Labels are `a/<directory>/<name>` and `b/<directory>/<name>` (`/dev/null` for a missing file),
    /// so `git apply` or `patch -p1` run where `check` ran brings the directory up to date.
    ///
    /// - Throws: ``CLIError`` when a file exists but cannot be read, or a name is unsafe.
    static func staleDiff(of files: [GeneratedFile], in directory: String) throws(CLIError) -> String {
        var diff = ""
        for file in files.sorted(by: { $0.name < $1.name }) {
            let path = try FilePath.outputPath(for: file.name, in: directory)
            let existing = try FileReader.contentsIfPresent(of: path)
            guard existing != Array(file.contents.utf8) else { continue }
            let label = diffLabel(path)
            let fileDiff = UnifiedDiff.diff(
                from: existing.map { String(decoding: $0, as: UTF8.self) },
                to: file.contents,
                oldLabel: "a/\(label)",
                newLabel: "b/\(label)"
            )
            // Bytes that are not UTF-8 can decode to the same text; say so rather than print nothing.
            diff += fileDiff.isEmpty ? "Binary files a/\(label) and b/\(label) differ\n" : fileDiff
        }
        for name in try ObsoleteFiles.names(in: directory, generated: files.map(\.name)) {
            let path = FilePath.join(directory, name)
            let existing = try FileReader.contentsIfPresent(of: path) ?? []
            let label = diffLabel(path)
            diff += UnifiedDiff.diff(
                from: String(decoding: existing, as: UTF8.self), to: nil, oldLabel: "a/\(label)", newLabel: "b/\(label)")
        }
        return diff
    }

    /// `path` without a leading `/` or `./`, to follow `a/` and `b/` in diff headers.
    private static func diffLabel(_ path: String) -> Substring {
        var label = Substring(path)
        while true {
            if label.hasPrefix("/") {
                label = label.dropFirst()
            } else if label.hasPrefix("./") {
                label = label.dropFirst(2)
            } else {
                return label
            }
        }
    }
}
