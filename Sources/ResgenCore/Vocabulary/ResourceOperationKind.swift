/// The operations a resource path allows, in canonical order.
public enum ResourceOperationKind: String, Hashable, Sendable, CaseIterable {
    case list, show, create, replace, patch, delete

    /// The runtime protocol that grants the operation, e.g. `IsListable`.
    public var capabilityProtocol: String {
        switch self {
        case .list: "IsListable"
        case .show: "IsShowable"
        case .create: "IsCreatable"
        case .replace: "IsReplaceable"
        case .patch: "IsPatchable"
        case .delete: "IsDeletable"
        }
    }
}
