import Foundation
import PackagePlugin

/// The command plugin `generate-resgen-sources`: writes each configured target's client into
/// `<target folder>/Generated/`, for checking in.
///
/// `swift package --allow-writing-to-package-directory generate-resgen-sources [--target <name>]…`
/// Without `--target`, every target with a resgen config file is generated. Guard the checked-in
/// files in CI with `resgen check --config <target>/resgen-config.yaml --output <target>/Generated`.
@main
struct ResgenCommandPlugin: CommandPlugin {
    /// The folder, inside the target, that receives the generated files.
    static let outputFolder = "Generated"

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets: [Target]
        if names.isEmpty {
            targets = context.package.targets
        } else {
            let known = Set(context.package.targets.map(\.name))
            let unknown = names.filter { !known.contains($0) }
            guard unknown.isEmpty else { throw PluginError.noTargetsNamed(unknown) }
            targets = try context.package.targets(named: names)
        }
        let resgen = try context.tool(named: "resgen").url

        var generated = 0
        for target in targets {
            guard let sourceTarget = target as? SwiftSourceModuleTarget else {
                if names.contains(target.name) { throw PluginError.incompatibleTarget(name: target.name) }
                continue
            }
            let resgenTarget: ResgenTarget
            do {
                guard let found = try ResgenTarget.find(name: target.name, directory: sourceTarget.directoryURL) else {
                    if names.contains(target.name) {
                        throw PluginError.noConfig(targetName: target.name, directory: sourceTarget.directoryURL.path)
                    }
                    continue
                }
                resgenTarget = found
            }
            let output = sourceTarget.directoryURL.appendingPathComponent(Self.outputFolder)
            log("resgen: generating target '\(target.name)' into \(output.path)")
            let process = Process()
            process.executableURL = resgen
            process.arguments = resgenTarget.generateArguments(output: output)
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw PluginError.generatorFailed(targetName: target.name, status: process.terminationStatus)
            }
            generated += 1
        }
        guard generated > 0 else { throw PluginError.noConfiguredTargets(targetNames: targets.map(\.name)) }
    }
}

/// Progress to standard error, where SwiftPM shows a plugin's messages.
private func log(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
