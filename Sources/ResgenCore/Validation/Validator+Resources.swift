/// Resources: placement, operations, relationships, include sets, parent cycles.
extension Validator {
    func validateResource(_ decl: ResourceDecl) -> ResourceInfo {
        let name = decl.name.value
        let keyPath = "resources.\(name)"
        var info = ResourceInfo(
            name: swiftTypeName(name), wireType: decl.type?.value ?? SwiftNaming.memberName(name), placement: .none,
            idType: .string, operations: [], description: decl.description, attributes: [], relationships: [],
            includeSets: [], links: [], clientID: decl.clientID, sparseFieldsets: decl.sparseFieldsets && format == .jsonapi)
        if let location = decl.sparseFieldsetsLocation, format != .jsonapi {
            diagnostics.emit(.warning("'sparseFieldsets' of resource '\(name)' is ignored: sparse fieldsets are a JSON:API feature and the API's format is '\(format.rawValue)'", at: location))
        }
        if decl.type == nil, format == .jsonapi {
            diagnostics.emit(.error("resource '\(name)' needs a 'type' (its JSON:API resource type, e.g. 'type: \(SwiftNaming.memberName(name))s')", at: decl.name.location))
        }
        if let id = decl.id, let type = resolveType(id, use: .identifier), case .builtin(let builtin) = type {
            info.idType = builtin
        }
        info.operations = validateOperations(decl)
        info.placement = validatePlacement(decl, hasOperations: !info.operations.isEmpty)
        info.paths = validatePaths(decl)  // Validator+Paths.swift

        var members = NameScope("member", of: name)
        // Attributes and relationships are members of the same types.
        reserveGeneratedMembers(.resourceAttribute, in: &members)
        reserveGeneratedMembers(.resourceRelationship, in: &members)
        let takenWireKeys = generatedNames.wireKeys[.resourceAttribute] ?? [:]
        info.attributes = validateAttributes(decl.attributes, keyPath: keyPath + ".attributes", scope: &members, takenWireKeys: takenWireKeys)
        let takenRelationshipKeys = generatedNames.wireKeys[.resourceRelationship] ?? [:]
        let attributeKeys = Set(info.attributes.map(\.wireKey))
        // Relationships share the coding keys (and JSON:API's `Field`) with attributes: a raw value twice does not compile.
        var relationshipKeys: [String: SourceLocation] = [:]
        for relationship in decl.relationships {
            if let validated = validateRelationship(relationship, of: name, keyPath: keyPath + ".relationships", members: &members) {
                let at = relationship.key?.location ?? relationship.name.location
                if attributeKeys.contains(validated.wireKey) {
                    diagnostics.emit(.error("relationship '\(relationship.name.value)' uses wire key '\(validated.wireKey)', which an attribute of '\(name)' already uses", at: at))
                    continue
                }
                if let first = relationshipKeys[validated.wireKey] {
                    diagnostics.emit(.error("relationship '\(relationship.name.value)' uses wire key '\(validated.wireKey)', which another relationship of '\(name)' already uses", at: at, notes: [.note("first used here", at: first)]))
                    continue
                }
                if let codingKeys = takenRelationshipKeys[validated.wireKey] {
                    reportTakenWireKey(validated.wireKey, of: "relationship '\(relationship.name.value)' of '\(name)'", in: codingKeys, at: at)
                    continue
                }
                relationshipKeys[validated.wireKey] = at
                info.relationships.append(validated)
            }
        }
        validateMeta(decl, into: &info, members: &members)
        info.links = validateLinks(decl.links, of: name)  // Validator+Links.swift
        validateHALWrites(decl, into: &info)  // Validator+HALWrites.swift
        let lists = info.operations.contains(.list) || info.paths.contains { $0.operations.contains(.list) }
        info.pagination = validatePagination(decl, lists: lists)  // Validator+Pagination.swift
        info.list = validateListParameters(decl, of: info, lists: lists)  // Validator+ListParameters.swift
        return info
    }

    private func validateOperations(_ decl: ResourceDecl) -> [ResourceOperationKind] {
        validateOperationList(decl.operations)
    }

    private func validatePlacement(_ decl: ResourceDecl, hasOperations: Bool) -> ResourcePlacement {
        let name = decl.name.value
        if let parent = decl.parent {
            guard case .resource = symbols[parent.value] else {
                reportUnknownResource(parent, role: "parent of '\(name)'")
                return .none
            }
            guard let path = decl.path else {
                diagnostics.emit(.error("child resource '\(name)' needs a 'path': its segment under '\(parent.value)', e.g. 'path: \(SwiftNaming.memberName(name))s'", at: decl.name.location))
                return .none
            }
            let segment = path.value.hasPrefix("/") ? String(path.value.dropFirst()) : path.value
            // One segment, as written: `comments`, or `comments/` in an API whose paths end in `/`.
            let bare = segment.hasSuffix("/") ? String(segment.dropLast()) : segment
            guard !bare.isEmpty, !bare.contains("/"), !bare.contains("{") else {
                diagnostics.emit(.error("the path of child resource '\(name)' is one segment under its parent (e.g. 'comments'), found '\(path.value)'", at: path.location))
                return .none
            }
            warnIfMixedTrailingSlash(segment: segment, of: decl, parent: parent.value, at: path.location)
            return .child(parent: swiftTypeName(parent.value), segment: segment)
        }
        guard let path = decl.path else {
            if hasOperations, let location = decl.operationsLocation {
                diagnostics.emit(.error("resource '\(name)' has operations but no 'path'; give it a collection path such as '/\(SwiftNaming.memberName(name))s', or a 'parent' and a segment", at: location))
            }
            return .none
        }
        guard path.value.hasPrefix("/"), !path.value.contains("{"), !path.value.contains("?") else {
            diagnostics.emit(.error("the path of root resource '\(name)' is an absolute collection path such as '/\(SwiftNaming.memberName(name))s', found '\(path.value)'; to nest it, set 'parent'", at: path.location))
            return .none
        }
        // Kept as written: a collection path ending in `/` ends its instance paths in `/` too
        // (`/books/` → `/books/{id}/`), so the server never has to redirect.
        if path.value.hasSuffix("//") {
            diagnostics.emit(.warning("the path of resource '\(name)' ends in more than one '/'; requests use '\(path.value)' as written", at: path.location))
        } else if path.value == "/" {
            diagnostics.emit(.warning("resource '\(name)' is the server root '/'; its instance paths are '/{id}', without a trailing '/'", at: path.location))
        }
        return .root(path: path.value)
    }

    /// Warns when a child's segment and its parent's path disagree on the trailing `/` (`reviews` under
    /// `/books/`): either may be a typo, and the URLs are built as written, so the user should know.
    private func warnIfMixedTrailingSlash(segment: String, of decl: ResourceDecl, parent: String, at location: SourceLocation) {
        guard let parentPath = resourceDecls[parent]?.path?.value, parentPath != "/" else { return }
        let parentSlash = parentPath.hasSuffix("/")
        guard parentSlash != segment.hasSuffix("/") else { return }
        let (child, parentDoes) = parentSlash ? ("does not end", "does") : ("ends", "does not")
        diagnostics.emit(.warning("the path '\(segment)' of child resource '\(decl.name.value)' \(child) in '/', but the path '\(parentPath)' of its parent '\(parent)' \(parentDoes); requests use each as written", at: location))
    }

    private func validateRelationship(_ decl: RelationshipDecl, of owner: String, keyPath: String, members: inout NameScope) -> RelationshipInfo? {
        let swiftName = SwiftNaming.memberName(decl.name.value)
        if SwiftNaming.reservedMemberNames.contains(swiftName) {
            diagnostics.emit(.error("'\(decl.name.value)' cannot be a Swift property name; rename it and set 'key: \(decl.name.value)' to keep the wire name", at: decl.name.location))
            return nil
        }
        guard members.claim(swiftName, for: decl.name.value, at: decl.name.location, diagnostics: diagnostics) else { return nil }
        guard let target = relationshipTarget(decl, of: owner) else { return nil }
        let wireKey = decl.key?.value ?? decl.name.value
        if let linkage = decl.linkage, linkage.value == .whenIncluded, format != .jsonapi {
            diagnostics.emit(.warning("'linkage' of relationship '\(decl.name.value)' of '\(owner)' is ignored: it says when a JSON:API server writes a relationship's 'data', and the API's format is '\(format.rawValue)'", at: linkage.location))
        }
        return RelationshipInfo(
            name: decl.name.value, swiftName: swiftName, wireKey: wireKey, rel: decl.rel?.value ?? wireKey,
            target: swiftTypeName(target), isToMany: decl.isToMany, isOptional: decl.isOptional,
            description: decl.description, keyPath: "\(keyPath).\(decl.name.value)",
            linkageWhenIncluded: decl.linkage?.value == .whenIncluded && format == .jsonapi)
    }

    /// The name of the resource or union a relationship points to: the one it names, or the union an
    /// inline list of targets declares; nil after an error.
    private func relationshipTarget(_ decl: RelationshipDecl, of owner: String) -> String? {
        if !decl.targets.isEmpty {
            if format == .hal, let location = decl.target?.location {
                diagnostics.emit(.error("the polymorphic relationship '\(decl.name.value)' of '\(owner)' needs a discriminator in a hal schema: declare its union under 'unions:' with 'discriminator:' and name it as the target", at: location))
                return nil
            }
            return inlineUnionNames[InlineUnionKey(owner: owner, relationship: decl.name.value)]
        }
        guard let target = decl.target else { return nil }
        switch symbols[target.value] {
        case .resource, .union: return target.value
        default:
            reportUnknownResource(target, role: "target of relationship '\(decl.name.value)'", unionsAllowed: true)
            return nil
        }
    }

    /// Reports `name` where a resource was expected: unknown (did-you-mean among resources) or another kind.
    func reportUnknownResource(_ name: Located<String>, role: String, unionsAllowed: Bool = false) {
        let what = unionsAllowed ? "a resource or a union" : "a resource"
        if let symbol = symbols[name.value] {
            diagnostics.emit(.error("the \(role) must be \(what), but '\(name.value)' is \(symbol.kindName)", at: name.location))
            return
        }
        let candidates = (resourceDecls.keys.sorted() + (unionsAllowed ? unionOrder : [])).sorted()
        diagnostics.emit(.error("unknown \(unionsAllowed ? "resource or union" : "resource") '\(name.value)' as \(role)\(Suggestion.hint(for: name.value, in: candidates))", at: name.location))
    }

    /// Reports each cycle of `parent` links once, at the first resource of the cycle in declaration order.
    func checkParentCycles(_ decls: [ResourceDecl]) {
        var reported = Set<String>()
        for decl in decls {
            var chain = [decl.name.value]
            var current = decl
            while let parent = current.parent?.value, let next = resourceDecls[parent] {
                if let start = chain.firstIndex(of: parent) {
                    let cycle = Array(chain[start...])
                    if start == 0, reported.isDisjoint(with: cycle) {
                        reported.formUnion(cycle)
                        let description = (cycle + [parent]).map { "'\($0)'" }.joined(separator: " → ")
                        diagnostics.emit(.error("parent cycle: \(description); a resource cannot be nested under itself", at: decl.parent?.location ?? decl.name.location))
                    }
                    break
                }
                chain.append(parent)
                current = next
            }
        }
    }

    /// Validates the include sets of one resource: each dot path must follow relationships, and a
    /// step written `[name]` must be a to-many relationship.
    func validateIncludes(_ decl: ResourceDecl) -> [IncludeSetInfo] {
        validateIncludes(decl.includes, of: decl.name.value, from: [decl])
    }

    /// Validates include sets whose paths start at `roots` (one resource, or a union's members).
    func validateIncludes(_ includes: [IncludeSetDecl], of owner: String, from roots: [ResourceDecl]) -> [IncludeSetInfo] {
        var names = NameScope("include set", of: owner, fix: "rename one of them")
        reserveGeneratedMembers(.includeSet, in: &names)
        var result: [IncludeSetInfo] = []
        for set in includes {
            let swiftName = SwiftNaming.memberName(set.name.value)
            guard names.claim(swiftName, for: set.name.value, at: set.name.location, diagnostics: diagnostics) else { continue }
            if set.paths.isEmpty {
                diagnostics.emit(.error("include set '\(set.name.value)' lists no paths", at: set.name.location))
                continue
            }
            var paths: [[IncludeStepInfo]] = []
            var seen = Set<[IncludeStepInfo]>()
            for path in set.paths {
                guard let steps = includeSteps(path, from: roots) else { continue }
                if !seen.insert(steps).inserted {
                    diagnostics.emit(.warning("include path '\(path.value)' is listed twice in '\(set.name.value)'", at: path.location))
                    continue
                }
                paths.append(steps)
            }
            result.append(IncludeSetInfo(name: set.name.value, swiftName: swiftName, paths: paths))
        }
        return result
    }

    /// The steps of `path` from `roots` (a resource, or the members of a union). Through a union, a step
    /// continues on the members that have the relationship; at least one must have it, and those that do
    /// must agree on its cardinality and link relation (one step serves them all).
    private func includeSteps(_ path: Located<String>, from roots: [ResourceDecl]) -> [IncludeStepInfo]? {
        var current = roots
        var steps: [IncludeStepInfo] = []
        var offset = 0
        for segment in path.value.split(separator: ".", omittingEmptySubsequences: false) {
            let at = path.location(atOffset: offset)
            offset += segment.utf8.count + 1
            var name = String(segment)
            let bracketed = name.hasPrefix("[") && name.hasSuffix("]") && name.count >= 2
            if bracketed { name = String(name.dropFirst().dropLast()) }
            guard !name.isEmpty else {
                diagnostics.emit(.error("include path '\(path.value)' has an empty step", at: at))
                return nil
            }
            let having = current.compactMap { resource in resource.relationships.first { $0.name.value == name }.map { (resource, $0) } }
            let owners = current.map(\.name.value).joined(separator: "', '")
            guard let (firstOwner, relationship) = having.first else {
                let known = current.flatMap { $0.relationships.map(\.name.value) }
                let attribute = current.contains { $0.attributes.contains { $0.name.value == name } }
                let why = attribute ? "; '\(name)' is an attribute, and only relationships can be included" : Suggestion.hint(for: name, in: known)
                let subject = current.count == 1 ? "'\(owners)' has no relationship" : "none of '\(owners)' has a relationship"
                diagnostics.emit(.error("include path '\(path.value)': \(subject) '\(name)'\(why)", at: at))
                return nil
            }
            let step = IncludeStepInfo(relationship)
            for (owner, other) in having.dropFirst() where IncludeStepInfo(other) != step {
                diagnostics.emit(.error("include path '\(path.value)': the relationship '\(name)' of '\(owner.name.value)' and of '\(firstOwner.name.value)' differ in cardinality, wire key or link relation, so one step cannot go through both", at: at))
                return nil
            }
            if bracketed, !relationship.isToMany {
                diagnostics.emit(.error("include path '\(path.value)' steps through to-one relationship '\(name)' of '\(firstOwner.name.value)' as if it were to-many; write '\(name)' without brackets", at: at))
                return nil
            }
            steps.append(step)
            var next: [ResourceDecl] = []
            for (owner, step) in having {
                guard let targets = targetDecls(step, of: owner.name.value) else { return nil }
                for target in targets where !next.contains(where: { $0.name == target.name }) { next.append(target) }
            }
            current = next
        }
        return steps
    }

    /// The resources a relationship points to: its target, or the members of its union.
    func targetDecls(_ relationship: RelationshipDecl, of owner: String) -> [ResourceDecl]? {
        let unionName = relationship.targets.isEmpty ? relationship.target?.value : inlineUnionNames[InlineUnionKey(owner: owner, relationship: relationship.name.value)]
        guard let unionName else { return nil }
        if let union = unionDecls[unionName] {
            let members = union.members.compactMap { resourceDecls[$0.value] }
            return members.isEmpty ? nil : members
        }
        return resourceDecls[unionName].map { [$0] }
    }
}

extension IncludeStepInfo {
    /// The step through `relationship`: its wire key (default: its name), link relation (default: the
    /// wire key) and cardinality.
    init(_ relationship: RelationshipDecl) {
        let wireKey = relationship.key?.value ?? relationship.name.value
        self.init(wireKey: wireKey, rel: relationship.rel?.value ?? wireKey, isToMany: relationship.isToMany)
    }
}
