import Foundation

/// Why a resgen plugin could not run for a target; each case is a full sentence naming the target
/// or the file (as swift-openapi-generator's `PluginError`).
enum PluginError: Error, CustomStringConvertible, LocalizedError {
    /// The target is not a Swift source target.
    case incompatibleTarget(name: String)
    /// The target's folder has no config file.
    case noConfig(targetName: String, directory: String)
    /// The target's folder has more than one config file.
    case multipleConfigs(targetName: String, files: [String])
    /// The config could not be read by the plugin.
    case unreadableConfig(PluginConfig.ReadError)
    /// `resgen` exited with a failure (it printed its diagnostics itself).
    case generatorFailed(targetName: String, status: Int32)
    /// `--target` named targets the package does not have.
    case noTargetsNamed([String])
    /// The command plugin was run without `--target`.
    case noTargetGiven(configuredTargets: [String])

    var description: String {
        switch self {
        case .incompatibleTarget(let name):
            "target '\(name)' is not a Swift source target; the resgen plugins generate Swift code"
        case .noConfig(let targetName, let directory):
            "no config file in target '\(targetName)'; add 'resgen-config.yaml' (or '.yml', '.json') to \(directory) naming 'schema' and 'filePrefix'"
        case .multipleConfigs(let targetName, let files):
            "target '\(targetName)' has \(files.count) config files, expected one: \(files.joined(separator: ", "))"
        case .unreadableConfig(let error):
            error.description
        case .generatorFailed(let targetName, let status):
            "resgen failed for target '\(targetName)' (exit status \(status)); its errors are printed above"
        case .noTargetsNamed(let names):
            "no target named \(names.map { "'\($0)'" }.joined(separator: ", ")) in this package"
        case .noTargetGiven(let configured):
            "name the targets whose generated files are checked in with '--target <name>' (targets with a resgen config: \(configured.isEmpty ? "none" : configured.joined(separator: ", "))); a target that uses ResgenBuildPlugin must not also get checked-in files"
        }
    }

    var errorDescription: String? { description }
}
