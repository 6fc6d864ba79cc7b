/// Stage 4: ``ResourceModel`` → ``APIContext``, the plain data the templates render.
///
/// All naming and spelling happens here: keyword escaping, type spellings, literals, defaults and the
/// flags templates choose code by. No Swift statement is written here: the templates write every line
/// (docs/templates.md). The output is fully determined by the model, the config and the input hash.
struct Translator {
    let model: ResourceModel
    let config: Config
    let inputHash: String

    var access: String { config.accessLevel.rawValue }

    /// What marks generated plumbing as SPI: only public declarations can be, and need to be.
    var spi: String { config.accessLevel == .public ? "@_spi(Generated) " : "" }

    func translate() -> APIContext {
        let resources = model.resources.map { resource in
            // Translator+Paths.swift, Translator+Pagination.swift, Translator+ListParameters.swift
            addingListParameters(of: resource, to: addingPagination(of: resource, to: addingPaths(of: resource, to: resourceContext(resource))))
        }
        let unions = model.unions.map(unionContext)
        var context = APIContext(
            header: [APIContext.notice, "// Input hash: sha256:\(inputHash)"],
            runtimeAPIVersionProtocol: RuntimeAPIVersion.protocolName(),
            access: access,
            spi: spi,
            apiName: model.api.name,
            apiDoc: SwiftSyntax.docLines(model.api.description, remark: "api"),
            baseURLLiteral: model.api.baseURL.map(SwiftSyntax.stringLiteral),
            formatCase: "." + model.api.format.rawValue,
            formatModule: model.api.format.runtimeModule,
            dateFormatCase: "." + model.api.dateFormat.rawValue,
            resources: resources,
            objects: model.objects.map(objectContext),
            enums: model.enums.map(enumContext),
            requests: model.requests.map(requestContext),
            unions: unions,
            includingUnions: unions.filter { !$0.unionIncludeCases.isEmpty },
            addressableUnions: unions.filter { $0.unionCollectionPathLiteral != nil },
            includingRequests: requestIncludesContexts()  // Translator+RequestIncludes.swift
        )
        context.entry = entryContexts()  // Translator+Entry.swift
        return context
    }

    // MARK: resources

    private func resourceContext(_ resource: ResourceInfo) -> ResourceContext {
        let keyPath = "resources.\(resource.name)"
        let id = PropertyInfo(
            name: "id", swiftName: "id", wireKey: "id", type: .builtin(resource.idType), description: "The resource's identifier.",
            defaultValue: nil, readOnly: false, fixedValue: nil, keyPath: keyPath + ".id")
        let stored = [id] + resource.attributes.map(Self.decoded)
        let positions = Self.unsentPositions(resource.attributes)
        let properties = stored.map { property($0, container: "container", position: positions[$0.swiftName]) }
        let relationships = resource.relationships.map { relationshipContext($0) }
        let codingKeys = stored.map(codingKey) + resource.relationships.map { codingKey(swiftName: $0.swiftName, wireKey: $0.wireKey) }
        let operations = resource.operations.map(\.capabilityProtocol)
        var isRoot = false, isChild = false
        var collectionPath: String?, parent: String?, segment: String?
        switch resource.placement {
        case .none: break
        case .root(let path):
            isRoot = true
            collectionPath = SwiftSyntax.stringLiteral(path)
        case .child(let parentName, let pathSegment):
            isChild = true
            parent = parentName
            segment = SwiftSyntax.stringLiteral(pathSegment)
        }
        let unsent = resource.attributes.filter { positions[$0.swiftName] != nil }.map { SwiftNaming.escaped($0.swiftName) }
        return ResourceContext(
            access: access,
            spi: spi,
            resourceName: resource.name,
            resourceDoc: SwiftSyntax.docLines(resource.description, remark: keyPath),
            resourceTypeLiteral: SwiftSyntax.stringLiteral(resource.wireType),
            resourceProperties: properties,
            resourceRelationships: relationships,
            resourceUnsentProperties: unsent,
            resourceHasUnsent: !unsent.isEmpty,
            resourceCodingKeys: codingKeys,
            resourceCapabilities: operations,
            isRoot: isRoot, collectionPathLiteral: collectionPath,
            isChild: isChild, parentName: parent, pathSegmentLiteral: segment,
            includeCases: resource.includeSets.map { includeCase($0, resource: resource.name) },
            hasIncludeSets: !resource.includeSets.isEmpty,
            linkCases: resource.links.map(linkCase),
            hasLinks: !resource.links.isEmpty,
            operationList: resource.operations.map(\.rawValue).joined(separator: ", "),
            hasRelationships: !resource.relationships.isEmpty,
            hal: halContext(resource, id: id),  // HAL: Translator+HAL.swift
            jsonAPI: jsonAPIContexts(resource)
        )
    }

    /// The runtime type that holds a relationship of this cardinality: the one place the generator
    /// spells it (templates write `{{relationshipKind}}<Target>` and `{{relationshipKind}}()`).
    static func relationshipKind(isToMany: Bool) -> String { isToMany ? "ToMany" : "ToOne" }

    /// A relationship as data; `doc` defaults to the model's summary ("The to-one relationship to
    /// ``Person`` (may be absent).").
    func relationshipContext(_ relationship: RelationshipInfo, doc: String? = nil) -> RelationshipContext {
        let cardinality = relationship.isToMany ? "to-many" : "to-one"
        let summary = doc ?? relationship.description
            ?? "The \(cardinality) relationship to ``\(relationship.target)``\(relationship.isOptional ? " (may be absent)" : "")."
        return RelationshipContext(
            relationshipName: SwiftNaming.escaped(relationship.swiftName),
            relationshipKind: Self.relationshipKind(isToMany: relationship.isToMany),
            relationshipTarget: relationship.target,
            relationshipIsOptional: relationship.isOptional,
            relationshipIsToMany: relationship.isToMany,
            relationshipLinkageWhenIncluded: relationship.linkageWhenIncluded,
            relationshipKeyLiteral: SwiftSyntax.stringLiteral(relationship.wireKey),
            relationshipRelLiteral: SwiftSyntax.stringLiteral(relationship.rel),
            relationshipDoc: SwiftSyntax.docLines(summary, remark: relationship.keyPath)
        )
    }

    func includeCase(_ set: IncludeSetInfo, resource: String) -> IncludeCaseContext {
        includeCase(set, remark: "resources.\(resource).includes.\(set.name)")
    }

    func includeCase(_ set: IncludeSetInfo, remark: String) -> IncludeCaseContext {
        let paths = set.paths.map { steps in
            IncludePathContext(includeSteps: steps.map { step in
                IncludeStepContext(
                    includeStepIsToMany: step.isToMany,
                    includeStepKeyLiteral: SwiftSyntax.stringLiteral(step.wireKey),
                    includeStepRelLiteral: step.rel == step.wireKey ? nil : SwiftSyntax.stringLiteral(step.rel))
            })
        }
        let listed = set.paths.map { "`" + SwiftSyntax.commentText($0.map { $0.isToMany ? "[\($0.wireKey)]" : $0.wireKey }.joined(separator: ".")) + "`" }
        return IncludeCaseContext(
            includeCaseName: SwiftNaming.escaped(set.swiftName),
            includeDoc: SwiftSyntax.docLines("Includes " + listed.joined(separator: ", ") + ".", remark: remark),
            includePaths: paths
        )
    }

    func linkCase(_ link: LinkInfo) -> LinkCaseContext {
        let templated = link.templated ? " (an RFC 6570 template)" : ""
        return LinkCaseContext(
            linkCaseName: SwiftNaming.escaped(link.swiftName),
            linkRelLiteral: SwiftSyntax.stringLiteral(link.rel),
            linkDoc: SwiftSyntax.docLines((link.description ?? "The `\(SwiftSyntax.commentText(link.rel))` link.") + templated, remark: nil)
        )
    }

    // MARK: properties

    /// The optional attributes whose absence decoding records (`UnsentAttributes`), by Swift name, with
    /// their positions: those that decode as nil when absent. Write-only attributes are left out (the
    /// server never sends them; nil means "not set" there), and so are those with a default (absent
    /// means the default).
    static func unsentPositions(_ attributes: [PropertyInfo]) -> [String: Int] {
        let tracked = attributes.filter { $0.type.isOptional && !$0.writeOnly && ($0.defaultValue == nil || $0.defaultValue == .null) }
        return Dictionary(uniqueKeysWithValues: tracked.enumerated().map { ($1.swiftName, $0) })
    }

    /// `.date`, `.api(.iso8601)` or `.pattern("dd.MM.yyyy")`: a runtime `AttributeDateFormat`.
    static func dateFormatExpression(_ format: AttributeDateFormat) -> String {
        switch format {
        case .date: ".date"
        case .api(let format): ".api(.\(format.rawValue))"
        case .pattern(let pattern): ".pattern(\(SwiftSyntax.stringLiteral(pattern)))"
        case .anyOf(let formats): ".anyOf([\(formats.map(dateFormatExpression).joined(separator: ", "))])"
        }
    }

    /// The attribute as the decoded model holds it: a write-only attribute is optional (the server
    /// never sends it back) and has no default there (its default is the `New` initializer's).
    static func decoded(_ info: PropertyInfo) -> PropertyInfo {
        guard info.writeOnly else { return info }
        var decoded = info
        if !info.type.isOptional { decoded.type = .optional(info.type) }
        decoded.defaultValue = nil
        return decoded
    }

    /// A stored property as data, decoded from and encoded to `container` (an optional container when
    /// `containerIsOptional`: the member may be absent); with a `position` in `UnsentAttributes`,
    /// decoding records its absence and assigning it marks it known.
    func property(_ info: PropertyInfo, container: String, containerIsOptional: Bool = false, position: Int? = nil) -> PropertyContext {
        var description = info.description
        if info.readOnly {
            let note = "Read-only: set by the server."
            description = description.map { $0 + "\n\n" + note } ?? note
        }
        if info.writeOnly {
            let note = "Write-only: sent to the server, never expected back (nil in a decoded value unless the server echoes it)."
            description = description.map { $0 + "\n\n" + note } ?? note
        }
        // Only an optional defaults to `null`, which is nil: no fallback.
        let fallback = info.defaultValue.flatMap { $0 == .null ? nil : SwiftSyntax.literal($0, type: info.type) }
        return PropertyContext(
            propertyName: SwiftNaming.escaped(info.swiftName),
            propertyType: SwiftSyntax.typeName(info.type),
            propertyWrappedType: SwiftSyntax.typeName(info.type.unwrapped),
            propertyDoc: SwiftSyntax.docLines(description, remark: info.keyPath),
            propertyHasInternalSetter: info.readOnly && config.accessLevel != .internal,
            propertyParameterDefault: info.defaultValue.map { SwiftSyntax.literal($0, type: info.type) } ?? (info.type.isOptional ? "nil" : nil),
            propertyIsOptional: info.type.isOptional,
            propertyIsRequired: !info.type.isOptional && info.defaultValue == nil,
            propertyFallback: fallback,
            propertyDateFormat: info.dateFormat.map(Self.dateFormatExpression),
            propertyIsTracked: position != nil,
            propertyUnsentPosition: position ?? 0,
            propertyContainer: container,
            propertyContainerIsOptional: containerIsOptional,
            propertyIsReadOnly: info.readOnly,
            propertyIsWriteOnly: info.writeOnly,
            propertyKeyLiteral: SwiftSyntax.stringLiteral(info.wireKey),
            propertyJoinsWithComma: info.joinsWithComma
        )
    }

    /// `title` or `publishedAt = "published-at"`: one case of a coding-keys enum.
    func codingKey(_ info: PropertyInfo) -> CodingKeyContext {
        codingKey(swiftName: info.swiftName, wireKey: info.wireKey)
    }

    func codingKey(swiftName: String, wireKey: String) -> CodingKeyContext {
        CodingKeyContext(caseName: SwiftNaming.escaped(swiftName), rawValueLiteral: swiftName == wireKey ? nil : SwiftSyntax.stringLiteral(wireKey))
    }

    // MARK: objects and enums

    private func objectContext(_ object: ObjectInfo) -> ObjectContext {
        let attributes = object.attributes.map(Self.decoded)
        let codingKeys = attributes.map(codingKey)
        return ObjectContext(
            objectName: object.name,
            objectDoc: SwiftSyntax.docLines(object.description, remark: "objects.\(object.name)"),
            objectProperties: attributes.map { property($0, container: "container") },
            objectCodingKeys: codingKeys,
            objectHasCodingKeys: !codingKeys.isEmpty
        )
    }

    private func enumContext(_ info: EnumInfo) -> EnumContext {
        EnumContext(
            enumName: info.name,
            enumDoc: SwiftSyntax.docLines(
                (info.description.map { $0 + "\n\n" } ?? "") + "A value the schema does not list decodes as ``unknown(_:)`` instead of failing.",
                remark: "enums.\(info.name)"),
            enumCases: info.cases.map { EnumCaseContext(enumCaseName: SwiftNaming.escaped($0.swiftName), enumCaseLiteral: SwiftSyntax.stringLiteral($0.value)) }
        )
    }

    // MARK: requests

    private func requestContext(_ request: RequestInfo) -> RequestContext {
        var stored = request.pathParameters + request.query.filter { $0.fixedValue == nil } + request.headers.filter { $0.fixedValue == nil }
        var bodyFields: [PropertyInfo] = []
        var rawContentType: String?
        switch request.body {
        case .json(let type):
            stored.append(PropertyInfo(
                name: "payload", swiftName: "payload", wireKey: "payload", type: type, description: "The JSON body.",
                defaultValue: nil, readOnly: false, fixedValue: nil, keyPath: "requests.\(request.name).body"))
        case .form(let fields):
            stored += fields
            bodyFields = fields
        case .multipart(let parts):
            stored += parts
            bodyFields = parts
        case .raw(let contentType):
            stored.append(PropertyInfo(
                name: "data", swiftName: "data", wireKey: "data", type: .builtin(.data), description: "The raw body, sent as `\(SwiftSyntax.commentText(contentType))`.",
                defaultValue: nil, readOnly: false, fixedValue: nil, keyPath: "requests.\(request.name).body"))
            rawContentType = SwiftSyntax.stringLiteral(contentType)
        case nil:
            break
        }
        let path = request.path.map { piece in
            switch piece {
            case .literal(let text):
                return PathPieceContext(requestPathLiteral: SwiftSyntax.stringLiteral(text), requestPathParameter: nil)
            case .parameter(let name):
                let info = request.pathParameters.first { $0.swiftName == name } ?? PropertyInfo(
                    name: name, swiftName: name, wireKey: name, type: .builtin(.string), description: nil,
                    defaultValue: nil, readOnly: false, fixedValue: nil, keyPath: "requests.\(request.name).path")
                return PathPieceContext(requestPathLiteral: nil, requestPathParameter: property(info, container: "container"))
            }
        }
        func fixed(_ properties: [PropertyInfo]) -> [FixedParameterContext] {
            properties.compactMap { property in
                property.fixedValue.map { FixedParameterContext(fixedNameLiteral: SwiftSyntax.stringLiteral(property.wireKey), fixedValueLiteral: SwiftSyntax.stringLiteral($0)) }
            }
        }
        let query = request.query.filter { $0.fixedValue == nil }.map { property($0, container: "container") }
        let headers = request.headers.filter { $0.fixedValue == nil }.map { property($0, container: "container") }
        let fixedQuery = fixed(request.query)
        let fixedHeaders = fixed(request.headers)
        return RequestContext(
            requestName: request.name,
            requestDoc: SwiftSyntax.docLines(request.description, remark: "requests.\(request.name)"),
            responseType: request.response.map(SwiftSyntax.typeName) ?? "EmptyResponse",
            requestMethod: request.method.lowercased(),
            requiresAuth: request.requiresAuth,
            requestProperties: stored.map { property($0, container: "container") },
            requestPathPieces: path,
            requestQuery: query, hasQuery: !query.isEmpty,
            requestFixedQuery: fixedQuery, hasDefaultQuery: !fixedQuery.isEmpty,
            requestHeaders: headers, hasHeaders: !headers.isEmpty,
            requestFixedHeaders: fixedHeaders, hasDefaultHeaders: !fixedHeaders.isEmpty,
            requestBodyIsJSON: { if case .json = request.body { true } else { false } }(),
            requestBodyIsForm: { if case .form = request.body { true } else { false } }(),
            requestBodyIsMultipart: { if case .multipart = request.body { true } else { false } }(),
            requestBodyFields: bodyFields.map { property($0, container: "container") },
            requestBodyRawContentType: rawContentType,
            hasBody: request.body != nil
        )
    }
}
