// Generated from the render context structs by `make tables`
// (`RESGEN_RECORD=1 swift test --filter RenderNodeSourceTests`). Do not edit.

// How `TemplateInterpreter` reads the render contexts: every stored property under its own
// name (the keys `resgen dump-context` prints), looked up by a `RenderKey` resolved once per
// tag when the templates are compiled, and answered as a `RenderValue`.

/// Every key of every render context: what a tag's name is resolved to when the templates are
/// compiled. A name that is not a key is looked up as nil in every context.
enum RenderKey: String, CaseIterable {
    case acceptedIncludeCases
    case acceptedIncludesDoc
    case access
    case addressableUnions
    case apiDoc
    case apiName
    case baseURLLiteral
    case caseName
    case collectionAcceptedIncludeCases
    case collectionAcceptedIncludesDoc
    case collectionCapabilities
    case collectionDoc
    case collectionIsChild
    case collectionIsRoot
    case collectionParentName
    case collectionPathLiteral
    case collectionRestrictsIncludes
    case collectionRootPathLiteral
    case collectionSegmentLiteral
    case collectionTypeName
    case dateFormatCase
    case discriminatorByEmbeddedKey
    case discriminatorBySelfLink
    case discriminatorProperty
    case discriminatorValues
    case documentMetaType
    case entry
    case entryDoc
    case entryFormatCase
    case entryHasTemplatedLinks
    case entryLinkCases
    case entryPathLiteral
    case entryTemplatedLinks
    case enumCaseLiteral
    case enumCaseName
    case enumCases
    case enumDoc
    case enumName
    case enums
    case fixedNameLiteral
    case fixedValueLiteral
    case formatCase
    case formatModule
    case hal
    case halAttributes
    case halChangeAttributes
    case halChangesCompare
    case halCodingKeys
    case halEncodes
    case halHasChanges
    case halHasRelationships
    case halIDType
    case halLinkWrites
    case halPropertyWrites
    case halRelationships
    case halSentProperties
    case halWriteForm
    case halWriteIsLink
    case halWriteIsToMany
    case halWriteKey
    case halWriteName
    case halWritePropertyLiteral
    case halWriteRelLiteral
    case halWrites
    case hasBody
    case hasDefaultHeaders
    case hasDefaultQuery
    case hasHeaders
    case hasIncludeSets
    case hasLinks
    case hasNew
    case hasQuery
    case hasRelationships
    case hasSparse
    case header
    case includeCaseName
    case includeCases
    case includeDoc
    case includePaths
    case includeStepIsToMany
    case includeStepKeyLiteral
    case includeStepRelLiteral
    case includeSteps
    case includingRequests
    case includingUnions
    case isChild
    case isOptional
    case isRoot
    case jsonAPI
    case jsonAPIAttributes
    case jsonAPIAttributesRequired
    case jsonAPIFieldCases
    case jsonAPIHasAttributes
    case jsonAPIHasChanges
    case jsonAPIHasFields
    case jsonAPIHasRelationships
    case jsonAPIHasWritableAttributes
    case jsonAPIIDType
    case jsonAPIRelationships
    case jsonAPIWritableAttributes
    case linkCaseName
    case linkCases
    case linkDoc
    case linkRelLiteral
    case listArgumentDefault
    case listArgumentDoc
    case listArgumentIsFilter
    case listArgumentIsIncludeLimits
    case listArgumentIsLast
    case listArgumentIsScalar
    case listArgumentIsSort
    case listArgumentKeyLiteral
    case listArgumentLabel
    case listArgumentType
    case listArguments
    case listBuilderDoc
    case listBuilderOwner
    case listBuilderReturnType
    case listBuilderReturns
    case listBuilders
    case listCaseName
    case listCaseValueLiteral
    case listEnumCases
    case listEnumName
    case listFilterDoc
    case listFilterEnums
    case listFilterIsLast
    case listFilterJoinsWithComma
    case listFilterKeyLiteral
    case listFilterName
    case listFilterType
    case listFilters
    case listHasFilters
    case listHasIncludeLimits
    case listHasSortKeys
    case listIncludeLimits
    case listIncludeLimitsDoc
    case listLimitDoc
    case listLimitIsLast
    case listLimitKeyLiteral
    case listLimitName
    case listParameters
    case listResourceName
    case listSortDoc
    case listSortKeyLiteral
    case listSortKeys
    case listSortName
    case metaProperty
    case metaType
    case newAttributes
    case newHasAttributes
    case newHasClientID
    case newHasProperties
    case newProperties
    case newRelationships
    case objectCodingKeys
    case objectDoc
    case objectHasCodingKeys
    case objectName
    case objectProperties
    case objects
    case operationList
    case pagination
    case paginationArgumentIsLast
    case paginationArgumentLabel
    case paginationArgumentValue
    case paginationArguments
    case paginationCursorLiteral
    case paginationDoc
    case paginationFirstPage
    case paginationHasArguments
    case paginationIsCursor
    case paginationIsOffset
    case paginationIsPageNumber
    case paginationLimitLiteral
    case paginationNextCursorLiteral
    case paginationOffsetLiteral
    case paginationPageLiteral
    case paginationSizeLiteral
    case parentName
    case pathSegmentLiteral
    case property
    case propertyChangeKeyIsWireKey
    case propertyContainer
    case propertyContainerIsOptional
    case propertyDateFormat
    case propertyDoc
    case propertyFallback
    case propertyHasInternalSetter
    case propertyIsOptional
    case propertyIsReadOnly
    case propertyIsRequired
    case propertyIsTracked
    case propertyIsWriteOnly
    case propertyJoinsWithComma
    case propertyKeyLiteral
    case propertyName
    case propertyParameterDefault
    case propertyType
    case propertyUnsentPosition
    case propertyWrappedType
    case rawValueLiteral
    case relationshipDoc
    case relationshipIsOptional
    case relationshipIsToMany
    case relationshipKeyLiteral
    case relationshipKind
    case relationshipLinkageWhenIncluded
    case relationshipMetas
    case relationshipName
    case relationshipRelLiteral
    case relationshipTarget
    case requestBodyFields
    case requestBodyIsForm
    case requestBodyIsJSON
    case requestBodyIsMultipart
    case requestBodyRawContentType
    case requestDoc
    case requestFixedHeaders
    case requestFixedQuery
    case requestHeaders
    case requestIncludeCases
    case requestIncludeRoot
    case requestMethod
    case requestName
    case requestPathLiteral
    case requestPathParameter
    case requestPathPieces
    case requestProperties
    case requestQuery
    case requests
    case requiresAuth
    case resourceCapabilities
    case resourceCodingKeys
    case resourceDoc
    case resourceHasUnsent
    case resourceName
    case resourcePaths
    case resourceProperties
    case resourceRelationships
    case resourceTypeLiteral
    case resourceUnsentProperties
    case resources
    case responseType
    case restrictsIncludes
    case runtimeAPIVersionProtocol
    case sparseHasRelationships
    case sparseJSONAPIAttributes
    case sparseProperties
    case sparseRelationships
    case spi
    case typeName
    case unionCapabilities
    case unionCaseName
    case unionCollectionPathLiteral
    case unionDiscriminator
    case unionDoc
    case unionHasSparse
    case unionIncludeCases
    case unionIsHAL
    case unionMemberName
    case unionMembers
    case unionName
    case unionOperationList
    case unionSparseMembers
    case unionTypeLiteral
    case unions
}

extension APIContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .header: .list(header)
        case .runtimeAPIVersionProtocol: .string(runtimeAPIVersionProtocol)
        case .access: .string(access)
        case .spi: .string(spi)
        case .apiName: .string(apiName)
        case .apiDoc: .list(apiDoc)
        case .baseURLLiteral: baseURLLiteral.map { .string($0) }
        case .formatCase: .string(formatCase)
        case .formatModule: .string(formatModule)
        case .dateFormatCase: .string(dateFormatCase)
        case .resources: .list(resources)
        case .objects: .list(objects)
        case .enums: .list(enums)
        case .requests: .list(requests)
        case .unions: .list(unions)
        case .includingUnions: .list(includingUnions)
        case .addressableUnions: .list(addressableUnions)
        case .entry: .list(entry)
        case .includingRequests: .list(includingRequests)
        default: nil
        }
    }
}

extension CodingKeyContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .caseName: .string(caseName)
        case .rawValueLiteral: rawValueLiteral.map { .string($0) }
        default: nil
        }
    }
}

extension DiscriminatorContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .discriminatorProperty: discriminatorProperty.map { .string($0) }
        case .discriminatorValues: .list(discriminatorValues)
        case .discriminatorBySelfLink: .bool(discriminatorBySelfLink)
        case .discriminatorByEmbeddedKey: .bool(discriminatorByEmbeddedKey)
        default: nil
        }
    }
}

extension EntryContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .access: .string(access)
        case .entryDoc: .list(entryDoc)
        case .entryPathLiteral: .string(entryPathLiteral)
        case .entryFormatCase: .string(entryFormatCase)
        case .entryLinkCases: .list(entryLinkCases)
        case .entryTemplatedLinks: .list(entryTemplatedLinks)
        case .entryHasTemplatedLinks: .bool(entryHasTemplatedLinks)
        default: nil
        }
    }
}

extension EnumCaseContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .enumCaseName: .string(enumCaseName)
        case .enumCaseLiteral: .string(enumCaseLiteral)
        default: nil
        }
    }
}

extension EnumContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .enumName: .string(enumName)
        case .enumDoc: .list(enumDoc)
        case .enumCases: .list(enumCases)
        default: nil
        }
    }
}

extension FixedParameterContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .fixedNameLiteral: .string(fixedNameLiteral)
        case .fixedValueLiteral: .string(fixedValueLiteral)
        default: nil
        }
    }
}

extension HALResourceContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .access: .string(access)
        case .spi: .string(spi)
        case .resourceName: .string(resourceName)
        case .halCodingKeys: .list(halCodingKeys)
        case .halIDType: .string(halIDType)
        case .halAttributes: .list(halAttributes)
        case .halRelationships: .list(halRelationships)
        case .halHasRelationships: .bool(halHasRelationships)
        case .halSentProperties: .list(halSentProperties)
        case .halEncodes: .bool(halEncodes)
        case .halWrites: .list(halWrites)
        case .halPropertyWrites: .list(halPropertyWrites)
        case .halLinkWrites: .list(halLinkWrites)
        case .halHasChanges: .bool(halHasChanges)
        case .halChangeAttributes: .list(halChangeAttributes)
        case .halChangesCompare: .bool(halChangesCompare)
        default: nil
        }
    }
}

extension HALWriteContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .halWriteName: .string(halWriteName)
        case .halWriteIsToMany: .bool(halWriteIsToMany)
        case .halWriteForm: .string(halWriteForm)
        case .halWriteIsLink: .bool(halWriteIsLink)
        case .halWriteKey: .string(halWriteKey)
        case .halWriteRelLiteral: .string(halWriteRelLiteral)
        case .halWritePropertyLiteral: .string(halWritePropertyLiteral)
        default: nil
        }
    }
}

extension IncludeCaseContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .includeCaseName: .string(includeCaseName)
        case .includeDoc: .list(includeDoc)
        case .includePaths: .list(includePaths)
        default: nil
        }
    }
}

extension IncludePathContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .includeSteps: .list(includeSteps)
        default: nil
        }
    }
}

extension IncludeStepContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .includeStepIsToMany: .bool(includeStepIsToMany)
        case .includeStepKeyLiteral: .string(includeStepKeyLiteral)
        case .includeStepRelLiteral: includeStepRelLiteral.map { .string($0) }
        default: nil
        }
    }
}

extension JSONAPIResourceContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .access: .string(access)
        case .spi: .string(spi)
        case .resourceName: .string(resourceName)
        case .jsonAPIFieldCases: .list(jsonAPIFieldCases)
        case .jsonAPIHasFields: .bool(jsonAPIHasFields)
        case .jsonAPIIDType: .string(jsonAPIIDType)
        case .jsonAPIAttributes: .list(jsonAPIAttributes)
        case .jsonAPIHasAttributes: .bool(jsonAPIHasAttributes)
        case .jsonAPIAttributesRequired: .bool(jsonAPIAttributesRequired)
        case .jsonAPIHasWritableAttributes: .bool(jsonAPIHasWritableAttributes)
        case .jsonAPIWritableAttributes: .list(jsonAPIWritableAttributes)
        case .jsonAPIRelationships: .list(jsonAPIRelationships)
        case .jsonAPIHasRelationships: .bool(jsonAPIHasRelationships)
        case .jsonAPIHasChanges: .bool(jsonAPIHasChanges)
        case .hasSparse: .bool(hasSparse)
        case .sparseProperties: .list(sparseProperties)
        case .sparseJSONAPIAttributes: .list(sparseJSONAPIAttributes)
        case .sparseRelationships: .list(sparseRelationships)
        case .sparseHasRelationships: .bool(sparseHasRelationships)
        case .hasNew: .bool(hasNew)
        case .newProperties: .list(newProperties)
        case .newHasProperties: .bool(newHasProperties)
        case .newHasClientID: .bool(newHasClientID)
        case .newAttributes: .list(newAttributes)
        case .newHasAttributes: .bool(newHasAttributes)
        case .newRelationships: .list(newRelationships)
        case .metaType: metaType.map { .string($0) }
        case .documentMetaType: documentMetaType.map { .string($0) }
        case .relationshipMetas: .list(relationshipMetas)
        default: nil
        }
    }
}

extension LinkCaseContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .linkCaseName: .string(linkCaseName)
        case .linkRelLiteral: .string(linkRelLiteral)
        case .linkDoc: .list(linkDoc)
        default: nil
        }
    }
}

extension ListArgumentContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .listArgumentLabel: .string(listArgumentLabel)
        case .listArgumentType: .string(listArgumentType)
        case .listArgumentDefault: .string(listArgumentDefault)
        case .listArgumentDoc: .string(listArgumentDoc)
        case .listArgumentIsFilter: .bool(listArgumentIsFilter)
        case .listArgumentIsSort: .bool(listArgumentIsSort)
        case .listArgumentIsScalar: .bool(listArgumentIsScalar)
        case .listArgumentIsIncludeLimits: .bool(listArgumentIsIncludeLimits)
        case .listArgumentKeyLiteral: listArgumentKeyLiteral.map { .string($0) }
        case .listArgumentIsLast: .bool(listArgumentIsLast)
        default: nil
        }
    }
}

extension ListBuilderContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .listBuilderOwner: .string(listBuilderOwner)
        case .listBuilderReturnType: .string(listBuilderReturnType)
        case .listBuilderDoc: .list(listBuilderDoc)
        case .listBuilderReturns: .string(listBuilderReturns)
        default: nil
        }
    }
}

extension ListEnumCaseContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .listCaseName: .string(listCaseName)
        case .listCaseValueLiteral: .string(listCaseValueLiteral)
        default: nil
        }
    }
}

extension ListFilterContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .listFilterDoc: .list(listFilterDoc)
        case .listFilterName: .string(listFilterName)
        case .listFilterType: .string(listFilterType)
        case .listFilterKeyLiteral: .string(listFilterKeyLiteral)
        case .listFilterJoinsWithComma: .bool(listFilterJoinsWithComma)
        case .listFilterIsLast: .bool(listFilterIsLast)
        default: nil
        }
    }
}

extension ListFilterEnumContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .listEnumName: .string(listEnumName)
        case .listEnumCases: .list(listEnumCases)
        default: nil
        }
    }
}

extension ListIncludeLimitContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .listLimitName: .string(listLimitName)
        case .listLimitKeyLiteral: .string(listLimitKeyLiteral)
        case .listLimitDoc: .list(listLimitDoc)
        case .listLimitIsLast: .bool(listLimitIsLast)
        default: nil
        }
    }
}

extension ListParametersContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .access: .string(access)
        case .spi: .string(spi)
        case .listResourceName: .string(listResourceName)
        case .listHasFilters: .bool(listHasFilters)
        case .listFilterDoc: .list(listFilterDoc)
        case .listFilters: .list(listFilters)
        case .listFilterEnums: .list(listFilterEnums)
        case .listHasSortKeys: .bool(listHasSortKeys)
        case .listSortKeys: .list(listSortKeys)
        case .listHasIncludeLimits: .bool(listHasIncludeLimits)
        case .listIncludeLimitsDoc: .list(listIncludeLimitsDoc)
        case .listIncludeLimits: .list(listIncludeLimits)
        case .listArguments: .list(listArguments)
        case .listBuilders: .list(listBuilders)
        default: nil
        }
    }
}

extension ListSortKeyContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .listSortName: .string(listSortName)
        case .listSortKeyLiteral: .string(listSortKeyLiteral)
        case .listSortDoc: .list(listSortDoc)
        default: nil
        }
    }
}

extension ObjectContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .objectName: .string(objectName)
        case .objectDoc: .list(objectDoc)
        case .objectProperties: .list(objectProperties)
        case .objectCodingKeys: .list(objectCodingKeys)
        case .objectHasCodingKeys: .bool(objectHasCodingKeys)
        default: nil
        }
    }
}

extension PaginationArgumentContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .paginationArgumentLabel: .string(paginationArgumentLabel)
        case .paginationArgumentValue: .string(paginationArgumentValue)
        case .paginationArgumentIsLast: .bool(paginationArgumentIsLast)
        default: nil
        }
    }
}

extension PaginationContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .access: .string(access)
        case .paginationDoc: .list(paginationDoc)
        case .paginationIsPageNumber: .bool(paginationIsPageNumber)
        case .paginationIsOffset: .bool(paginationIsOffset)
        case .paginationIsCursor: .bool(paginationIsCursor)
        case .paginationPageLiteral: paginationPageLiteral.map { .string($0) }
        case .paginationSizeLiteral: paginationSizeLiteral.map { .string($0) }
        case .paginationOffsetLiteral: paginationOffsetLiteral.map { .string($0) }
        case .paginationLimitLiteral: paginationLimitLiteral.map { .string($0) }
        case .paginationCursorLiteral: paginationCursorLiteral.map { .string($0) }
        case .paginationFirstPage: paginationFirstPage.map { .string($0) }
        case .paginationNextCursorLiteral: paginationNextCursorLiteral.map { .string($0) }
        case .paginationHasArguments: .bool(paginationHasArguments)
        case .paginationArguments: .list(paginationArguments)
        default: nil
        }
    }
}

extension PathPieceContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .requestPathLiteral: requestPathLiteral.map { .string($0) }
        case .requestPathParameter: requestPathParameter.map { .node($0) }
        default: nil
        }
    }
}

extension PropertyContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .propertyName: .string(propertyName)
        case .propertyType: .string(propertyType)
        case .propertyWrappedType: .string(propertyWrappedType)
        case .propertyDoc: .list(propertyDoc)
        case .propertyHasInternalSetter: .bool(propertyHasInternalSetter)
        case .propertyParameterDefault: propertyParameterDefault.map { .string($0) }
        case .propertyIsOptional: .bool(propertyIsOptional)
        case .propertyIsRequired: .bool(propertyIsRequired)
        case .propertyFallback: propertyFallback.map { .string($0) }
        case .propertyDateFormat: propertyDateFormat.map { .string($0) }
        case .propertyIsTracked: .bool(propertyIsTracked)
        case .propertyUnsentPosition: .int(propertyUnsentPosition)
        case .propertyContainer: .string(propertyContainer)
        case .propertyContainerIsOptional: .bool(propertyContainerIsOptional)
        case .propertyIsReadOnly: .bool(propertyIsReadOnly)
        case .propertyIsWriteOnly: .bool(propertyIsWriteOnly)
        case .propertyKeyLiteral: .string(propertyKeyLiteral)
        case .propertyJoinsWithComma: .bool(propertyJoinsWithComma)
        case .propertyChangeKeyIsWireKey: .bool(propertyChangeKeyIsWireKey)
        default: nil
        }
    }
}

extension RelationshipContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .relationshipName: .string(relationshipName)
        case .relationshipKind: .string(relationshipKind)
        case .relationshipTarget: .string(relationshipTarget)
        case .relationshipIsOptional: .bool(relationshipIsOptional)
        case .relationshipIsToMany: .bool(relationshipIsToMany)
        case .relationshipLinkageWhenIncluded: .bool(relationshipLinkageWhenIncluded)
        case .relationshipKeyLiteral: .string(relationshipKeyLiteral)
        case .relationshipRelLiteral: .string(relationshipRelLiteral)
        case .relationshipDoc: .list(relationshipDoc)
        default: nil
        }
    }
}

extension RelationshipMetaContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .property: .string(property)
        case .metaProperty: .string(metaProperty)
        case .typeName: .string(typeName)
        case .isOptional: .bool(isOptional)
        default: nil
        }
    }
}

extension RequestContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .requestName: .string(requestName)
        case .requestDoc: .list(requestDoc)
        case .responseType: .string(responseType)
        case .requestMethod: .string(requestMethod)
        case .requiresAuth: .bool(requiresAuth)
        case .requestProperties: .list(requestProperties)
        case .requestPathPieces: .list(requestPathPieces)
        case .requestQuery: .list(requestQuery)
        case .hasQuery: .bool(hasQuery)
        case .requestFixedQuery: .list(requestFixedQuery)
        case .hasDefaultQuery: .bool(hasDefaultQuery)
        case .requestHeaders: .list(requestHeaders)
        case .hasHeaders: .bool(hasHeaders)
        case .requestFixedHeaders: .list(requestFixedHeaders)
        case .hasDefaultHeaders: .bool(hasDefaultHeaders)
        case .requestBodyIsJSON: .bool(requestBodyIsJSON)
        case .requestBodyIsForm: .bool(requestBodyIsForm)
        case .requestBodyIsMultipart: .bool(requestBodyIsMultipart)
        case .requestBodyFields: .list(requestBodyFields)
        case .requestBodyRawContentType: requestBodyRawContentType.map { .string($0) }
        case .hasBody: .bool(hasBody)
        default: nil
        }
    }
}

extension RequestIncludesContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .access: .string(access)
        case .requestName: .string(requestName)
        case .requestIncludeRoot: .string(requestIncludeRoot)
        case .requestIncludeCases: .list(requestIncludeCases)
        default: nil
        }
    }
}

extension ResourceContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .access: .string(access)
        case .spi: .string(spi)
        case .resourceName: .string(resourceName)
        case .resourceDoc: .list(resourceDoc)
        case .resourceTypeLiteral: .string(resourceTypeLiteral)
        case .resourceProperties: .list(resourceProperties)
        case .resourceRelationships: .list(resourceRelationships)
        case .resourceUnsentProperties: .list(resourceUnsentProperties)
        case .resourceHasUnsent: .bool(resourceHasUnsent)
        case .resourceCodingKeys: .list(resourceCodingKeys)
        case .resourceCapabilities: .list(resourceCapabilities)
        case .isRoot: .bool(isRoot)
        case .collectionPathLiteral: collectionPathLiteral.map { .string($0) }
        case .isChild: .bool(isChild)
        case .parentName: parentName.map { .string($0) }
        case .pathSegmentLiteral: pathSegmentLiteral.map { .string($0) }
        case .includeCases: .list(includeCases)
        case .hasIncludeSets: .bool(hasIncludeSets)
        case .linkCases: .list(linkCases)
        case .hasLinks: .bool(hasLinks)
        case .operationList: .string(operationList)
        case .hasRelationships: .bool(hasRelationships)
        case .hal: hal.map { .node($0) }
        case .jsonAPI: .list(jsonAPI)
        case .resourcePaths: .list(resourcePaths)
        case .pagination: pagination.map { .node($0) }
        case .listParameters: listParameters.map { .node($0) }
        case .restrictsIncludes: .bool(restrictsIncludes)
        case .acceptedIncludeCases: .list(acceptedIncludeCases)
        case .acceptedIncludesDoc: .list(acceptedIncludesDoc)
        default: nil
        }
    }
}

extension ResourcePathContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .access: .string(access)
        case .collectionTypeName: .string(collectionTypeName)
        case .collectionDoc: .list(collectionDoc)
        case .collectionCapabilities: .list(collectionCapabilities)
        case .collectionIsRoot: .bool(collectionIsRoot)
        case .collectionRootPathLiteral: collectionRootPathLiteral.map { .string($0) }
        case .collectionIsChild: .bool(collectionIsChild)
        case .collectionParentName: collectionParentName.map { .string($0) }
        case .collectionSegmentLiteral: collectionSegmentLiteral.map { .string($0) }
        case .collectionRestrictsIncludes: .bool(collectionRestrictsIncludes)
        case .collectionAcceptedIncludeCases: .list(collectionAcceptedIncludeCases)
        case .collectionAcceptedIncludesDoc: .list(collectionAcceptedIncludesDoc)
        default: nil
        }
    }
}

extension UnionContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .access: .string(access)
        case .spi: .string(spi)
        case .unionName: .string(unionName)
        case .unionDoc: .list(unionDoc)
        case .unionTypeLiteral: .string(unionTypeLiteral)
        case .unionMembers: .list(unionMembers)
        case .unionIsHAL: .bool(unionIsHAL)
        case .unionDiscriminator: .list(unionDiscriminator)
        case .unionCapabilities: .list(unionCapabilities)
        case .unionCollectionPathLiteral: unionCollectionPathLiteral.map { .string($0) }
        case .unionOperationList: .string(unionOperationList)
        case .unionIncludeCases: .list(unionIncludeCases)
        case .unionHasSparse: .bool(unionHasSparse)
        case .unionSparseMembers: .list(unionSparseMembers)
        default: nil
        }
    }
}

extension UnionMemberContext: RenderNode {
    /// The value of the stored property called `key`.
    func renderValue(_ key: RenderKey) -> RenderValue? {
        switch key {
        case .unionCaseName: .string(unionCaseName)
        case .unionMemberName: .string(unionMemberName)
        default: nil
        }
    }
}
