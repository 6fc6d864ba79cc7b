// Generated from the render context structs by `make render-context`
// (`RESGEN_RECORD=1 swift test --filter MustacheParentSourceTests`). Do not edit.

import Mustache

// Mustache looks values up through `MustacheParent`: a `switch` per key instead of Mirror
// reflection (about 4× faster) or an intermediate dictionary tree. Each switch lists every stored
// property under its own name, so templates see the same keys `resgen dump-context` prints.

extension APIContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "header": header
        case "runtimeAPIVersionProtocol": runtimeAPIVersionProtocol
        case "access": access
        case "spi": spi
        case "apiName": apiName
        case "apiDoc": apiDoc
        case "baseURLLiteral": baseURLLiteral
        case "formatCase": formatCase
        case "formatModule": formatModule
        case "dateFormatCase": dateFormatCase
        case "resources": resources
        case "objects": objects
        case "enums": enums
        case "requests": requests
        case "unions": unions
        case "includingUnions": includingUnions
        case "addressableUnions": addressableUnions
        case "entry": entry
        case "includingRequests": includingRequests
        default: nil
        }
    }
}

extension CodingKeyContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "caseName": caseName
        case "rawValueLiteral": rawValueLiteral
        default: nil
        }
    }
}

extension DiscriminatorContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "discriminatorProperty": discriminatorProperty
        case "discriminatorValues": discriminatorValues
        case "discriminatorBySelfLink": discriminatorBySelfLink
        case "discriminatorByEmbeddedKey": discriminatorByEmbeddedKey
        default: nil
        }
    }
}

extension EntryContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "access": access
        case "entryDoc": entryDoc
        case "entryPathLiteral": entryPathLiteral
        case "entryFormatCase": entryFormatCase
        case "entryLinkCases": entryLinkCases
        case "entryTemplatedLinks": entryTemplatedLinks
        case "entryHasTemplatedLinks": entryHasTemplatedLinks
        default: nil
        }
    }
}

extension EnumCaseContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "enumCaseName": enumCaseName
        case "enumCaseLiteral": enumCaseLiteral
        default: nil
        }
    }
}

extension EnumContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "enumName": enumName
        case "enumDoc": enumDoc
        case "enumCases": enumCases
        default: nil
        }
    }
}

extension FixedParameterContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "fixedNameLiteral": fixedNameLiteral
        case "fixedValueLiteral": fixedValueLiteral
        default: nil
        }
    }
}

extension HALResourceContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "access": access
        case "spi": spi
        case "resourceName": resourceName
        case "halCodingKeys": halCodingKeys
        case "halIDType": halIDType
        case "halAttributes": halAttributes
        case "halRelationships": halRelationships
        case "halHasRelationships": halHasRelationships
        case "halSentProperties": halSentProperties
        case "halEncodes": halEncodes
        case "halWrites": halWrites
        case "halPropertyWrites": halPropertyWrites
        case "halLinkWrites": halLinkWrites
        case "halHasChanges": halHasChanges
        case "halChangeAttributes": halChangeAttributes
        case "halChangesCompare": halChangesCompare
        default: nil
        }
    }
}

extension HALWriteContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "halWriteName": halWriteName
        case "halWriteIsToMany": halWriteIsToMany
        case "halWriteForm": halWriteForm
        case "halWriteIsLink": halWriteIsLink
        case "halWriteKey": halWriteKey
        case "halWriteRelLiteral": halWriteRelLiteral
        case "halWritePropertyLiteral": halWritePropertyLiteral
        default: nil
        }
    }
}

extension IncludeCaseContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "includeCaseName": includeCaseName
        case "includeDoc": includeDoc
        case "includePaths": includePaths
        default: nil
        }
    }
}

extension IncludePathContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "includeSteps": includeSteps
        default: nil
        }
    }
}

extension IncludeStepContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "includeStepIsToMany": includeStepIsToMany
        case "includeStepKeyLiteral": includeStepKeyLiteral
        case "includeStepRelLiteral": includeStepRelLiteral
        default: nil
        }
    }
}

extension JSONAPIResourceContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "access": access
        case "spi": spi
        case "resourceName": resourceName
        case "jsonAPIFieldCases": jsonAPIFieldCases
        case "jsonAPIHasFields": jsonAPIHasFields
        case "jsonAPIIDType": jsonAPIIDType
        case "jsonAPIAttributes": jsonAPIAttributes
        case "jsonAPIHasAttributes": jsonAPIHasAttributes
        case "jsonAPIAttributesRequired": jsonAPIAttributesRequired
        case "jsonAPIHasWritableAttributes": jsonAPIHasWritableAttributes
        case "jsonAPIWritableAttributes": jsonAPIWritableAttributes
        case "jsonAPIRelationships": jsonAPIRelationships
        case "jsonAPIHasRelationships": jsonAPIHasRelationships
        case "jsonAPIHasChanges": jsonAPIHasChanges
        case "hasSparse": hasSparse
        case "sparseProperties": sparseProperties
        case "sparseJSONAPIAttributes": sparseJSONAPIAttributes
        case "sparseRelationships": sparseRelationships
        case "sparseHasRelationships": sparseHasRelationships
        case "hasNew": hasNew
        case "newProperties": newProperties
        case "newHasProperties": newHasProperties
        case "newHasClientID": newHasClientID
        case "newAttributes": newAttributes
        case "newHasAttributes": newHasAttributes
        case "newRelationships": newRelationships
        case "metaType": metaType
        case "documentMetaType": documentMetaType
        case "relationshipMetas": relationshipMetas
        default: nil
        }
    }
}

extension LinkCaseContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "linkCaseName": linkCaseName
        case "linkRelLiteral": linkRelLiteral
        case "linkDoc": linkDoc
        default: nil
        }
    }
}

extension ListArgumentContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "listArgumentLabel": listArgumentLabel
        case "listArgumentType": listArgumentType
        case "listArgumentDefault": listArgumentDefault
        case "listArgumentDoc": listArgumentDoc
        case "listArgumentIsFilter": listArgumentIsFilter
        case "listArgumentIsSort": listArgumentIsSort
        case "listArgumentIsScalar": listArgumentIsScalar
        case "listArgumentIsIncludeLimits": listArgumentIsIncludeLimits
        case "listArgumentKeyLiteral": listArgumentKeyLiteral
        case "listArgumentIsLast": listArgumentIsLast
        default: nil
        }
    }
}

extension ListBuilderContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "listBuilderOwner": listBuilderOwner
        case "listBuilderReturnType": listBuilderReturnType
        case "listBuilderDoc": listBuilderDoc
        case "listBuilderReturns": listBuilderReturns
        default: nil
        }
    }
}

extension ListEnumCaseContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "listCaseName": listCaseName
        case "listCaseValueLiteral": listCaseValueLiteral
        default: nil
        }
    }
}

extension ListFilterContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "listFilterDoc": listFilterDoc
        case "listFilterName": listFilterName
        case "listFilterType": listFilterType
        case "listFilterKeyLiteral": listFilterKeyLiteral
        case "listFilterJoinsWithComma": listFilterJoinsWithComma
        case "listFilterIsLast": listFilterIsLast
        default: nil
        }
    }
}

extension ListFilterEnumContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "listEnumName": listEnumName
        case "listEnumCases": listEnumCases
        default: nil
        }
    }
}

extension ListIncludeLimitContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "listLimitName": listLimitName
        case "listLimitKeyLiteral": listLimitKeyLiteral
        case "listLimitDoc": listLimitDoc
        case "listLimitIsLast": listLimitIsLast
        default: nil
        }
    }
}

extension ListParametersContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "access": access
        case "spi": spi
        case "listResourceName": listResourceName
        case "listHasFilters": listHasFilters
        case "listFilterDoc": listFilterDoc
        case "listFilters": listFilters
        case "listFilterEnums": listFilterEnums
        case "listHasSortKeys": listHasSortKeys
        case "listSortKeys": listSortKeys
        case "listHasIncludeLimits": listHasIncludeLimits
        case "listIncludeLimitsDoc": listIncludeLimitsDoc
        case "listIncludeLimits": listIncludeLimits
        case "listArguments": listArguments
        case "listBuilders": listBuilders
        default: nil
        }
    }
}

extension ListSortKeyContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "listSortName": listSortName
        case "listSortKeyLiteral": listSortKeyLiteral
        case "listSortDoc": listSortDoc
        default: nil
        }
    }
}

extension ObjectContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "objectName": objectName
        case "objectDoc": objectDoc
        case "objectProperties": objectProperties
        case "objectCodingKeys": objectCodingKeys
        case "objectHasCodingKeys": objectHasCodingKeys
        default: nil
        }
    }
}

extension PaginationArgumentContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "paginationArgumentLabel": paginationArgumentLabel
        case "paginationArgumentValue": paginationArgumentValue
        case "paginationArgumentIsLast": paginationArgumentIsLast
        default: nil
        }
    }
}

extension PaginationContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "access": access
        case "paginationDoc": paginationDoc
        case "paginationIsPageNumber": paginationIsPageNumber
        case "paginationIsOffset": paginationIsOffset
        case "paginationIsCursor": paginationIsCursor
        case "paginationPageLiteral": paginationPageLiteral
        case "paginationSizeLiteral": paginationSizeLiteral
        case "paginationOffsetLiteral": paginationOffsetLiteral
        case "paginationLimitLiteral": paginationLimitLiteral
        case "paginationCursorLiteral": paginationCursorLiteral
        case "paginationFirstPage": paginationFirstPage
        case "paginationNextCursorLiteral": paginationNextCursorLiteral
        case "paginationHasArguments": paginationHasArguments
        case "paginationArguments": paginationArguments
        default: nil
        }
    }
}

extension PathPieceContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "requestPathLiteral": requestPathLiteral
        case "requestPathParameter": requestPathParameter
        default: nil
        }
    }
}

extension PropertyContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "propertyName": propertyName
        case "propertyType": propertyType
        case "propertyWrappedType": propertyWrappedType
        case "propertyDoc": propertyDoc
        case "propertyHasInternalSetter": propertyHasInternalSetter
        case "propertyParameterDefault": propertyParameterDefault
        case "propertyIsOptional": propertyIsOptional
        case "propertyIsRequired": propertyIsRequired
        case "propertyFallback": propertyFallback
        case "propertyDateFormat": propertyDateFormat
        case "propertyIsTracked": propertyIsTracked
        case "propertyUnsentPosition": propertyUnsentPosition
        case "propertyContainer": propertyContainer
        case "propertyContainerIsOptional": propertyContainerIsOptional
        case "propertyIsReadOnly": propertyIsReadOnly
        case "propertyIsWriteOnly": propertyIsWriteOnly
        case "propertyKeyLiteral": propertyKeyLiteral
        case "propertyJoinsWithComma": propertyJoinsWithComma
        case "propertyChangeKeyIsWireKey": propertyChangeKeyIsWireKey
        default: nil
        }
    }
}

extension RelationshipContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "relationshipName": relationshipName
        case "relationshipKind": relationshipKind
        case "relationshipTarget": relationshipTarget
        case "relationshipIsOptional": relationshipIsOptional
        case "relationshipIsToMany": relationshipIsToMany
        case "relationshipLinkageWhenIncluded": relationshipLinkageWhenIncluded
        case "relationshipKeyLiteral": relationshipKeyLiteral
        case "relationshipRelLiteral": relationshipRelLiteral
        case "relationshipDoc": relationshipDoc
        default: nil
        }
    }
}

extension RelationshipMetaContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "property": property
        case "metaProperty": metaProperty
        case "typeName": typeName
        case "isOptional": isOptional
        default: nil
        }
    }
}

extension RequestContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "requestName": requestName
        case "requestDoc": requestDoc
        case "responseType": responseType
        case "requestMethod": requestMethod
        case "requiresAuth": requiresAuth
        case "requestProperties": requestProperties
        case "requestPathPieces": requestPathPieces
        case "requestQuery": requestQuery
        case "hasQuery": hasQuery
        case "requestFixedQuery": requestFixedQuery
        case "hasDefaultQuery": hasDefaultQuery
        case "requestHeaders": requestHeaders
        case "hasHeaders": hasHeaders
        case "requestFixedHeaders": requestFixedHeaders
        case "hasDefaultHeaders": hasDefaultHeaders
        case "requestBodyIsJSON": requestBodyIsJSON
        case "requestBodyIsForm": requestBodyIsForm
        case "requestBodyIsMultipart": requestBodyIsMultipart
        case "requestBodyFields": requestBodyFields
        case "requestBodyRawContentType": requestBodyRawContentType
        case "hasBody": hasBody
        default: nil
        }
    }
}

extension RequestIncludesContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "access": access
        case "requestName": requestName
        case "requestIncludeRoot": requestIncludeRoot
        case "requestIncludeCases": requestIncludeCases
        default: nil
        }
    }
}

extension ResourceContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "access": access
        case "spi": spi
        case "resourceName": resourceName
        case "resourceDoc": resourceDoc
        case "resourceTypeLiteral": resourceTypeLiteral
        case "resourceProperties": resourceProperties
        case "resourceRelationships": resourceRelationships
        case "resourceUnsentProperties": resourceUnsentProperties
        case "resourceHasUnsent": resourceHasUnsent
        case "resourceCodingKeys": resourceCodingKeys
        case "resourceCapabilities": resourceCapabilities
        case "isRoot": isRoot
        case "collectionPathLiteral": collectionPathLiteral
        case "isChild": isChild
        case "parentName": parentName
        case "pathSegmentLiteral": pathSegmentLiteral
        case "includeCases": includeCases
        case "hasIncludeSets": hasIncludeSets
        case "linkCases": linkCases
        case "hasLinks": hasLinks
        case "operationList": operationList
        case "hasRelationships": hasRelationships
        case "hal": hal
        case "jsonAPI": jsonAPI
        case "resourcePaths": resourcePaths
        case "pagination": pagination
        case "listParameters": listParameters
        default: nil
        }
    }
}

extension ResourcePathContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "access": access
        case "collectionTypeName": collectionTypeName
        case "collectionDoc": collectionDoc
        case "collectionCapabilities": collectionCapabilities
        case "collectionIsRoot": collectionIsRoot
        case "collectionRootPathLiteral": collectionRootPathLiteral
        case "collectionIsChild": collectionIsChild
        case "collectionParentName": collectionParentName
        case "collectionSegmentLiteral": collectionSegmentLiteral
        default: nil
        }
    }
}

extension UnionContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "access": access
        case "spi": spi
        case "unionName": unionName
        case "unionDoc": unionDoc
        case "unionTypeLiteral": unionTypeLiteral
        case "unionMembers": unionMembers
        case "unionIsHAL": unionIsHAL
        case "unionDiscriminator": unionDiscriminator
        case "unionCapabilities": unionCapabilities
        case "unionCollectionPathLiteral": unionCollectionPathLiteral
        case "unionOperationList": unionOperationList
        case "unionIncludeCases": unionIncludeCases
        case "unionHasSparse": unionHasSparse
        case "unionSparseMembers": unionSparseMembers
        default: nil
        }
    }
}

extension UnionMemberContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "unionCaseName": unionCaseName
        case "unionMemberName": unionMemberName
        default: nil
        }
    }
}
