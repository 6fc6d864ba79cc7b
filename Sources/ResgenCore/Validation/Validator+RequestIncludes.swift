/// A request's `includes:` (issue 25, item 16): named include sets of its response's resource, so that
/// `send(_:including:)` resolves relationships of what a free-form request returns (JSON:API `include=`
/// and `included`, HAL embedded resources and traversal), as `fetch(_:including:)` does for resources.
///
/// The response must be a resource (or union) or an array of one: that is where the paths start, and
/// they are checked as a resource's are.
extension Validator {
    func validateRequestIncludes(_ decl: RequestDecl, into info: inout RequestInfo) {
        guard let first = decl.includes.first else { return }
        guard let response = info.response else {
            if decl.response == nil || decl.response?.value == "none" {
                diagnostics.emit(.error("request '\(decl.name.value)' has include sets but no 'response'; they resolve relationships of the resource it returns", at: first.name.location))
            }
            return
        }
        guard let root = Self.includeRoot(response), let roots = includeRoots(root) else {
            diagnostics.emit(.error("the include sets of request '\(decl.name.value)' need a response that is a resource or an array of one, found '\(decl.response?.value ?? "")'", at: first.name.location))
            return
        }
        info.includeRoot = root
        info.includeSets = validateIncludes(decl.includes, of: decl.name.value, from: roots)
    }

    /// The resource (or union) an include path starts at: `Task` or `[Task]`, the responses
    /// `send(_:including:)` takes (an optional response has no resource to resolve when it is nil).
    private static func includeRoot(_ type: TypeRef) -> String? {
        switch type {
        case .resource(let name), .array(.resource(let name)): name
        default: nil
        }
    }

    /// The declarations the paths start at: the resource's, or a union's members'.
    private func includeRoots(_ swiftName: String) -> [ResourceDecl]? {
        if let resource = resourceDecls.values.first(where: { swiftTypeName($0.name.value) == swiftName }) { return [resource] }
        guard let union = unionDecls.values.first(where: { swiftTypeName($0.name.value) == swiftName }) else { return nil }
        return union.members.compactMap { resourceDecls[$0.value] }
    }
}
