import Foundation
import PackagePlugin

/// The command plugin `generate-resgen-sources`: writes each configured target's client into
/// `<target folder>/Generated/`, for checking in.
///
/// `swift package --allow-writing-to-package-directory generate-resgen-sources --target <name> [--target <name>]…`
///
/// `--target` is required: a target that uses ResgenBuildPlugin has a config file too, and checked-in
/// copies of its files would declare every type twice. Guard the checked-in files in CI with
/// `resgen check --config <target>/resgen-config.yaml --output <target>/Generated`.
@main
struct ResgenCommandPlugin: CommandPlugin {
    /// The folder, inside the target, that receives the generated files.
    static let outputFolder = "Generated"

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        guard !names.isEmpty else {
            let configured = context.package.targets.compactMap { target -> String? in
                guard let target = target as? SwiftSourceModuleTarget,
                    (try? ResgenTarget.find(name: target.name, directory: target.directoryURL)) != nil
                else { return nil }
                return target.name
            }
            throw PluginError.noTargetGiven(configuredTargets: configured)
        }
        let known = Set(context.package.targets.map(\.name))
        let unknown = names.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw PluginError.noTargetsNamed(unknown) }
        let targets = try context.package.targets(named: names)
        let resgen = try context.tool(named: "resgen-generator").url

        for target in targets {
            guard let sourceTarget = target as? SwiftSourceModuleTarget else {
                throw PluginError.incompatibleTarget(name: target.name)
            }
            guard let resgenTarget = try ResgenTarget.find(name: target.name, directory: sourceTarget.directoryURL) else {
                throw PluginError.noConfig(targetName: target.name, directory: sourceTarget.directoryURL.path)
            }
            let output = sourceTarget.directoryURL.appendingPathComponent(Self.outputFolder)
            log("resgen: generating target '\(target.name)' into \(output.path)")
            let process = Process()
            process.executableURL = resgen
            process.arguments = resgenTarget.generateArguments(output: output, keepEmptyFiles: false)
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw PluginError.generatorFailed(targetName: target.name, status: process.terminationStatus)
            }
        }
    }
}

/// Progress to standard error, where SwiftPM shows a plugin's messages.
private func log(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
