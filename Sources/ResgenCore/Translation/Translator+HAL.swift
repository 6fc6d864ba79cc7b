/// HAL additions to stage 4 (`format: hal` schemas only): the data of the generated
/// `init(halFrom:)`, `encode(halTo:)` and `halRelations`, which `Templates/HALDecoding.mustache` writes.
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
    func halContext(_ resource: ResourceInfo, id: PropertyInfo) -> HALResourceContext? {
        guard model.api.format == .hal else { return nil }
        let positions = Self.unsentPositions(resource.attributes)
        let attributes = resource.attributes.map(Self.decoded)
        var sent = attributes.filter { !$0.readOnly }
        if resource.clientID { sent.insert(id, at: 0) }
        let writes = halWrites(resource)  // Translator+HALWrites.swift
        let codingKeys = ([id] + resource.attributes).map(codingKey)
            + halWriteCodingKeys(resource)
            + [CodingKeyContext(caseName: "halLinks", rawValueLiteral: #""_links""#), CodingKeyContext(caseName: "halEmbedded", rawValueLiteral: #""_embedded""#)]
        var changeAttributes = attributes.filter { !$0.readOnly }.map { property($0, container: "container", position: positions[$0.swiftName]) }
        for index in changeAttributes.indices { changeAttributes[index].propertyChangeKeyIsWireKey = true }
        return HALResourceContext(
            access: access,
            spi: spi,
            resourceName: resource.name,
            halCodingKeys: codingKeys,
            halIDType: SwiftSyntax.typeName(id.type),
            halAttributes: attributes.map { property($0, container: "container", position: positions[$0.swiftName]) },
            halRelationships: resource.relationships.map { relationshipContext($0) },
            halHasRelationships: !resource.relationships.isEmpty,
            halSentProperties: sent.map { property($0, container: "container", position: positions[$0.swiftName]) },
            halEncodes: !sent.isEmpty || !writes.isEmpty,
            halWrites: writes,
            halPropertyWrites: writes.filter { !$0.halWriteIsLink },
            halLinkWrites: writes.filter(\.halWriteIsLink),
            halHasChanges: resource.operations.contains(.patch),
            halChangeAttributes: changeAttributes,
            halChangesCompare: !changeAttributes.isEmpty || !writes.isEmpty
        )
    }
}
