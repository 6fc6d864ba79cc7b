/// HAL additions to stage 4 (`format: hal` schemas only): the statements of the generated
/// `init(halFrom:)` and `encode(halTo:)`, and the relationships' link relations.
///
/// Decisions made here:
/// - Attributes are read at the top level of the HAL document, relationships from `_embedded` (any
///   cardinality as object or array) and `_links` (by `rel`, CURIEs matched both ways).
/// - The id comes from an `id` property when the document has one, else from the last path segment
///   of the `self` link.
/// - Bodies sent to a HAL server carry the attributes, no `_embedded`, no read-only attributes, and the
///   id only when the client chooses it (`clientID`); relationships only in the form the schema names
///   (`write:`, see Translator+HALWrites.swift).
extension Translator {
    /// `HALResource, ` for a HAL schema, else nothing.
    var halConformance: String { model.api.format == .hal ? "HALResource, " : "" }

    func halContext(_ resource: ResourceInfo, id: PropertyInfo) -> HALResourceContext? {
        guard model.api.format == .hal else { return nil }
        let idType = SwiftSyntax.typeName(id.type)
        var decode = [
            "let container = try decoder.container(keyedBy: HALCodingKeys.self)",
            "let links = try HALLinks(container, forKey: .halLinks, decoder: decoder)",
        ]
        if !resource.relationships.isEmpty {
            decode.append("let embedded = try HALEmbedded(container, forKey: .halEmbedded, links: links)")
        }
        decode.append("self.id = try container.decodeIfPresent(\(idType).self, forKey: .id) ?? HALDecoding.id(\(idType).self, links: links, codingPath: container.codingPath)")
        let positions = Self.unsentPositions(resource.attributes)
        decode += resource.attributes.map { decodeStatement(Self.decoded($0), container: "container", position: positions[$0.swiftName]) }
        for relationship in resource.relationships {
            let name = SwiftNaming.escaped(relationship.swiftName)
            let reader = HALEmbeddedReader(relationship)
            decode.append("self.\(name) = try embedded.\(reader.rawValue)(\(relationship.target).self, rel: \(SwiftSyntax.stringLiteral(relationship.rel)))")
        }
        decode.append("self.links = links")

        var sent = resource.attributes.filter { !$0.readOnly }.map(Self.decoded)
        if resource.clientID { sent.insert(id, at: 0) }
        let encode = sent.map { encodeStatement($0, container: "container", position: positions[$0.swiftName]) }
            + halWriteEncodeStatements(resource)  // Translator+HALWrites.swift
        let changes = halChangeStatements(resource)

        let relations = resource.relationships.enumerated().map { index, relationship in
            "HALRelation(key: \(SwiftSyntax.stringLiteral(relationship.wireKey)), rel: \(SwiftSyntax.stringLiteral(relationship.rel)), "
                + "isToMany: \(relationship.isToMany), target: \(relationship.target).self)"
                + (index == resource.relationships.count - 1 ? "" : ",")
        }
        let codingKeys = ([id] + resource.attributes).map(codingKey)
            + halWriteCodingKeys(resource)
            + [CodingKeyContext(caseName: "halLinks", rawValueLiteral: #""_links""#), CodingKeyContext(caseName: "halEmbedded", rawValueLiteral: #""_embedded""#)]
        return HALResourceContext(
            access: access,
            spi: spi,
            resourceName: resource.name,
            halCodingKeys: codingKeys,
            halDecodeStatements: CodeLines(decode),
            halEncodeStatements: CodeLines(encode),
            halRelationLines: CodeLines(relations),
            halHasChanges: changes != nil,
            halChangeStatements: CodeLines(changes ?? [])
        )
    }
}

/// The `HALEmbedded` method that reads a relationship of each cardinality and optionality; the raw
/// values are the runtime's method names.
enum HALEmbeddedReader: String, CaseIterable {
    case toOne, toMany, optionalToOne, optionalToMany

    init(_ relationship: RelationshipInfo) {
        switch (relationship.isToMany, relationship.isOptional) {
        case (false, false): self = .toOne
        case (true, false): self = .toMany
        case (false, true): self = .optionalToOne
        case (true, true): self = .optionalToMany
        }
    }
}
