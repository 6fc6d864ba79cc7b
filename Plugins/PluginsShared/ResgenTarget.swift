import Foundation

/// A target configured for resgen: its config file found and read, its inputs listed. Both plugins
/// start here, so they agree on which config a target has and what it means.
struct ResgenTarget {
    /// The target's name, for messages.
    var name: String
    /// The target's folder.
    var directory: URL
    /// The config file.
    var configFile: URL
    /// What the plugin read from it.
    var config: PluginConfig

    /// The target's config, or nil when its folder has none.
    ///
    /// - Throws: ``PluginError`` when there are several config files or the plugin cannot read one.
    static func find(name: String, directory: URL) throws -> ResgenTarget? {
        let found = PluginConfig.fileNames
            .map { directory.appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
        guard let configFile = found.first else { return nil }
        guard found.count == 1 else {
            throw PluginError.multipleConfigs(targetName: name, files: found.map(\.path))
        }
        let text = try String(contentsOf: configFile, encoding: .utf8)
        do {
            let config = try PluginConfig.parse(text, path: configFile.path)
            return ResgenTarget(name: name, directory: directory, configFile: configFile, config: config)
        } catch {
            throw PluginError.unreadableConfig(error)
        }
    }

    /// The schema file or folder the config names.
    var schema: URL { directory.appendingPathComponent(config.schema) }

    /// The template override folder the config names, if any.
    var templates: URL? { config.templates.map { directory.appendingPathComponent($0) } }

    /// The files generation reads: the config, every schema file (as `resgen` collects them from a
    /// folder: recursively, hidden files skipped) and every template override. A path that does not
    /// exist contributes nothing; `resgen` reports it on the config's line.
    var inputFiles: [URL] {
        var files = [configFile]
        files += Self.files(under: schema) { PluginConfig.schemaExtensions.contains($0.pathExtension.lowercased()) }
        if let templates { files += Self.files(under: templates) { $0.pathExtension == "mustache" } }
        return files
    }

    /// The `resgen generate` arguments writing this target's files into `output`.
    ///
    /// Every value the plugin used to declare inputs and outputs is passed along with the config, and
    /// resgen fails on the config's line if the config now says otherwise: SwiftPM runs a build-tool
    /// plugin when it plans the build, not when a file's contents change, so the values can be stale.
    ///
    /// - Parameter keepEmptyFiles: Whether resgen writes the files that hold no code too: the build
    ///   plugin must (it declared every output before resgen ran); the command plugin writes checked-in
    ///   sources, which hold only files with code.
    func generateArguments(output: URL, keepEmptyFiles: Bool) -> [String] {
        var arguments = ["generate", schema.path, "--config", configFile.path, "--file-prefix", config.filePrefix]
        arguments += ["--resource-files", String(config.resourceFiles)]
        if keepEmptyFiles { arguments.append("--keep-empty-files") }
        if let templates { arguments += ["--templates", templates.path] }
        return arguments + ["--output", output.path]
    }

    /// `root` itself when it is a file that `include` accepts, else every such file below it, sorted.
    private static func files(under root: URL, include: (URL) -> Bool) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return include(root) ? [root] : [] }
        guard let enumerator = FileManager.default.enumerator(
            at: root,
            includingPropertiesForKeys: [.isRegularFileKey],
            options: [.skipsHiddenFiles]
        ) else { return [] }
        var found: [URL] = []
        for case let url as URL in enumerator where include(url) {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }
}
