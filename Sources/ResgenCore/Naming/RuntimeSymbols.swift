// Generated from the symbol graphs of ResgenRuntime and the standard library by
// `RESGEN_RECORD=1 swift test --filter RuntimeSymbolsTests`. Do not edit.

/// ResgenRuntime's public declarations, as far as they decide which names a schema can use: its
/// top-level type names, and the protocols generated types conform to (the runtime's and the
/// standard library's they refine or generated code names). See ``GeneratedNames``.
///
/// The generator does not depend on the runtime module, so this table is committed;
/// `RuntimeSymbolsTests` fails when the runtime changed and the table was not regenerated.
enum RuntimeSymbols {
    /// ResgenRuntime's public top-level types, protocols and type aliases.
    static let typeNames: Set<String> = [
        "APIDefinition",
        "APIRequest",
        "AddressesInstance",
        "AtomicBatch",
        "AtomicRef",
        "AtomicRelationship",
        "AtomicResultMissing",
        "AtomicResults",
        "AttributeDateFormat",
        "AuthMiddleware",
        "ByteRange",
        "ChildCollection",
        "ChildResource",
        "ChildStep",
        "Client",
        "ClientError",
        "ClientMiddleware",
        "CollectionStep",
        "ContentRange",
        "CreatableCollection",
        "Credential",
        "CredentialFieldNames",
        "CredentialProvider",
        "CursorPageRequest",
        "CursorPagination",
        "CursorPaginationError",
        "DateFormat",
        "DateWireValue",
        "DeletableCollection",
        "DownloadedFile",
        "EmptyResponse",
        "EncodedBody",
        "EntityTag",
        "EntryDocument",
        "EntryLink",
        "EntryPoint",
        "ExecutableOperation",
        "Fieldset",
        "Fieldsets",
        "HALChanges",
        "HALCodec",
        "HALCollection",
        "HALDecoded",
        "HALDecoding",
        "HALDocument",
        "HALEmbedded",
        "HALKey",
        "HALLink",
        "HALLinks",
        "HALRelation",
        "HALRelationshipValue",
        "HALResource",
        "HALTraversal",
        "HALTraversalError",
        "HALTraversalFailure",
        "HALTraversalOptions",
        "HALUnionDiscriminator",
        "HALWrite",
        "HALWriteForm",
        "HALWriteLinks",
        "HTTPCache",
        "HTTPMethod",
        "HasIncludes",
        "HeaderField",
        "InMemoryCredentialStore",
        "IncludePath",
        "IncludeResolution",
        "IncludeSet",
        "IncludeStep",
        "IncludeTraversal",
        "IncludeTree",
        "IncludingRequest",
        "IsCreatable",
        "IsDeletable",
        "IsListable",
        "IsPatchable",
        "IsReplaceable",
        "IsShowable",
        "JSONAPICodec",
        "JSONAPIDocument",
        "JSONAPIDocumentMetaDeclaring",
        "JSONAPIErrorObject",
        "JSONAPIField",
        "JSONAPIIdentifier",
        "JSONAPIIdentifierObject",
        "JSONAPILink",
        "JSONAPILinkage",
        "JSONAPILinkageIdentifier",
        "JSONAPILinks",
        "JSONAPIMediaType",
        "JSONAPIObject",
        "JSONAPIObjectFieldsReader",
        "JSONAPIObjectFieldsWriter",
        "JSONAPIObjectRelationshipsReader",
        "JSONAPIObjectRelationshipsWriter",
        "JSONAPIPageRequest",
        "JSONAPIPlainFieldsReader",
        "JSONAPIPlainFieldsWriter",
        "JSONAPIRelationshipKey",
        "JSONAPIResource",
        "JSONAPIResourceExtras",
        "JSONAPIResourceFieldsReader",
        "JSONAPIResourceFieldsWriter",
        "JSONAPIResourceKey",
        "JSONAPIResourceRelationshipsReader",
        "JSONAPIResourceRelationshipsWriter",
        "JSONAPISort",
        "JSONAPITapeRelationship",
        "JSONAPITapeRelationships",
        "JSONAPITypeMismatch",
        "JSONValue",
        "ListableCollection",
        "LoggingMiddleware",
        "MiddlewareContext",
        "MultipartEncoder",
        "MultipartFile",
        "MultipartPart",
        "Op",
        "Origin",
        "OutgoingBody",
        "Page",
        "PageDirection",
        "PageSequence",
        "ParameterValue",
        "PatchableCollection",
        "PathComponent",
        "PlainJSONCodec",
        "ProblemDetails",
        "QueryItem",
        "RangeHeader",
        "RawResponse",
        "RelationshipVisitor",
        "ReplaceableCollection",
        "RequestBody",
        "RequestBodyEncoder",
        "ResgenRuntimeAPI",
        "ResgenRuntimeAPIVersion2_IfMissingUpdateResgenRuntimeOrRegenerate",
        "Resource",
        "ResourceChanges",
        "ResourceCodec",
        "ResourceCollection",
        "ResourceIdentity",
        "ResourceOperation",
        "ResourcePath",
        "ResourceUnion",
        "ResourceUnionID",
        "ResponseBody",
        "ResponseContext",
        "ResponseMetadata",
        "ResponseTooLargeError",
        "RetryMiddleware",
        "RootCollection",
        "RootResource",
        "ServerErrorDocument",
        "ShowableCollection",
        "SparseFieldsetResource",
        "SparseFieldsetUnion",
        "SpillLimitError",
        "StreamedResponse",
        "TemplateVariables",
        "TemporaryFile",
        "ToMany",
        "ToOne",
        "TransferProgress",
        "Transport",
        "TransportError",
        "TransportOptions",
        "URITemplate",
        "URLSessionTransport",
        "UnsentAttributes",
        "VndError",
        "WireFormat",
        "WriteOutcome",
        "WriteReply",
    ]

    /// Protocols by name, with what a conforming type gets from each.
    static let protocols: [String: RuntimeProtocol] = [
        "APIDefinition": RuntimeProtocol(
            module: "ResgenRuntime", refines: [], associatedTypes: [],
            instanceProperties: [], typeProperties: ["dateFormat", "defaultBaseURL", "format", "resourceTypes"]),
        "APIRequest": RuntimeProtocol(
            module: "ResgenRuntime", refines: [], associatedTypes: ["Response"],
            instanceProperties: ["body", "headers", "path", "pathComponents", "queryItems"], typeProperties: ["defaultHeaders", "defaultQueryItems", "method", "requiresAuth"]),
        "AddressesInstance": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["ResourceOperation"], associatedTypes: [],
            instanceProperties: [], typeProperties: []),
        "CaseIterable": RuntimeProtocol(
            module: "Swift", refines: [], associatedTypes: ["AllCases"],
            instanceProperties: [], typeProperties: ["allCases"]),
        "ChildCollection": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["ResourceCollection"], associatedTypes: ["Parent"],
            instanceProperties: [], typeProperties: ["pathSegment"]),
        "ChildResource": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["Hashable", "Identifiable", "Resource"], associatedTypes: ["Parent"],
            instanceProperties: [], typeProperties: ["pathSegment"]),
        "CodingKey": RuntimeProtocol(
            module: "Swift", refines: ["CustomDebugStringConvertible", "CustomStringConvertible"], associatedTypes: [],
            instanceProperties: ["intValue", "stringValue"], typeProperties: []),
        "CreatableCollection": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["ResourceCollection"], associatedTypes: [],
            instanceProperties: [], typeProperties: []),
        "CustomDebugStringConvertible": RuntimeProtocol(
            module: "Swift", refines: [], associatedTypes: [],
            instanceProperties: ["debugDescription"], typeProperties: []),
        "CustomStringConvertible": RuntimeProtocol(
            module: "Swift", refines: [], associatedTypes: [],
            instanceProperties: ["description"], typeProperties: []),
        "DeletableCollection": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["ResourceCollection"], associatedTypes: [],
            instanceProperties: [], typeProperties: []),
        "EntryPoint": RuntimeProtocol(
            module: "ResgenRuntime", refines: [], associatedTypes: ["Link"],
            instanceProperties: [], typeProperties: ["format", "path", "templatedLinks"]),
        "ExecutableOperation": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["ResourceOperation"], associatedTypes: [],
            instanceProperties: [], typeProperties: ["httpMethod"]),
        "HALResource": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["Hashable", "Identifiable", "Resource"], associatedTypes: [],
            instanceProperties: ["links"], typeProperties: ["halRelations"]),
        "HasIncludes": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["Hashable", "Identifiable", "Resource"], associatedTypes: ["Include"],
            instanceProperties: [], typeProperties: []),
        "Hashable": RuntimeProtocol(
            module: "Swift", refines: [], associatedTypes: [],
            instanceProperties: ["hashValue"], typeProperties: []),
        "Identifiable": RuntimeProtocol(
            module: "Swift", refines: [], associatedTypes: ["ID"],
            instanceProperties: ["id"], typeProperties: []),
        "IncludeSet": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["CaseIterable", "Hashable"], associatedTypes: ["Root"],
            instanceProperties: ["includeQuery", "paths"], typeProperties: []),
        "IncludingRequest": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["APIRequest"], associatedTypes: ["Include"],
            instanceProperties: [], typeProperties: []),
        "IsCreatable": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["Hashable", "Identifiable", "Resource"], associatedTypes: [],
            instanceProperties: [], typeProperties: []),
        "IsDeletable": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["Hashable", "Identifiable", "Resource"], associatedTypes: [],
            instanceProperties: [], typeProperties: []),
        "IsListable": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["Hashable", "Identifiable", "Resource"], associatedTypes: [],
            instanceProperties: [], typeProperties: []),
        "IsPatchable": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["Hashable", "Identifiable", "Resource"], associatedTypes: [],
            instanceProperties: [], typeProperties: []),
        "IsReplaceable": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["Hashable", "Identifiable", "Resource"], associatedTypes: [],
            instanceProperties: [], typeProperties: []),
        "IsShowable": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["Hashable", "Identifiable", "Resource"], associatedTypes: [],
            instanceProperties: [], typeProperties: []),
        "JSONAPIDocumentMetaDeclaring": RuntimeProtocol(
            module: "ResgenRuntime", refines: [], associatedTypes: ["DocumentMeta"],
            instanceProperties: [], typeProperties: []),
        "JSONAPIField": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["CaseIterable", "Hashable", "RawRepresentable"], associatedTypes: [],
            instanceProperties: [], typeProperties: []),
        "JSONAPIIdentifier": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["Hashable"], associatedTypes: [],
            instanceProperties: ["jsonAPIString"], typeProperties: []),
        "JSONAPIResource": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["Hashable", "Identifiable", "Resource"], associatedTypes: ["Field"],
            instanceProperties: ["jsonAPI"], typeProperties: []),
        "JSONAPIResourceFieldsReader": RuntimeProtocol(
            module: "ResgenRuntime", refines: [], associatedTypes: ["Key", "Relationships"],
            instanceProperties: [], typeProperties: []),
        "JSONAPIResourceFieldsWriter": RuntimeProtocol(
            module: "ResgenRuntime", refines: [], associatedTypes: ["Key", "Relationships"],
            instanceProperties: ["isPlain"], typeProperties: []),
        "JSONAPIResourceRelationshipsReader": RuntimeProtocol(
            module: "ResgenRuntime", refines: [], associatedTypes: ["Key"],
            instanceProperties: [], typeProperties: []),
        "JSONAPIResourceRelationshipsWriter": RuntimeProtocol(
            module: "ResgenRuntime", refines: [], associatedTypes: ["Key"],
            instanceProperties: [], typeProperties: []),
        "ListableCollection": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["ResourceCollection"], associatedTypes: [],
            instanceProperties: [], typeProperties: []),
        "ParameterValue": RuntimeProtocol(
            module: "ResgenRuntime", refines: [], associatedTypes: [],
            instanceProperties: ["parameterValue"], typeProperties: []),
        "PatchableCollection": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["ResourceCollection"], associatedTypes: [],
            instanceProperties: [], typeProperties: []),
        "RawRepresentable": RuntimeProtocol(
            module: "Swift", refines: [], associatedTypes: ["RawValue"],
            instanceProperties: ["codingKey", "hashValue", "rawValue"], typeProperties: []),
        "ReplaceableCollection": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["ResourceCollection"], associatedTypes: [],
            instanceProperties: [], typeProperties: []),
        "Resource": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["Hashable", "Identifiable"], associatedTypes: [],
            instanceProperties: [], typeProperties: ["relationshipKeys", "resourceType"]),
        "ResourceCodec": RuntimeProtocol(
            module: "ResgenRuntime", refines: [], associatedTypes: [],
            instanceProperties: ["acceptHeader", "contentTypeHeader", "includeResolution", "mediaType"], typeProperties: []),
        "ResourceCollection": RuntimeProtocol(
            module: "ResgenRuntime", refines: [], associatedTypes: ["CollectionResource"],
            instanceProperties: [], typeProperties: []),
        "ResourceOperation": RuntimeProtocol(
            module: "ResgenRuntime", refines: [], associatedTypes: [],
            instanceProperties: [], typeProperties: ["method"]),
        "ResourceUnion": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["Hashable", "Identifiable", "Resource"], associatedTypes: [],
            instanceProperties: ["member"], typeProperties: ["halDiscriminator", "memberTypes"]),
        "ResourceUnionID": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["CustomStringConvertible", "Hashable", "JSONAPIIdentifier"], associatedTypes: [],
            instanceProperties: ["description", "resourceType"], typeProperties: []),
        "RootCollection": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["ResourceCollection"], associatedTypes: [],
            instanceProperties: [], typeProperties: ["collectionPath"]),
        "RootResource": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["Hashable", "Identifiable", "Resource"], associatedTypes: [],
            instanceProperties: [], typeProperties: ["collectionPath"]),
        "ShowableCollection": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["ResourceCollection"], associatedTypes: [],
            instanceProperties: [], typeProperties: []),
        "SparseFieldsetResource": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["Hashable", "Identifiable", "JSONAPIResource", "Resource"], associatedTypes: ["Sparse"],
            instanceProperties: [], typeProperties: []),
        "SparseFieldsetUnion": RuntimeProtocol(
            module: "ResgenRuntime", refines: ["Hashable", "Identifiable", "Resource", "ResourceUnion"], associatedTypes: ["Sparse"],
            instanceProperties: [], typeProperties: []),
    ]
}
