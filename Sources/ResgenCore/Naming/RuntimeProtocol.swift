/// One protocol in ``RuntimeSymbols``: what a type conforming to it gets besides its own members.
struct RuntimeProtocol: Hashable, Sendable {
    /// The module that declares it: `ResgenRuntime` or `Swift`.
    var module: String
    /// The protocols it refines (a conforming type conforms to those too), by name.
    var refines: [String]
    /// Its associated types: names that resolve inside every conforming type.
    var associatedTypes: [String]
    /// Instance properties it requires or provides in an extension: a stored property of that name
    /// in a conforming type clashes with them.
    var instanceProperties: [String]
    /// Type properties it requires or provides.
    var typeProperties: [String]
}
