/// The ResgenRuntime API version that generated code is written for, named by every generated
/// `<API>+Models.swift` so that it fails to compile against any other runtime (see `ResgenRuntimeAPI` in
/// ResgenRuntime for the policy on bumping it).
///
/// The generator does not depend on the runtime module, so the number is kept here too;
/// `RuntimeAPIVersionTests` fails when it differs from `ResgenRuntimeAPI.version`.
enum RuntimeAPIVersion {
    /// Must equal ResgenRuntime's `ResgenRuntimeAPI.version`.
    static let current = 2

    /// The runtime protocol that a file generated for `version` conforms to: the name carries the hint
    /// for when the runtime does not declare it.
    static func protocolName(_ version: Int = current) -> String {
        "ResgenRuntimeAPIVersion\(version)_IfMissingUpdateResgenRuntimeOrRegenerate"
    }
}
