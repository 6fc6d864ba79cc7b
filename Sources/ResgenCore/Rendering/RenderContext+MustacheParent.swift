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
        case "baseURLExpression": baseURLExpression
        case "formatCase": formatCase
        case "formatModule": formatModule
        case "dateFormatCase": dateFormatCase
        case "resources": resources
        case "objects": objects
        case "enums": enums
        case "requests": requests
        case "resourceTypeList": resourceTypeList
        case "includingResources": includingResources
        case "addressableResources": addressableResources
        case "unions": unions
        case "includingUnions": includingUnions
        case "addressableUnions": addressableUnions
        case "resourcesWithPaths": resourcesWithPaths
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

extension EntryContext: MustacheParent {
    /// The value of the stored property called `key`.
    public func child(named key: String) -> Any? {
        switch key {
        case "access": access
        case "entryDoc": entryDoc
        case "entryPathLiteral": entryPathLiteral
        case "entryFormatCase": entryFormatCase
        case "entryLinkCases": entryLinkCases
        case "entryTemplatedLinkList": entryTemplatedLinkList
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
        case "enumKnownCases": enumKnownCases
        case "enumCases": enumCases
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
        case "halDecodeStatements": halDecodeStatements
        case "halEncodeStatements": halEncodeStatements
        case "halRelationLines": halRelationLines
        case "halHasChanges": halHasChanges
        case "halChangeStatements": halChangeStatements
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
        case "includePathsExpression": includePathsExpression
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
        case "jsonAPIDecodeStatements": jsonAPIDecodeStatements
        case "jsonAPIEncodeStatements": jsonAPIEncodeStatements
        case "jsonAPIChangeStatements": jsonAPIChangeStatements
        case "jsonAPIRelationshipKeyExpression": jsonAPIRelationshipKeyExpression
        case "hasSparse": hasSparse
        case "sparsePropertyDeclarations": sparsePropertyDeclarations
        case "sparseInitializedProperties": sparseInitializedProperties
        case "sparseDecodeStatements": sparseDecodeStatements
        case "sparseEncodeStatements": sparseEncodeStatements
        case "sparseInitParameters": sparseInitParameters
        case "sparseJSONAPIDecodeStatements": sparseJSONAPIDecodeStatements
        case "sparseHasRelationships": sparseHasRelationships
        case "sparseVisitCases": sparseVisitCases
        case "hasNew": hasNew
        case "newPropertyDeclarations": newPropertyDeclarations
        case "newInitializedProperties": newInitializedProperties
        case "newInitParameters": newInitParameters
        case "newEncodeStatements": newEncodeStatements
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
        case "linkCase": linkCase
        case "linkDoc": linkDoc
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
        case "objectPropertyDeclarations": objectPropertyDeclarations
        case "objectInitializedProperties": objectInitializedProperties
        case "objectDecodeStatements": objectDecodeStatements
        case "objectEncodeStatements": objectEncodeStatements
        case "objectInitParameters": objectInitParameters
        case "objectCodingKeys": objectCodingKeys
        case "objectHasCodingKeys": objectHasCodingKeys
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
        case "methodExpression": methodExpression
        case "requiresAuth": requiresAuth
        case "requestPropertyDeclarations": requestPropertyDeclarations
        case "requestInitializedProperties": requestInitializedProperties
        case "requestInitParameters": requestInitParameters
        case "pathComponentsExpression": pathComponentsExpression
        case "queryStatements": queryStatements
        case "hasQuery": hasQuery
        case "defaultQueryItems": defaultQueryItems
        case "hasDefaultQuery": hasDefaultQuery
        case "headerStatements": headerStatements
        case "hasHeaders": hasHeaders
        case "defaultHeaders": defaultHeaders
        case "hasDefaultHeaders": hasDefaultHeaders
        case "bodyStatements": bodyStatements
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
        case "resourceConformances": resourceConformances
        case "resourceTypeLiteral": resourceTypeLiteral
        case "resourcePropertyDeclarations": resourcePropertyDeclarations
        case "resourceUnsentDeclarations": resourceUnsentDeclarations
        case "resourceInitializedProperties": resourceInitializedProperties
        case "resourceDecodeStatements": resourceDecodeStatements
        case "resourceEncodeStatements": resourceEncodeStatements
        case "resourceCodingKeys": resourceCodingKeys
        case "resourceInitParameters": resourceInitParameters
        case "pathConformances": pathConformances
        case "isRoot": isRoot
        case "collectionPathLiteral": collectionPathLiteral
        case "isChild": isChild
        case "parentName": parentName
        case "pathSegmentLiteral": pathSegmentLiteral
        case "includeCases": includeCases
        case "linkCases": linkCases
        case "hasLinks": hasLinks
        case "operationList": operationList
        case "hasRelationships": hasRelationships
        case "relationshipKeyLiterals": relationshipKeyLiterals
        case "relationshipVisitCases": relationshipVisitCases
        case "hal": hal
        case "jsonAPI": jsonAPI
        case "resourcePaths": resourcePaths
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
        case "collectionConformances": collectionConformances
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
        case "unionMemberTypeList": unionMemberTypeList
        case "unionIsHAL": unionIsHAL
        case "unionDiscriminatorExpression": unionDiscriminatorExpression
        case "unionPathConformances": unionPathConformances
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
