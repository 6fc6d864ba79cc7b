/// Unions of resources: the data `Templates/Union.mustache` (the enum), `Paths.mustache` and
/// `Includes.mustache` place. The code itself is in the templates; this spells names and literals.
extension Translator {
    func unionContext(_ union: UnionInfo) -> UnionContext {
        let members = union.members.map { UnionMemberContext(unionCaseName: SwiftNaming.escaped($0.caseName), unionMemberName: $0.resource) }
        let listed = union.members.map { "``\($0.resource)``" }
        let summary = union.description ?? "One of " + Self.phrase(listed) + "."
        let sparse = Set(model.resources.filter(\.sparseFieldsets).map(\.name))
        let hasSparse = model.api.format == .jsonapi && union.members.contains { sparse.contains($0.resource) }
        let sparseMembers = union.members.map {
            UnionMemberContext(unionCaseName: SwiftNaming.escaped($0.caseName), unionMemberName: sparse.contains($0.resource) ? $0.resource + ".Sparse" : $0.resource)
        }
        var collectionPath: String?
        if case .root(let path) = union.placement { collectionPath = SwiftSyntax.stringLiteral(path) }
        return UnionContext(
            access: access,
            spi: spi,
            unionName: union.name,
            unionDoc: CodeLines(SwiftSyntax.docLines(summary, remark: union.keyPath)),
            unionTypeLiteral: SwiftSyntax.stringLiteral(union.wireType),
            unionMembers: members,
            unionMemberTypeList: union.members.map { "\($0.resource).self" }.joined(separator: ", "),
            unionIsHAL: model.api.format == .hal,
            unionDiscriminatorExpression: union.discriminator.map(Self.discriminatorExpression),
            unionPathConformances: (["RootResource"] + union.operations.map(\.capabilityProtocol)).joined(separator: ", "),
            unionCollectionPathLiteral: collectionPath,
            unionOperationList: union.operations.map(\.rawValue).joined(separator: ", "),
            unionIncludeCases: union.includeSets.map { includeCase($0, remark: "\(union.keyPath).includes.\($0.name)") },
            unionHasSparse: hasSparse,
            unionSparseMembers: hasSparse ? sparseMembers : []
        )
    }

    /// `.property("kind", values: ["book", "film"])` and the like.
    static func discriminatorExpression(_ discriminator: UnionInfo.Discriminator) -> String {
        func list(_ values: [String]) -> String { "[" + values.map(SwiftSyntax.stringLiteral).joined(separator: ", ") + "]" }
        switch discriminator {
        case .property(let name, let values): return ".property(\(SwiftSyntax.stringLiteral(name)), values: \(list(values)))"
        case .selfLink(let paths): return ".selfLink(paths: \(list(paths)))"
        case .embeddedKey(let keys): return ".embeddedKey(keys: \(list(keys)))"
        }
    }

    /// "a, b or c".
    static func phrase(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }
}
