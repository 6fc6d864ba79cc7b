/// A resource's further paths (`paths:`) → nested types adopting `RootCollection` or `ChildCollection`
/// and the capabilities each path grants.
extension Translator {
    /// `context` with the further paths of `resource`.
    func addingPaths(of resource: ResourceInfo, to context: ResourceContext) -> ResourceContext {
        var context = context
        context.resourcePaths = resource.paths.map { pathContext($0, of: resource) }
        if let accepted = resource.acceptedIncludes {
            context.restrictsIncludes = true
            context.acceptedIncludeCases = accepted.map { SwiftNaming.escaped($0.swiftName) }
            context.acceptedIncludesDoc = acceptedIncludesDoc(accepted, of: resource, keyPath: "resources.\(resource.name).acceptsIncludes")
        }
        return context
    }

    /// The doc comment of a path's `acceptedIncludes`: the sets it accepts.
    private func acceptedIncludesDoc(_ accepted: [IncludeSetInfo], of resource: ResourceInfo, keyPath: String) -> [String] {
        let text =
            accepted.isEmpty
            ? "A `list` or `show` on this path includes nothing: a call with include sets is refused before it is sent."
            : "The relationship paths a `list` or `show` on this path may include: those of the include sets "
                + accepted.map { "`\($0.swiftName)`" }.joined(separator: ", ") + ". A call that includes others is refused before it is sent."
        return SwiftSyntax.docLines(text, remark: keyPath)
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
        if let accepted = path.acceptedIncludes {
            context.collectionRestrictsIncludes = true
            context.collectionAcceptedIncludeCases = accepted.map { SwiftNaming.escaped($0.swiftName) }
            context.collectionAcceptedIncludesDoc = acceptedIncludesDoc(accepted, of: resource, keyPath: path.keyPath + ".acceptsIncludes")
        }
        return context
    }
}
