import Foundation
import PackagePlugin

/// The build-tool plugin: generates a target's client from the schema its `resgen-config.yaml`
/// names, at build time, into the plugin's work folder.
///
/// The outputs are the fixed file set `<filePrefix>+Includes/Models/Paths/Requests.swift` and
/// `<filePrefix>+Resources01…16.swift` (or as many as the config's `resourceFiles` says;
/// ``PluginConfig/outputSuffixes(resourceFiles:)``), declared before resgen runs; the inputs are the config, the schema files and the template overrides, so
/// the build system reruns resgen only when one of them changes (and resgen rewrites only files whose
/// bytes change). resgen's `file:line:column: error:` diagnostics go to the build log as they are.
@main
struct ResgenBuildPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else {
            throw PluginError.incompatibleTarget(name: target.name)
        }
        let resgenTarget: ResgenTarget
        do {
            guard let found = try ResgenTarget.find(name: target.name, directory: target.directoryURL) else {
                throw PluginError.noConfig(targetName: target.name, directory: target.directoryURL.path)
            }
            resgenTarget = found
        } catch PluginError.unreadableConfig(let error) {
            // Shown on the config's line by IDEs and in the build log.
            Diagnostics.error(error.message, file: error.path, line: error.line ?? 1)
            throw PluginError.unreadableConfig(error)
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("GeneratedSources")
        return [
            .buildCommand(
                displayName: "Generating \(resgenTarget.config.filePrefix) client with resgen for \(target.name)",
                executable: try context.tool(named: "resgen-generator").url,
                arguments: resgenTarget.generateArguments(output: output, keepEmptyFiles: true),
                environment: [:],
                inputFiles: resgenTarget.inputFiles,
                outputFiles: resgenTarget.config.outputFileNames.map { output.appendingPathComponent($0) }
            )
        ]
    }
}
