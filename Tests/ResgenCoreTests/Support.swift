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
