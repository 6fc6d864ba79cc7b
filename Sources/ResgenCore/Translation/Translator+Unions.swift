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
            unionDoc: SwiftSyntax.docLines(summary, remark: union.keyPath),
            unionTypeLiteral: SwiftSyntax.stringLiteral(union.wireType),
            unionMembers: members,
            unionIsHAL: model.api.format == .hal,
            unionDiscriminator: union.discriminator.map { [Self.discriminatorContext($0)] } ?? [],
            unionCapabilities: union.operations.map(\.capabilityProtocol),
            unionCollectionPathLiteral: collectionPath,
            unionOperationList: union.operations.map(\.rawValue).joined(separator: ", "),
            unionIncludeCases: union.includeSets.map { includeCase($0, remark: "\(union.keyPath).includes.\($0.name)") },
            unionHasSparse: hasSparse,
            unionSparseMembers: hasSparse ? sparseMembers : []
        )
    }

    /// How a HAL resource tells which member it is, as data for `HALUnionDiscriminator`'s cases.
    static func discriminatorContext(_ discriminator: UnionInfo.Discriminator) -> DiscriminatorContext {
        var context = DiscriminatorContext(discriminatorProperty: nil, discriminatorValues: [], discriminatorBySelfLink: false, discriminatorByEmbeddedKey: false)
        switch discriminator {
        case .property(let name, let values):
            context.discriminatorProperty = SwiftSyntax.stringLiteral(name)
            context.discriminatorValues = values.map(SwiftSyntax.stringLiteral)
        case .selfLink(let paths):
            context.discriminatorBySelfLink = true
            context.discriminatorValues = paths.map(SwiftSyntax.stringLiteral)
        case .embeddedKey(let keys):
            context.discriminatorByEmbeddedKey = true
            context.discriminatorValues = keys.map(SwiftSyntax.stringLiteral)
        }
        return context
    }

    /// "a, b or c".
    static func phrase(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }
}
