/// A further path of a resource's collection (`paths:`), validated: a nested type with its own
/// placement and operations.
public struct ResourcePathInfo: Hashable, Sendable {
    /// The Swift name of the nested type (`InProject`).
    public var swiftName: String
    /// A root collection or a child of a parent (never ``ResourcePlacement/none``).
    public var placement: ResourcePlacement
    /// The operations the path grants, canonical order.
    public var operations: [ResourceOperationKind]
    /// `description`.
    public var description: String?
    /// The include sets the path accepts (`acceptsIncludes`), schema order; nil for any.
    public var acceptedIncludes: [IncludeSetInfo]? = nil
    /// Where it is declared, as a key path for remarks (`resources.Task.paths.inProject`).
    public var keyPath: String
}

extension ResourceOperationKind {
    /// The runtime protocol that grants the operation on a further path, e.g. `ListableCollection`.
    public var collectionCapabilityProtocol: String {
        switch self {
        case .list: "ListableCollection"
        case .show: "ShowableCollection"
        case .create: "CreatableCollection"
        case .replace: "ReplaceableCollection"
        case .patch: "PatchableCollection"
        case .delete: "DeletableCollection"
        }
    }
}
