/// Unions: members, the polymorphic collection's path and operations, include sets, the HAL
/// discriminator.
extension Validator {
    func validateUnion(_ decl: UnionDecl) -> UnionInfo? {
        let name = decl.name.value
        let keyPath = inlineUnionKeyPaths[name] ?? "unions.\(name)"
        let members = validateMembers(decl)
        var info = UnionInfo(
            name: swiftTypeName(name), wireType: decl.type?.value ?? SwiftNaming.memberName(name), members: members.map(\.member),
            placement: .none, operations: [], description: decl.description, includeSets: [], discriminator: nil, keyPath: keyPath)
        var operations = Set<ResourceOperationKind>()
        for operation in decl.operations {
            guard operation.value == "list" else {
                diagnostics.emit(.error("union '\(name)' allows the operation 'list' only, found '\(operation.value)'; its members are created, read and changed through their own paths", at: operation.location))
                continue
            }
            operations.insert(.list)
        }
        info.operations = ResourceOperationKind.allCases.filter(operations.contains)
        if let path = decl.path {
            if path.value.hasPrefix("/"), !path.value.contains("{"), !path.value.contains("?") {
                info.placement = .root(path: path.value)
            } else {
                diagnostics.emit(.error("the path of union '\(name)' is an absolute collection path such as '/\(SwiftNaming.memberName(name))s', found '\(path.value)'", at: path.location))
            }
        } else if !info.operations.isEmpty, let location = decl.operationsLocation {
            diagnostics.emit(.error("union '\(name)' has operations but no 'path'; give it the path of its polymorphic collection, such as '/\(SwiftNaming.memberName(name))s'", at: location))
        }
        if info.placement != .none, info.operations.isEmpty {
            info.operations = [.list]
        }
        info.includeSets = validateIncludes(decl.includes, of: name, from: members.map(\.decl))
        info.discriminator = validateDiscriminator(decl, members: members.map(\.decl))
        return info
    }

    /// The members: two or more distinct resources, each a case name of its own.
    private func validateMembers(_ decl: UnionDecl) -> [(member: UnionInfo.Member, decl: ResourceDecl)] {
        let name = decl.name.value
        var result: [(member: UnionInfo.Member, decl: ResourceDecl)] = []
        var scope = NameScope("member case", of: name, fix: "a union lists each resource once")
        scope.reserve("other", as: "'other' is the case for a type the union does not list")
        for member in decl.members {
            if member.value.hasSuffix("?") {
                diagnostics.emit(.error("a member of union '\(name)' is a resource, not an optional; to make the relationship optional, write 'optional: true'", at: member.location))
                continue
            }
            guard case .resource = symbols[member.value], let memberDecl = resourceDecls[member.value] else {
                reportUnknownResource(member, role: "member of union '\(name)'")
                continue
            }
            let caseName = SwiftNaming.memberName(member.value)
            if SwiftNaming.reservedMemberNames.contains(caseName) {
                diagnostics.emit(.error("member '\(member.value)' of union '\(name)' would become the case name '\(caseName)', which Swift reserves; rename the resource", at: member.location))
                continue
            }
            guard scope.claim(caseName, for: member.value, at: member.location, diagnostics: diagnostics) else { continue }
            result.append((UnionInfo.Member(caseName: caseName, resource: swiftTypeName(member.value)), memberDecl))
        }
        if decl.members.isEmpty, decl.membersLocation == nil {
            diagnostics.emit(.error("union '\(name)' needs 'members': two or more resources, in order", at: decl.name.location))
        } else if decl.members.count < 2 {
            diagnostics.emit(.error("union '\(name)' needs two or more members; for one resource, name it as the target", at: decl.membersLocation ?? decl.name.location))
        }
        if format == .jsonapi {
            var types: [String: String] = [:]
            for (_, memberDecl) in result {
                let type = memberDecl.type?.value ?? SwiftNaming.memberName(memberDecl.name.value)
                if let first = types[type] {
                    diagnostics.emit(.error("members '\(first)' and '\(memberDecl.name.value)' of union '\(name)' have the same type '\(type)', so a resource of that type cannot tell which it is", at: decl.membersLocation ?? decl.name.location))
                }
                types[type] = memberDecl.name.value
            }
        }
        return result
    }

    /// HAL: how the members are told apart (required); JSON:API: none (each resource names its `type`).
    private func validateDiscriminator(_ decl: UnionDecl, members: [ResourceDecl]) -> UnionInfo.Discriminator? {
        let name = decl.name.value
        guard format == .hal else {
            if let location = decl.discriminatorLocation {
                diagnostics.emit(.warning("'discriminator' of union '\(name)' is ignored: every JSON:API resource names its own 'type'", at: location))
            }
            return nil
        }
        let types = members.map { $0.type?.value ?? SwiftNaming.memberName($0.name.value) }
        switch decl.discriminator {
        case .property(let property, let given)?:
            var values = types
            var seen: [String: SourceLocation] = [:]
            for entry in given {
                guard let index = members.firstIndex(where: { $0.name.value == entry.member.value }) else {
                    diagnostics.emit(.error("'\(entry.member.value)' in the discriminator values of union '\(name)' is not one of its members\(Suggestion.hint(for: entry.member.value, in: members.map(\.name.value)))", at: entry.member.location))
                    continue
                }
                values[index] = entry.value.value
            }
            for (index, value) in values.enumerated() {
                if seen[value] != nil {
                    diagnostics.emit(.error("two members of union '\(name)' have the discriminator value '\(value)'; give each its own under 'values'", at: decl.discriminatorLocation ?? decl.name.location))
                    break
                }
                seen[value] = given.first { $0.member.value == members[index].name.value }?.value.location
            }
            return .property(property.value, values: values)
        case .embeddedKey?:
            return .embeddedKey(keys: types)
        case .selfLink?:
            var paths: [String] = []
            for member in members {
                guard let path = member.path?.value, member.parent == nil, path.hasPrefix("/") else {
                    diagnostics.emit(.error("union '\(name)' tells its members by their self link, so member '\(member.name.value)' needs a root collection 'path'", at: decl.discriminatorLocation ?? decl.name.location))
                    return nil
                }
                paths.append(path)
            }
            return .selfLink(paths: paths)
        case nil:
            if decl.discriminatorLocation == nil {
                diagnostics.emit(.error("union '\(name)' needs a 'discriminator' in a hal schema, to tell which member a resource is: '{ property: <name> }', 'selfLink' or 'embeddedKey'", at: decl.name.location))
            }
            return nil
        }
    }
}
