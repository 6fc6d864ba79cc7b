/// A resource's further paths (`paths:`) → nested types adopting `RootCollection` or `ChildCollection`
/// and the capabilities each path grants.
extension Translator {
    /// `context` with the further paths of `resource`.
    func addingPaths(of resource: ResourceInfo, to context: ResourceContext) -> ResourceContext {
        var context = context
        context.resourcePaths = resource.paths.map { pathContext($0, of: resource) }
        return context
    }

    private func pathContext(_ path: ResourcePathInfo, of resource: ResourceInfo) -> ResourcePathContext {
        let operations = path.operations.map(\.collectionCapabilityProtocol)
        let operationList = path.operations.isEmpty ? "none (only `at(_:)`)" : path.operations.map(\.rawValue).joined(separator: ", ")
        var context = ResourcePathContext(
            access: access, collectionTypeName: path.swiftName, collectionDoc: [], collectionCapabilities: operations,
            collectionIsRoot: false, collectionRootPathLiteral: nil, collectionIsChild: false, collectionParentName: nil,
            collectionSegmentLiteral: nil)
        let summary: String
        switch path.placement {
        case .none:
            preconditionFailure("a further path always has a place")
        case .root(let collectionPath):
            context.collectionIsRoot = true
            context.collectionRootPathLiteral = SwiftSyntax.stringLiteral(collectionPath)
            summary = "A further collection of ``\(resource.name)`` at `\(collectionPath)`; its operations: \(operationList). Its builders return paths of ``\(resource.name)``."
        case .child(let parent, let segment):
            context.collectionIsChild = true
            context.collectionParentName = parent
            context.collectionSegmentLiteral = SwiftSyntax.stringLiteral(segment)
            summary = "A further collection of ``\(resource.name)`` at `\(segment)` below a ``\(parent)``; its operations: \(operationList). Its steps append with `/` to the path of a ``\(parent)`` instance and give paths of ``\(resource.name)``."
        }
        let description = [path.description, summary].compactMap { $0 }.joined(separator: "\n\n")
        context.collectionDoc = SwiftSyntax.docLines(description, remark: path.keyPath)
        return context
    }
}
