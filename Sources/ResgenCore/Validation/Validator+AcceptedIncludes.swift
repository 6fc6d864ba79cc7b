/// Which include sets each path of a resource accepts (`acceptsIncludes`, on the resource for its own path and on
/// each entry of `paths:`): the names must be include sets of the resource. Runs after the include sets are
/// validated.
extension Validator {
    /// Resolves the `acceptsIncludes` of `decl`'s own path and of its further paths into `info`.
    func validateAcceptedIncludes(_ decl: ResourceDecl, into info: inout ResourceInfo) {
        let owner = decl.name.value
        info.acceptedIncludes = acceptedIncludes(
            decl.acceptsIncludes, of: decl, sets: info.includeSets, path: "the path of '\(owner)'", operations: info.operations)
        for entry in decl.paths {
            let keyPath = "resources.\(owner).paths.\(entry.name.value)"
            guard let index = info.paths.firstIndex(where: { $0.keyPath == keyPath }) else { continue }
            info.paths[index].acceptedIncludes = acceptedIncludes(
                entry.acceptsIncludes, of: decl, sets: info.includeSets, path: "path '\(entry.name.value)' of '\(owner)'",
                operations: info.paths[index].operations)
        }
    }

    /// The include sets `names` names, schema order without repeats; nil when the key is absent, or the resource
    /// has no include sets (no call can include anything). Unknown names are errors with a did-you-mean, repeated
    /// ones warnings, and the key on a path that neither lists nor shows or in a HAL API (which follows links and
    /// sends no `include`) a warning.
    private func acceptedIncludes(
        _ names: [Located<String>]?, of decl: ResourceDecl, sets: [IncludeSetInfo], path: String, operations: [ResourceOperationKind]
    ) -> [IncludeSetInfo]? {
        guard let names else { return nil }
        let owner = decl.name.value
        if let first = names.first, format == .hal {
            diagnostics.emit(.warning("'acceptsIncludes' of \(path) has no effect in a HAL API: includes are followed links, no 'include' parameter is sent", at: first.location))
        }
        if let first = names.first, !operations.contains(.list), !operations.contains(.show) {
            diagnostics.emit(.warning("'acceptsIncludes' of \(path) has no effect: the path neither lists nor shows", at: first.location))
        }
        var accepted: [IncludeSetInfo] = []
        for name in names {
            guard let set = sets.first(where: { $0.name == name.value }) else {
                let declared = decl.includes.map(\.name.value)
                let hint =
                    declared.isEmpty
                    ? "; '\(owner)' declares no include sets"
                    : Suggestion.closest(to: name.value, in: declared).map { "; did you mean '\($0)'?" }
                        ?? "; its include sets are \(declared.map { "'\($0)'" }.joined(separator: ", "))"
                diagnostics.emit(.error("\(path) accepts include set '\(name.value)', which '\(owner)' does not declare\(hint)", at: name.location))
                continue
            }
            if accepted.contains(set) {
                diagnostics.emit(.warning("include set '\(name.value)' is accepted twice by \(path)", at: name.location))
                continue
            }
            accepted.append(set)
        }
        return sets.isEmpty ? nil : accepted
    }
}
