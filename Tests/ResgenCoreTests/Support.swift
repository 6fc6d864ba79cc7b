import Foundation
import ResgenCore

/// Runs the pipeline's validation on inline schema text and returns the diagnostics as printed.
func diagnostics(of yaml: String, file: String = "schema.yml") -> [String] {
    let collector = CollectingDiagnosticCollector()
    _ = try? Pipeline.validate(inputs: [InputFile(path: file, text: yaml)], diagnostics: collector)
    return collector.sorted.map(\.description)
}

/// Validates inline schema text, returning the model (nil on errors) and the diagnostics.
func model(of yaml: String, file: String = "schema.yml") -> (ResourceModel?, [String]) {
    let collector = CollectingDiagnosticCollector()
    let model = try? Pipeline.validate(inputs: [InputFile(path: file, text: yaml)], diagnostics: collector)
    return (model, collector.sorted.map(\.description))
}

/// The package's root directory, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every schema file of an example under `Schemas/`, with paths relative to the package root.
func exampleInputs(_ name: String) throws -> [InputFile] {
    let directory = packageRoot.appendingPathComponent("Schemas/\(name)")
    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
    return try files.map { InputFile(path: "Schemas/\(name)/\($0)", contents: Array(try Data(contentsOf: directory.appendingPathComponent($0)))) }
}

/// Generated files written to disk and compiled against `ResgenRuntime`.
enum GeneratedCode {
    /// Compiles `files` together with `snippet` (written to `snippet.swift`) to SIL, in Swift 6 mode,
    /// by default with `-warnings-as-errors`: generated code must build in packages that use it.
    ///
    /// Runs the compiler ``Typecheck`` finds, against the module it finds.
    static func compile(_ files: [GeneratedFile], snippet: String = "", warningsAsErrors: Bool = true) async throws -> Typecheck.Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-generated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var sources: [URL] = []
        for file in files + [GeneratedFile(name: "snippet.swift", contents: snippet)] {
            let url = directory.appendingPathComponent(file.name)
            try Data(file.contents.utf8).write(to: url)
            sources.append(url)
        }
        return try await compile(sources, warningsAsErrors: warningsAsErrors, moduleCache: directory.appendingPathComponent("ModuleCache"))
    }

    /// Compiles Swift files on disk (a golden directory's) as one module, to SIL.
    static func compile(_ sources: [URL], warningsAsErrors: Bool = true, moduleCache: URL? = nil) async throws -> Typecheck.Result {
        let cache = moduleCache ?? FileManager.default.temporaryDirectory.appendingPathComponent("resgen-module-cache-\(UUID().uuidString)")
        defer { if moduleCache == nil { try? FileManager.default.removeItem(at: cache) } }
        let (executable, prefixArguments) = try Typecheck.compiler()
        // SIL, not only types: literal overflow and other mandatory diagnostics come from SIL passes.
        return try await Typecheck.runProcess(
            executable,
            prefixArguments + [
                "-emit-sil", "-wmo", "-o", "/dev/null", "-module-name", "Generated", "-parse-as-library", "-swift-version", "6",
                "-I", try Typecheck.moduleDirectory().path, "-module-cache-path", cache.path,
            ] + (warningsAsErrors ? ["-warnings-as-errors"] : []) + sources.map(\.path))
    }

    /// Generates `yaml` (one schema file) with the default templates.
    static func generate(_ yaml: String, file: String = "schema.yml", diagnostics: CollectingDiagnosticCollector = CollectingDiagnosticCollector()) throws -> [GeneratedFile] {
        try Pipeline.generate(inputs: [InputFile(path: file, text: yaml)], config: Config(), templates: .defaults, diagnostics: diagnostics)
    }
}

extension [GeneratedFile] {
    /// The text a test looks for code in: the shared file `<prefix>+<name>.swift` followed by every
    /// resource file `<prefix>+ResourcesNN.swift` (each resource's model, wire-format coding, include
    /// sets and paths live in those), so a snippet is found whichever file holds it. `WireFormat`,
    /// resgen's file of the wire-format coding before per-resource files, names the resource files
    /// alone.
    func text(of name: String) throws -> String {
        let shared = filter { $0.name.hasSuffix("+\(name).swift") }
        let resources = filter { $0.name.range(of: #"\+Resources[0-9]+\.swift$"#, options: .regularExpression) != nil }
        let parts = (name == "Requests" ? shared : shared + resources).map(\.contents)
        guard !parts.isEmpty else { throw GeneratedFilesError.noSuchFile(name, among: map(\.name)) }
        return parts.joined(separator: "\n")
    }
}

/// ``Swift/Array/text(of:)`` found no file of that name.
enum GeneratedFilesError: Error {
    case noSuchFile(String, among: [String])
}
