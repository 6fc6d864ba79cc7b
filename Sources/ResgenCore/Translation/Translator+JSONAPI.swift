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
        let idType = SwiftSyntax.typeName(.builtin(resource.idType))
        let attributes = resource.attributes.map(Self.decoded)
        let writable = attributes.filter { !$0.readOnly }
        let positions = Self.unsentPositions(resource.attributes)
        let fields = resource.attributes.map { codingKey($0) }
            + resource.relationships.map { codingKey(swiftName: $0.swiftName, wireKey: $0.wireKey) }

        // Full model: decode the plain form or a resource object, one initializer for both (issue 16:
        // a second one per form was the largest part of the debug compile). A `JSONAPIResourceFieldsReader`
        // hands out the attributes' container of either form and reads what differs.
        var decode = ["self.id = try jsonAPIFields.id(\(idType).self, forKey: .id)"]
        if !attributes.isEmpty {
            let required = attributes.contains { !$0.type.isOptional && $0.defaultValue == nil }
            if required {
                decode.append("let jsonAPIAttributes = try jsonAPIFields.attributes()")
                decode += attributes.map { decodeStatement($0, container: "jsonAPIAttributes", position: positions[$0.swiftName]) }
            } else {
                decode.append("let jsonAPIAttributes = try jsonAPIFields.attributesIfPresent()")
                decode += attributes.map { decodeStatement($0, container: "jsonAPIAttributes?", position: positions[$0.swiftName]) }
            }
        }
        if !resource.relationships.isEmpty {
            decode.append("let jsonAPIRelationships = try jsonAPIFields.relationships()")
            decode += resource.relationships.map(fieldsRelationshipDecode)
        }
        decode.append("self.jsonAPI = try jsonAPIFields.extras()")

        // Full model: encode the plain form or a resource object, one function for both: read-only
        // attributes only in the plain form.
        var encode = ["var jsonAPIFields = jsonAPIFields", "try jsonAPIFields.encodeID(self.id, forKey: .id)"]
        if !attributes.isEmpty {
            let statements = attributes.map { attribute in
                (encodeStatement(attribute, container: "jsonAPIAttributes", position: positions[attribute.swiftName]), attribute.readOnly)
            }
            if writable.isEmpty {
                encode += ["if jsonAPIFields.isPlain {", "    var jsonAPIAttributes = jsonAPIFields.attributes()"]
                encode += statements.map { "    " + $0.0 }
                encode.append("}")
            } else {
                encode.append("var jsonAPIAttributes = jsonAPIFields.attributes()")
                encode += statements.map { $0.1 ? "if jsonAPIFields.isPlain { \($0.0) }" : $0.0 }
            }
        }
        if !resource.relationships.isEmpty {
            encode.append("var jsonAPIRelationships = jsonAPIFields.relationships()")
            encode += resource.relationships.map { relationship in
                let name = SwiftNaming.escaped(relationship.swiftName)
                return "try jsonAPIRelationships.\(relationship.isOptional ? "encodeNullable" : "encode")(self.\(name), forKey: .\(name))"
            }
        }

        // changes(since:)
        let comparisons = writable.map { attribute -> String in
            let name = SwiftNaming.escaped(attribute.swiftName)
            // A write-only attribute is sent when set: nil means "not set", not "clear it".
            if attribute.writeOnly {
                return "if let value = self.\(name), self.\(name) != old.\(name) { changes.set(.\(name), \(Self.wireValue(attribute, "value", optional: false))) }"
            }
            // Not sent is not null: sent when known and either unknown before or different.
            if let position = positions[attribute.swiftName] {
                return "if self.unsentAttributes.changed(self.\(name), since: old.\(name), in: old.unsentAttributes, position: \(position)) { changes.set(.\(name), \(Self.wireValue(attribute, "self.\(name)", optional: true))) }"
            }
            return "if self.\(name) != old.\(name) { changes.set(.\(name), \(Self.wireValue(attribute, "self.\(name)", optional: attribute.type.isOptional))) }"
        } + resource.relationships.map { relationship -> String in
            let name = SwiftNaming.escaped(relationship.swiftName)
            let check = relationship.isToMany ? "toMany" : "toOne"
            return "if JSONAPILinkageChange.\(check)(self.\(name), since: old.\(name)) { changes.set(.\(name), relationship: self.\(name)) }"
        }
        let changes = comparisons.isEmpty
            ? ["return ResourceChanges<\(resource.name)>(id: id)"]
            : ["var changes = ResourceChanges<\(resource.name)>(id: id)"] + comparisons + ["return changes"]

        let keyPaths = resource.relationships.map { "\\\(resource.name).\(SwiftNaming.escaped($0.swiftName)): \(SwiftSyntax.stringLiteral($0.wireKey))" }
        let relationshipKeyExpression = keyPaths.isEmpty ? "nil" : "let keys: [PartialKeyPath<\(resource.name)>: String] = [\(keyPaths.joined(separator: ", "))]\n        return keys[keyPath]"

        let sparse = resource.sparseFieldsets ? sparseTwin(resource, idType: idType) : SparseTwin()

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
        let newAttributes = (resource.clientID ? [clientID] : []) + sentAttributes
        var newProperties = newAttributes.map { property($0, container: "container") }
        newProperties += resource.relationships.map { relationship in
            var context = sparseRelationshipProperty(relationship)
            context.propertyDeclaration = "\(access) var \(SwiftNaming.escaped(relationship.swiftName)): \(relationshipType(relationship))"
            context.propertyType = relationshipType(relationship)
            return context
        }
        var newParameters = newAttributes.map(initParameter)
        newParameters += resource.relationships.map { relationship in
            "\(SwiftNaming.escaped(relationship.swiftName)): \(relationshipType(relationship)) = \(relationship.isOptional ? "nil" : relationship.isToMany ? "ToMany()" : "ToOne()")"
        }
        let newEncode = ["var jsonAPIObject = encoder.container(keyedBy: JSONAPIResourceKey.self)", "try jsonAPIObject.encode(\(resource.name).resourceType, forKey: .type)"]
            + (resource.clientID ? ["try jsonAPIObject.encodeIfPresent(self.id?.jsonAPIString, forKey: .id)"] : [])
            + fieldEncodeStatements(sentAttributes, resource.relationships, codingKeys: "\(resource.name).CodingKeys")

        return JSONAPIResourceContext(
            access: access,
            spi: spi,
            resourceName: resource.name,
            jsonAPIFieldCases: fields,
            jsonAPIHasFields: !fields.isEmpty,
            jsonAPIDecodeStatements: CodeLines(decode),
            jsonAPIEncodeStatements: CodeLines(encode),
            jsonAPIChangeStatements: CodeLines(changes),
            jsonAPIRelationshipKeyExpression: relationshipKeyExpression,
            hasSparse: resource.sparseFieldsets,
            sparsePropertyDeclarations: Self.declarations(sparse.properties),
            sparseInitializedProperties: sparse.properties.map(\.propertyName),
            sparseDecodeStatements: CodeLines(sparse.properties.map(\.decodeStatement)),
            sparseEncodeStatements: CodeLines(sparse.properties.map(\.encodeStatement)),
            sparseInitParameters: sparse.initParameters,
            sparseJSONAPIDecodeStatements: CodeLines(sparse.jsonAPIDecode),
            sparseHasRelationships: resource.sparseFieldsets && !resource.relationships.isEmpty,
            sparseVisitCases: CodeLines(sparse.visitCases),
            hasNew: resource.operations.contains(.create),
            newPropertyDeclarations: Self.declarations(newProperties),
            newInitializedProperties: newProperties.map(\.propertyName),
            newInitParameters: newParameters.joined(separator: ", "),
            newEncodeStatements: CodeLines(newEncode),
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
        var properties: [PropertyCode] = []
        var initParameters = ""
        var jsonAPIDecode: [String] = []
        var visitCases: [String] = []
    }

    /// The `Sparse` twin: every attribute and relationship optional, `nil` meaning "not in the response".
    private func sparseTwin(_ resource: ResourceInfo, idType: String) -> SparseTwin {
        let sparseAttributes = resource.attributes.map { attribute -> PropertyInfo in
            var sparse = attribute
            sparse.type = attribute.type.isOptional ? attribute.type : .optional(attribute.type)
            sparse.defaultValue = nil
            sparse.readOnly = false
            return sparse
        }
        let sparseRelationships = resource.relationships.map { relationship -> RelationshipInfo in
            var sparse = relationship
            sparse.isOptional = true
            return sparse
        }
        let id = PropertyInfo(
            name: "id", swiftName: "id", wireKey: "id", type: .builtin(resource.idType), description: "The resource's identifier.",
            defaultValue: nil, readOnly: false, fixedValue: nil, keyPath: "resources.\(resource.name).id")
        var sparseProperties = ([id] + sparseAttributes).map { property($0, container: "container") }
        sparseProperties += sparseRelationships.map { sparseRelationshipProperty($0) }
        var sparseParameters = ([id] + sparseAttributes).map(initParameter)
        sparseParameters += sparseRelationships.map { "\(SwiftNaming.escaped($0.swiftName)): \(relationshipType($0)) = nil" }
        // The twin is primary data too (`fetch(_:fields:)`): its `type` is checked as the full model's is.
        var sparseDecode = [
            "let jsonAPIObject = try decoder.container(keyedBy: JSONAPIResourceKey.self)",
            "try jsonAPIObject.decodeJSONAPIType(allowing: Self.resourceType)",
            "self.id = try jsonAPIObject.decodeJSONAPIID(\(idType).self, forKey: .id)",
        ]
        if !resource.attributes.isEmpty {
            sparseDecode.append("let jsonAPIAttributes = try jsonAPIObject.contains(.attributes) ? jsonAPIObject.nestedContainer(keyedBy: CodingKeys.self, forKey: .attributes) : nil")
            sparseDecode += sparseAttributes.map { decodeStatement($0, container: "jsonAPIAttributes?") }
        }
        if !resource.relationships.isEmpty {
            sparseDecode.append("let jsonAPIRelationships = try jsonAPIObject.contains(.relationships) ? jsonAPIObject.nestedContainer(keyedBy: CodingKeys.self, forKey: .relationships) : nil")
            sparseDecode += resource.relationships.map { relationshipDecode($0, forceOptional: true) }
        }

        return SparseTwin(
            properties: sparseProperties,
            initParameters: sparseParameters.joined(separator: ", "),
            jsonAPIDecode: sparseDecode,
            visitCases: sparseRelationships.flatMap(visitCase)
        )
    }

    /// `self.author = try jsonAPIRelationships.toOne(Person.self, forKey: .author)`: the full model's
    /// relationship, from either form (`JSONAPIResourceRelationshipsReader`).
    private func fieldsRelationshipDecode(_ relationship: RelationshipInfo) -> String {
        let name = SwiftNaming.escaped(relationship.swiftName)
        let call = relationship.isOptional
            ? (relationship.isToMany ? "nullableToMany" : "nullableToOne")
            : (relationship.isToMany ? "toMany" : "toOne")
        return "self.\(name) = try jsonAPIRelationships.\(call)(\(relationship.target).self, forKey: .\(name))"
    }

    /// `self.author = try jsonAPIRelationships?.decodeJSONAPIToOne(Person.self, forKey: .author) ?? ToOne()`.
    private func relationshipDecode(_ relationship: RelationshipInfo, forceOptional: Bool) -> String {
        let name = SwiftNaming.escaped(relationship.swiftName)
        let empty = relationship.isToMany ? "ToMany()" : "ToOne()"
        if relationship.isOptional, !forceOptional {
            // "Not sent" is an empty relationship (linkage unknown), `data: null` is nil.
            let call = relationship.isToMany ? "decodeJSONAPINullableToMany" : "decodeJSONAPINullableToOne"
            return "self.\(name) = try jsonAPIRelationships?.\(call)(\(relationship.target).self, forKey: .\(name)) ?? \(empty)"
        }
        let call = relationship.isToMany ? "decodeJSONAPIToMany" : "decodeJSONAPIToOne"
        let fallback = forceOptional ? "" : " ?? \(empty)"
        return "self.\(name) = try jsonAPIRelationships?.\(call)(\(relationship.target).self, forKey: .\(name))\(fallback)"
    }

    /// The `attributes` and `relationships` members of the resource object `New` sends: a nil optional
    /// relationship is left out (a new resource has nothing to clear).
    private func fieldEncodeStatements(_ attributes: [PropertyInfo], _ relationships: [RelationshipInfo], codingKeys: String) -> [String] {
        var lines: [String] = []
        if !attributes.isEmpty {
            lines.append("var jsonAPIAttributes = jsonAPIObject.nestedContainer(keyedBy: \(codingKeys).self, forKey: .attributes)")
            lines += attributes.map { encodeStatement($0, container: "jsonAPIAttributes") }
        }
        if !relationships.isEmpty {
            lines.append("var jsonAPIRelationships = jsonAPIObject.nestedContainer(keyedBy: \(codingKeys).self, forKey: .relationships)")
            lines += relationships.map { relationship in
                let name = SwiftNaming.escaped(relationship.swiftName)
                return "try jsonAPIRelationships.encodeJSONAPI(self.\(name), forKey: .\(name))"
            }
        }
        return lines
    }

    /// A relationship property of `Sparse`/`New` (plain coding: optional keys).
    private func sparseRelationshipProperty(_ relationship: RelationshipInfo) -> PropertyCode {
        let name = SwiftNaming.escaped(relationship.swiftName)
        let bare = relationship.isToMany ? "ToMany<\(relationship.target)>" : "ToOne<\(relationship.target)>"
        let cardinality = relationship.isToMany ? "to-many" : "to-one"
        return PropertyCode(
            propertyName: name,
            propertyDeclaration: "\(access) var \(name): \(bare)?",
            propertyType: bare + "?",
            propertyDoc: SwiftSyntax.docLines(relationship.description ?? "The \(cardinality) relationship to ``\(relationship.target)``.", remark: relationship.keyPath),
            decodeStatement: "self.\(name) = try container.decodeIfPresent(\(bare).self, forKey: .\(name))",
            encodeStatement: "try container.encodeIfPresent(self.\(name), forKey: .\(name))"
        )
    }
}
