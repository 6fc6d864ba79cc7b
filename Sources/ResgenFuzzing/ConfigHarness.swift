import Foundation
import ResgenCore

/// Target `config`: a target's config file (`resgen-config.yaml` / `.json`) through both of its readers —
/// resgen's (`UserConfig`: the schema loader, then ``UserConfig/validated(diagnostics:)``) and the build
/// plugin's own (`PluginConfig`, compiled here through a link: plugins cannot link resgen's YAML parser).
///
/// The input's first byte picks the file name (even: `resgen-config.yaml`, odd: `.json`); the rest is
/// the file. Neither reader may trap; every diagnostic of resgen's must point inside the file; and when
/// both readers accept the file they must read the same values: the plugin declares the build's input
/// and output files from what it read, so a config it reads differently from resgen would make the build
/// expect files that resgen does not write (or read a schema resgen does not). With
/// ``FuzzOptions/timeLimit``, both readers together must be done within that much CPU time.
enum ConfigHarness {
    static let target = FuzzTarget(name: "config", summary: "config files: resgen's and the plugin's readers agree, located diagnostics, time") {
        input, options throws(Finding) in
        if let (kind, message) = check(input, options) { throw Finding(target: "config", kind: kind, message: message) }
    }

    /// The kind of the first finding and its message, or `nil`.
    static func check(_ input: Data, _ options: FuzzOptions) -> (String, String)? {
        guard let selector = input.first else { return nil }
        let path = selector.isMultiple(of: 2) ? "resgen-config.yaml" : "resgen-config.json"
        let bytes = [UInt8](input.dropFirst())
        let start = ThreadCPUClock.now()

        let file = InputFile(path: path, contents: bytes)
        let collector = CollectingDiagnosticCollector()
        let raw = UserConfig.decode(file, diagnostics: collector)
        let validated = raw?.validated(diagnostics: collector)
        // The plugin reads the file as text (`String(contentsOf:encoding: .utf8)`, which refuses bad UTF-8).
        var plugin: PluginConfig?
        if let text = String(bytes: bytes, encoding: .utf8) { plugin = try? PluginConfig.parse(text, path: path) }

        let elapsed = ThreadCPUClock.now() - start
        if let limit = options.timeLimit, input.count <= options.timedInputLimit, elapsed > limit {
            return ("slow", "took \(elapsed) of CPU time for \(input.count) bytes (limit \(limit))")
        }
        if let finding = PipelineHarness.Lines(bytes).locationFinding(in: collector.diagnostics, path: path) { return finding }
        if validated != nil, collector.hasErrors { return ("error-and-config", "validated after an error: \(collector.diagnostics)") }
        if validated == nil, !collector.hasErrors { return ("silent-error", "refused without an error") }

        guard let read = plugin, let raw, let validated else { return nil }
        let differences = differences(plugin: read, resgen: raw, validated: validated)
        guard differences.isEmpty else {
            return ("difference", "the plugin and resgen read the config differently (plugin vs resgen): \(differences.joined(separator: "; "))")
        }
        return nil
    }

    /// What the plugin read differently from resgen, one text per value; empty when they agree. The
    /// paths are compared as written (resgen normalizes them after reading; the plugin passes them on).
    static func differences(plugin read: PluginConfig, resgen raw: UserConfig, validated: ConfigFile) -> [String] {
        [
            read.schema == raw.schema?.value ? nil : "schema \(debug(read.schema)) vs \(debug(raw.schema?.value))",
            read.filePrefix == raw.filePrefix?.value ? nil : "filePrefix \(debug(read.filePrefix)) vs \(debug(raw.filePrefix?.value))",
            read.templates == raw.templates?.value ? nil : "templates \(debug(read.templates)) vs \(debug(raw.templates?.value))",
            read.resourceFiles == validated.config.resourceFiles ? nil : "resourceFiles \(read.resourceFiles) vs \(validated.config.resourceFiles)",
        ].compactMap { $0 }
    }

    private static func debug(_ value: String?) -> String {
        value.map { String(reflecting: $0) } ?? "nil"
    }
}
