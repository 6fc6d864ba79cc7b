/// A resource's further paths (`paths:`): one collection served at several places, each place a nested
/// type with its own operations. Checks each path's name (a nested Swift type that must not hide a
/// declared type), its spelling (as for the resource's own path), its parent, its operations, and that
/// no two paths of the API are the same place.
extension Validator {
    /// Where one path of a resource is, as written: the same key means the same URLs.
    struct PathPlace: Hashable {
        /// The parent resource's name, nil for a root collection.
        var parent: String?
        /// The collection path (root) or the segment under the parent instance (child), as written.
        var path: String

        /// How the path reads in messages, quoted: `'/tasks'`, or `'tasks' under 'Project'`.
        var spelled: String { parent.map { "'\(path)' under '\($0)'" } ?? "'\(path)'" }
    }

    /// Validates the `paths:` of one resource; broken entries are left out after their error.
    func validatePaths(_ decl: ResourceDecl) -> [ResourcePathInfo] {
        let owner = decl.name.value
        var names = NameScope("path", of: owner, fix: "rename one of them")
        var result: [ResourcePathInfo] = []
        for entry in decl.paths {
            let swiftName = SwiftNaming.typeName(entry.name.value)
            guard checkTypeName(entry.name, kind: "path"), checkPathNameHidesNoType(entry, swiftName: swiftName, of: owner) else { continue }
            guard names.claim(swiftName, for: entry.name.value, at: entry.name.location, diagnostics: diagnostics) else { continue }
            let operations = validateOperationList(entry.operations)
            guard let placement = pathPlacement(entry, of: owner) else { continue }
            guard !pathConflicts(entry, of: decl) else { continue }
            result.append(ResourcePathInfo(
                swiftName: swiftName, placement: placement, operations: operations, description: entry.description,
                keyPath: "resources.\(owner).paths.\(entry.name.value)"))
        }
        return result
    }

    /// The operations listed, canonical order: unknown ones are errors (with a did-you-mean), repeated
    /// ones warnings.
    func validateOperationList(_ operations: [Located<String>]) -> [ResourceOperationKind] {
        var seen = Set<ResourceOperationKind>()
        for operation in operations {
            guard let kind = ResourceOperationKind(rawValue: operation.value) else {
                let hint = Suggestion.closest(to: operation.value, in: ResourceOperationKind.allCases.map(\.rawValue)).map { "did you mean '\($0)'?" }
                diagnostics.emit(.error("unknown operation '\(operation.value)'; \(hint ?? "operations are list, show, create, replace, patch and delete")", at: operation.location))
                continue
            }
            if !seen.insert(kind).inserted {
                diagnostics.emit(.warning("operation '\(operation.value)' is listed twice", at: operation.location))
            }
        }
        return ResourceOperationKind.allCases.filter(seen.contains)
    }

    /// A path's type is nested in the resource, where it would hide a declared type of the same name from
    /// the resource's own code (`ToOne<Project>` in `Task` would mean `Task.Project`).
    private func checkPathNameHidesNoType(_ entry: ResourcePathDecl, swiftName: String, of owner: String) -> Bool {
        guard let (name, symbol) = symbolsBySwiftName[swiftName] else { return true }
        diagnostics.emit(.error(
            "path '\(entry.name.value)' of '\(owner)' becomes the nested type '\(swiftTypeName(owner)).\(swiftName)', which would hide \(symbol.kindName) '\(name)' inside '\(swiftTypeName(owner))'; rename the path",
            at: entry.name.location, notes: [.note("'\(name)' declared here", at: symbol.location)]))
        return false
    }

    /// The placement of one further path, or nil after an error.
    private func pathPlacement(_ entry: ResourcePathDecl, of owner: String) -> ResourcePlacement? {
        let what = "path '\(entry.name.value)' of '\(owner)'"
        if let parent = entry.parent {
            guard case .resource = symbols[parent.value] else {
                reportUnknownResource(parent, role: "parent of \(what)")
                return nil
            }
            guard let path = entry.path else {
                diagnostics.emit(.error("\(what) needs a 'path': its segment under '\(parent.value)', e.g. 'path: \(SwiftNaming.memberName(owner))s'", at: entry.name.location))
                return nil
            }
            guard let segment = Self.childSegment(path.value) else {
                diagnostics.emit(.error("\(what) is one segment under its parent '\(parent.value)' (e.g. '\(SwiftNaming.memberName(owner))s'), found '\(path.value)'", at: path.location))
                return nil
            }
            return .child(parent: swiftTypeName(parent.value), segment: segment)
        }
        guard let path = entry.path else {
            diagnostics.emit(.error("\(what) needs a 'path': an absolute collection path such as '/\(SwiftNaming.memberName(owner))s', or a 'parent' and a segment", at: entry.name.location))
            return nil
        }
        guard path.value.hasPrefix("/"), !path.value.contains("{"), !path.value.contains("?") else {
            diagnostics.emit(.error("\(what) is an absolute collection path such as '/\(SwiftNaming.memberName(owner))s', found '\(path.value)'; to nest it, set 'parent'", at: path.location))
            return nil
        }
        if path.value.hasSuffix("//") {
            diagnostics.emit(.warning("\(what) ends in more than one '/'; requests use '\(path.value)' as written", at: path.location))
        }
        return .root(path: path.value)
    }

    /// A child's segment as written (`comments`, or `comments/` in an API whose paths end in `/`), a
    /// leading `/` dropped; nil when it is not one segment.
    static func childSegment(_ path: String) -> String? {
        let segment = path.hasPrefix("/") ? String(path.dropFirst()) : path
        let bare = segment.hasSuffix("/") ? String(segment.dropLast()) : segment
        guard !bare.isEmpty, !bare.contains("/"), !bare.contains("{") else { return nil }
        return segment
    }

    /// Reports the further path `entry` of `decl` when another path of the API is the same place: the
    /// resource's own path or an earlier further path of its own, or any path of another resource (a
    /// response there could not be both). Each pair is reported once, at the later further path.
    private func pathConflicts(_ entry: ResourcePathDecl, of decl: ResourceDecl) -> Bool {
        guard let place = Self.rawPlace(entry) else { return false }
        let owner = decl.name.value
        // The first in the order the resources are declared, a resource's own path before its further ones:
        // `pathPlaces` lists them so.
        guard
            let clash = pathPlaces[place]?.first(where: { candidate in
                candidate.further.map { $0 < entry.name.location } ?? true
            })
        else { return false }
        let what =
            clash.further != nil
            ? "path '\(clash.name)' of '\(clash.resource)'"
            : clash.resource == owner ? "the path of '\(owner)' itself" : "the path of resource '\(clash.resource)'"
        diagnostics.emit(.error(
            "path '\(entry.name.value)' of '\(owner)' is \(place.spelled), which is already \(what); one collection has one place, give this path another",
            at: entry.path?.location ?? entry.name.location, notes: [.note("\(place.spelled) declared here", at: clash.location)]))
        return true
    }

    /// A path of the API that a further path may clash with: a resource's own, or one of its further paths
    /// (`further` is then where its name is, which only later further paths clash with).
    struct PathCandidate {
        var resource: String
        var name: String
        var location: SourceLocation
        var further: SourceLocation?
    }

    /// Every resource's own and further paths by place, resources in the order they are declared, each
    /// one's own path first (was: for each further path, every resource sorted and scanned, quadratic in
    /// the API: App Store Connect's draft has 208 resources and 226 further paths).
    func makePathPlaces() -> [PathPlace: [PathCandidate]] {
        var places: [PathPlace: [PathCandidate]] = [:]
        for other in resourceDecls.values.sorted(by: { $0.name.location < $1.name.location }) {
            if let own = Self.ownPlace(other) {
                places[own, default: []].append(
                    PathCandidate(resource: other.name.value, name: other.name.value, location: other.path?.location ?? other.name.location, further: nil))
            }
            for further in other.paths {
                guard let raw = Self.rawPlace(further) else { continue }
                places[raw, default: []].append(
                    PathCandidate(resource: other.name.value, name: further.name.value, location: further.name.location, further: further.name.location))
            }
        }
        return places
    }

    /// The place of a resource's own path as written, when it has one that reads as a path.
    private static func ownPlace(_ decl: ResourceDecl) -> PathPlace? {
        guard let path = decl.path?.value else { return nil }
        guard let parent = decl.parent?.value else { return PathPlace(parent: nil, path: path) }
        return childSegment(path).map { PathPlace(parent: parent, path: $0) }
    }

    /// The place of a further path as written, when it reads as a path.
    private static func rawPlace(_ entry: ResourcePathDecl) -> PathPlace? {
        guard let path = entry.path?.value else { return nil }
        guard let parent = entry.parent?.value else { return PathPlace(parent: nil, path: path) }
        return childSegment(path).map { PathPlace(parent: parent, path: $0) }
    }
}
