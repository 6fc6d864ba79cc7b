/// JSON:API additions to a resource's context (`format: jsonapi` only): the resource-object decoding
/// and encoding, the `Field` enum, `changes(since:)`, and the `Sparse` and `New` twins. Rendered by
/// `Templates/JSONAPIResource.mustache`.
extension Translator {
    /// The JSON:API part of a resource's context; empty for other formats (a Mustache section that
    /// renders once or never).
    func jsonAPIContexts(_ resource: ResourceInfo) -> [JSONAPIResourceContext] {
        guard model.api.format == .jsonapi else { return [] }
        return [jsonAPIContext(resource)]
    }

    private func jsonAPIContext(_ resource: ResourceInfo) -> JSONAPIResourceContext {
        let attributes = resource.attributes.map(Self.decoded)
        let positions = Self.unsentPositions(resource.attributes)
        let fields = resource.attributes.map { codingKey($0) }
            + resource.relationships.map { codingKey(swiftName: $0.swiftName, wireKey: $0.wireKey) }
        // Full model: one initializer decodes the plain form or a resource object (issue 16: a second one
        // per form was the largest part of the debug compile); a `JSONAPIResourceFieldsReader` hands out
        // the attributes' container of either form. Without a required attribute the member may be absent.
        let attributesRequired = attributes.contains { !$0.type.isOptional && $0.defaultValue == nil }
        let attributeContexts = attributes.map {
            property($0, container: "jsonAPIAttributes", containerIsOptional: !attributesRequired, position: positions[$0.swiftName])
        }
        let relationships = resource.relationships.map { relationshipContext($0) }
        let sparse = resource.sparseFieldsets ? sparseTwin(resource) : SparseTwin()

        // New: what a create sends (writable attributes, relationships, the id only with clientID).
        let clientID = PropertyInfo(
            name: "id", swiftName: "id", wireKey: "id", type: .optional(.builtin(resource.idType)),
            description: "The id the client chooses (the schema allows `clientID`); nil lets the server choose.",
            defaultValue: nil, readOnly: false, fixedValue: nil, keyPath: "resources.\(resource.name).id")
        // `New` sends write-only attributes with their schema type (required unless optional).
        let sentAttributes = resource.attributes.filter { !$0.readOnly }.map { attribute in
            var sent = attribute
            sent.writeOnly = false
            return sent
        }
        let newProperties = ((resource.clientID ? [clientID] : []) + sentAttributes).map { property($0, container: "container") }
        // A relationship of `Sparse`/`New` is documented without "(may be absent)".
        let plainRelationshipDoc = { (relationship: RelationshipInfo) in
            relationship.description ?? "The \(relationship.isToMany ? "to-many" : "to-one") relationship to ``\(relationship.target)``."
        }

        return JSONAPIResourceContext(
            access: access,
            spi: spi,
            resourceName: resource.name,
            jsonAPIFieldCases: fields,
            jsonAPIHasFields: !fields.isEmpty,
            jsonAPIIDType: SwiftSyntax.typeName(.builtin(resource.idType)),
            jsonAPIAttributes: attributeContexts,
            jsonAPIHasAttributes: !attributes.isEmpty,
            jsonAPIAttributesRequired: attributesRequired,
            jsonAPIHasWritableAttributes: attributes.contains { !$0.readOnly },
            jsonAPIWritableAttributes: attributeContexts.filter { !$0.propertyIsReadOnly },
            jsonAPIRelationships: relationships,
            jsonAPIHasRelationships: !relationships.isEmpty,
            jsonAPIHasChanges: attributes.contains { !$0.readOnly } || !relationships.isEmpty,
            hasSparse: resource.sparseFieldsets,
            sparseProperties: sparse.properties,
            sparseJSONAPIAttributes: sparse.jsonAPIAttributes,
            sparseRelationships: sparse.relationships.map { relationshipContext($0, doc: plainRelationshipDoc($0)) },
            sparseHasRelationships: resource.sparseFieldsets && !resource.relationships.isEmpty,
            hasNew: resource.operations.contains(.create),
            newProperties: newProperties,
            newHasProperties: !newProperties.isEmpty,
            newHasClientID: resource.clientID,
            newAttributes: sentAttributes.map { property($0, container: "jsonAPIAttributes") },
            newHasAttributes: !sentAttributes.isEmpty,
            newRelationships: resource.relationships.map { relationshipContext($0, doc: plainRelationshipDoc($0)) },
            metaType: resource.metaType.map(SwiftSyntax.typeName),
            documentMetaType: resource.documentMetaType.map(SwiftSyntax.typeName),
            relationshipMetas: resource.relationships.compactMap { relationship in
                relationship.metaType.map {
                    RelationshipMetaContext(
                        property: SwiftNaming.escaped(relationship.swiftName), metaProperty: relationship.swiftName + "Meta",
                        typeName: SwiftSyntax.typeName($0), isOptional: relationship.isOptional)
                }
            }
        )
    }

    /// What the `Sparse` twin is made of (empty unless the resource says `sparseFieldsets: true`).
    struct SparseTwin {
        /// The id and the attributes, coded in the plain form.
        var properties: [PropertyContext] = []
        /// The attributes, read from a resource object's `attributes` (which may be absent).
        var jsonAPIAttributes: [PropertyContext] = []
        /// The relationships, all optional.
        var relationships: [RelationshipInfo] = []
    }

    /// The `Sparse` twin: every attribute and relationship optional, `nil` meaning "not in the response".
    private func sparseTwin(_ resource: ResourceInfo) -> SparseTwin {
        let sparseAttributes = resource.attributes.map { attribute -> PropertyInfo in
            var sparse = attribute
            sparse.type = attribute.type.isOptional ? attribute.type : .optional(attribute.type)
            sparse.defaultValue = nil
            sparse.readOnly = false
            return sparse
        }
        let id = PropertyInfo(
            name: "id", swiftName: "id", wireKey: "id", type: .builtin(resource.idType), description: "The resource's identifier.",
            defaultValue: nil, readOnly: false, fixedValue: nil, keyPath: "resources.\(resource.name).id")
        return SparseTwin(
            properties: ([id] + sparseAttributes).map { property($0, container: "container") },
            jsonAPIAttributes: sparseAttributes.map { property($0, container: "jsonAPIAttributes", containerIsOptional: true) },
            relationships: resource.relationships.map { relationship in
                var sparse = relationship
                sparse.isOptional = true
                return sparse
            }
        )
    }
}
