// Generated from Templates/ by `make templates`. Do not edit.

/// The default templates, embedded so a copied `resgen` binary works without `Templates/`.
public enum EmbeddedTemplates {
    /// Template text by name (the file name without `.mustache`).
    public static let all: [String: String] = [
        "HALDecoding": ##"""
{{%CONTENT_TYPE: TEXT}}
extension {{resourceName}} {
    /// The relationships' HAL link relations and target types (traversal, include strings).
    {{spi}}{{access}} static var halRelations: [HALRelation] {
        [
{{#halRelationLines}}
{{{indent12(.)}}}
{{/halRelationLines}}
        ]
    }

    /// Keys of the HAL document: the id and attributes at the top level, `_links` and `_embedded`.
    {{spi}}{{access}} enum HALCodingKeys: String, CodingKey {
{{#halCodingKeys}}
        case {{caseName}}{{#rawValueLiteral}} = {{.}}{{/rawValueLiteral}}
{{/halCodingKeys}}
    }

    /// Decodes a HAL document: attributes at the top level, relationships from `_embedded` and `_links`,
    /// the id from `id` or else from the `self` link.
    {{spi}}{{access}} init(halFrom decoder: any Decoder) throws {
{{#halDecodeStatements}}
{{{indent8(.)}}}
{{/halDecodeStatements}}
    }

    /// Encodes a HAL request body: the attributes the client may set, and the relationships the schema
    /// says the server takes (`write:`); no embedded resources.
    {{spi}}{{access}} func encode(halTo encoder: any Encoder) throws {
{{#halEncodeStatements}}
        var container = encoder.container(keyedBy: HALCodingKeys.self)
{{{indent8(.)}}}
{{/halEncodeStatements}}
{{^halEncodeStatements}}
        _ = encoder.container(keyedBy: HALCodingKeys.self)
{{/halEncodeStatements}}
    }
{{#halHasChanges}}

    /// The attributes and relationships that differ from `old` (read-only attributes excepted; only
    /// relationships the schema says the server takes): the body of a `PATCH`.
    {{access}} func changes(since old: {{resourceName}}) -> HALChanges<{{resourceName}}> {
{{#halChangeStatements}}
{{{indent8(.)}}}
{{/halChangeStatements}}
    }
{{/halHasChanges}}
}

"""##,
        "Header": ##"""
{{%CONTENT_TYPE: TEXT}}
{{#header}}
{{.}}
{{/header}}

import Foundation
@_spi(Generated) import {{formatModule}}
@_spi(Generated) import ResgenRuntimeCore

"""##,
        "Includes": ##"""
{{%CONTENT_TYPE: TEXT}}
{{> Header}}
{{#includingResources}}

extension {{resourceName}}: HasIncludes {
    /// Named include sets of ``{{resourceName}}``: pass one as `including:`.
    {{access}} enum Include: IncludeSet {
        {{access}} typealias Root = {{resourceName}}

{{#includeCases}}
{{#includeDoc}}
{{{indent8(.)}}}
{{/includeDoc}}
        case {{includeCaseName}}
{{/includeCases}}

        /// The relationship paths the set includes.
        {{access}} var paths: [IncludePath] {
            switch self {
{{#includeCases}}
            case .{{includeCaseName}}: {{{includePathsExpression}}}
{{/includeCases}}
            }
        }
    }
}
{{/includingResources}}
{{#includingUnions}}

extension {{unionName}}: HasIncludes {
    /// Named include sets of ``{{unionName}}``: pass one as `including:`. A path continues on the members
    /// that have its next relationship.
    {{access}} enum Include: IncludeSet {
        {{access}} typealias Root = {{unionName}}

{{#unionIncludeCases}}
{{#includeDoc}}
{{{indent8(.)}}}
{{/includeDoc}}
        case {{includeCaseName}}
{{/unionIncludeCases}}

        /// The relationship paths the set includes.
        {{access}} var paths: [IncludePath] {
            switch self {
{{#unionIncludeCases}}
            case .{{includeCaseName}}: {{{includePathsExpression}}}
{{/unionIncludeCases}}
            }
        }
    }
}
{{/includingUnions}}
{{#includingRequests}}

extension {{requestName}}: IncludingRequest {
    /// Named include sets of ``{{requestName}}``'s response: pass one as `including:` to `send`.
    {{access}} enum Include: IncludeSet {
        {{access}} typealias Root = {{requestIncludeRoot}}

{{#requestIncludeCases}}
{{#includeDoc}}
{{{indent8(.)}}}
{{/includeDoc}}
        case {{includeCaseName}}
{{/requestIncludeCases}}

        /// The relationship paths the set includes.
        {{access}} var paths: [IncludePath] {
            switch self {
{{#requestIncludeCases}}
            case .{{includeCaseName}}: {{{includePathsExpression}}}
{{/requestIncludeCases}}
            }
        }
    }
}
{{/includingRequests}}

"""##,
        "JSONAPIResource": ##"""
{{%CONTENT_TYPE: TEXT}}
extension {{resourceName}}: JSONAPIResource {
    /// The fields (attributes and relationships) by wire name, for `fields[type]=` and `sort=`.
{{#jsonAPIHasFields}}
    {{access}} enum Field: String, JSONAPIField {
{{#jsonAPIFieldCases}}
        case {{caseName}}{{#rawValueLiteral}} = {{.}}{{/rawValueLiteral}}
{{/jsonAPIFieldCases}}
    }
{{/jsonAPIHasFields}}
{{^jsonAPIHasFields}}
    {{access}} enum Field: JSONAPIField {
        /// No fields: nothing has this raw value.
        {{access}} init?(rawValue: String) { nil }
        /// Unreachable: there are no cases.
        {{access}} var rawValue: String { switch self {} }
    }
{{/jsonAPIHasFields}}

    /// Decodes a JSON:API resource object: `type` (this resource's, or an error), `id` (a string on the
    /// wire), `attributes`, `relationships` (linkage, links, meta), `links` and `meta`. Unknown attributes
    /// are ignored.
    {{spi}}{{access}} init(jsonAPIFrom decoder: any Decoder) throws {
        try self.init(jsonAPIFields: JSONAPIObjectFieldsReader<CodingKeys>(decoder, resourceType: Self.resourceType))
    }

    /// Decodes a JSON:API resource object from its open container, whose `type` the caller checked.
    {{spi}}{{access}} init(jsonAPIObject: KeyedDecodingContainer<JSONAPIResourceKey>) throws {
        try self.init(jsonAPIFields: JSONAPIObjectFieldsReader<CodingKeys>(jsonAPIObject: jsonAPIObject))
    }

    /// Decodes the plain form or a resource object: the attributes from either, the id, relationships,
    /// `links` and `meta` as the form has them.
    {{spi}}{{access}} init(jsonAPIFields: some JSONAPIResourceFieldsReader<CodingKeys>) throws {
{{#jsonAPIDecodeStatements}}
{{{indent8(.)}}}
{{/jsonAPIDecodeStatements}}
{{#metaType}}
        self.jsonAPI.typedMeta = try jsonAPIFields.meta({{.}}.self)
{{/metaType}}
{{#relationshipMetas}}
        self.{{property}}{{#isOptional}}?{{/isOptional}}.setTypedMeta(try jsonAPIFields.relationships().meta({{typeName}}.self, forKey: .{{property}}))
{{/relationshipMetas}}
    }

    /// Encodes a JSON:API resource object; read-only attributes are not sent, relationships whose
    /// linkage is unknown neither.
    {{spi}}{{access}} func encodeJSONAPI(to encoder: any Encoder) throws {
        try encode(jsonAPIFields: JSONAPIObjectFieldsWriter<CodingKeys>(encoder, resourceType: Self.resourceType))
    }

    /// Encodes the plain form (read-only attributes included) or a resource object.
    {{spi}}{{access}} func encode(jsonAPIFields: some JSONAPIResourceFieldsWriter<CodingKeys>) throws {
{{#jsonAPIEncodeStatements}}
{{{indent8(.)}}}
{{/jsonAPIEncodeStatements}}
    }

    /// The attributes and relationships that differ from `old` (read-only attributes excepted): the
    /// body of a `PATCH`.
    {{access}} func changes(since old: {{resourceName}}) -> ResourceChanges<{{resourceName}}> {
{{#jsonAPIChangeStatements}}
{{{indent8(.)}}}
{{/jsonAPIChangeStatements}}
    }

    /// The wire key of the relationship at `keyPath`.
    {{spi}}{{access}} static func relationshipKey(for keyPath: PartialKeyPath<{{resourceName}}>) -> String? {
        {{{jsonAPIRelationshipKeyExpression}}}
    }
{{#metaType}}

    /// The resource object's `meta` as the schema types it, decoded with the resource (nil when the
    /// server sent none); `jsonAPI.meta` has it untyped.
    {{access}} var resourceMeta: {{.}}? { jsonAPI.meta(as: {{.}}.self) }
{{/metaType}}
{{#relationshipMetas}}

    /// The `meta` of relationship `{{property}}` as the schema types it, decoded with the resource (nil
    /// when the server sent none); `{{property}}.meta` has it untyped.
    {{access}} var {{metaProperty}}: {{typeName}}? { {{property}}{{#isOptional}}?{{/isOptional}}.meta(as: {{typeName}}.self) }
{{/relationshipMetas}}

{{#hasNew}}

    /// A ``{{resourceName}}`` to create: what a `POST` sends (read-only attributes are the server's).
    {{access}} struct New: Encodable, Sendable {
{{#newPropertyDeclarations}}
{{{indent8(.)}}}
{{/newPropertyDeclarations}}

        /// Creates a value.
        {{access}} init({{{newInitParameters}}}) {
{{#newInitializedProperties}}
            self.{{.}} = {{.}}
{{/newInitializedProperties}}
        }

        /// Encodes a JSON:API resource object (the client wraps it in `data`).
        {{access}} func encode(to encoder: any Encoder) throws {
{{#newEncodeStatements}}
{{{indent12(.)}}}
{{/newEncodeStatements}}
        }
    }
{{/hasNew}}
}
{{#hasSparse}}

extension {{resourceName}}: SparseFieldsetResource {
    /// ``{{resourceName}}`` as a sparse fieldset delivers it: every attribute and relationship may be
    /// absent (nil).
    {{access}} struct Sparse: Resource, Codable, Hashable, Sendable, Identifiable {
        /// The resource type on the wire.
        {{access}} static var resourceType: String { {{{resourceTypeLiteral}}} }

        /// The wire names: those of ``{{resourceName}}``.
        {{access}} typealias CodingKeys = {{resourceName}}.CodingKeys

{{#sparsePropertyDeclarations}}
{{{indent8(.)}}}
{{/sparsePropertyDeclarations}}

        /// Creates a value.
        {{access}} init({{{sparseInitParameters}}}) {
{{#sparseInitializedProperties}}
            self.{{.}} = {{.}}
{{/sparseInitializedProperties}}
        }

        /// Decodes a JSON:API resource object, or the plain form (keys of ``{{resourceName}}/CodingKeys``).
        {{access}} init(from decoder: any Decoder) throws {
            if decoder.wireFormat == .jsonapi {
{{#sparseJSONAPIDecodeStatements}}
{{{indent16(.)}}}
{{/sparseJSONAPIDecodeStatements}}
                return
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
{{#sparseDecodeStatements}}
{{{indent12(.)}}}
{{/sparseDecodeStatements}}
        }

        /// Encodes the plain form, leaving out absent fields.
        {{access}} func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
{{#sparseEncodeStatements}}
{{{indent12(.)}}}
{{/sparseEncodeStatements}}
        }
{{#sparseHasRelationships}}

        /// The relationships' wire keys, in schema order.
        {{spi}}{{access}} static var relationshipKeys: [String] { [{{{relationshipKeyLiterals}}}] }

        /// Hands the relationship with wire key `key` to `visitor` (include resolution, traversal).
        {{spi}}{{access}} mutating func visitRelationship<Visitor: RelationshipVisitor>(_ key: String, with visitor: inout Visitor) {
            switch key {
{{#sparseVisitCases}}
{{{indent12(.)}}}
{{/sparseVisitCases}}
            default: break
            }
        }
{{/sparseHasRelationships}}
    }
}
{{/hasSparse}}
{{#documentMetaType}}

extension {{resourceName}}: JSONAPIDocumentMetaDeclaring {
    /// The top-level `meta` of documents whose primary data is this resource, as the schema types it:
    /// `page.documentMeta`, `document.documentMeta`.
    {{access}} typealias DocumentMeta = {{.}}
}
{{/documentMetaType}}

"""##,
        "Models": ##"""
{{%CONTENT_TYPE: TEXT}}
{{> Header}}

/// Names the ResgenRuntime API this file was generated for, so that it compiles with that runtime only.
/// Not found: update ResgenRuntime, or regenerate this file with the resgen of your ResgenRuntime's release.
fileprivate struct _GeneratedForResgenRuntime: {{runtimeAPIVersionProtocol}} {}

{{#apiDoc}}
{{.}}
{{/apiDoc}}
{{access}} enum {{apiName}}: APIDefinition {
    /// The base URL the schema names; a client may use another.
    {{access}} static let defaultBaseURL: URL? = {{{baseURLExpression}}}
    /// The wire format the API speaks.
    {{access}} static let format: WireFormat = {{formatCase}}
    /// How the API writes dates.
    {{access}} static let dateFormat: DateFormat = {{dateFormatCase}}
    /// Every resource type of the API.
    {{access}} static var resourceTypes: [any Resource.Type] { [{{{resourceTypeList}}}] }
}
{{#enums}}

{{#enumDoc}}
{{.}}
{{/enumDoc}}
{{access}} enum {{enumName}}: RawRepresentable, Codable, Hashable, Sendable {
{{#enumCases}}
    case {{enumCaseName}}
{{/enumCases}}
    /// A value the schema does not list.
    case unknown(String)

    /// The cases the schema lists.
    {{access}} static let knownCases: [{{enumName}}] = [{{{enumKnownCases}}}]

    /// Creates a value; never fails, unknown values become ``unknown(_:)``.
    {{access}} init(rawValue: String) {
        switch rawValue {
{{#enumCases}}
        case {{{enumCaseLiteral}}}: self = .{{enumCaseName}}
{{/enumCases}}
        default: self = .unknown(rawValue)
        }
    }

    /// The value on the wire.
    {{access}} var rawValue: String {
        switch self {
{{#enumCases}}
        case .{{enumCaseName}}: {{{enumCaseLiteral}}}
{{/enumCases}}
        case .unknown(let value): value
        }
    }

    {{access}} init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    {{access}} func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A path, query, header or form value: its raw value.
{{spi}}extension {{enumName}}: ParameterValue {}
{{/enums}}
{{#objects}}

{{#objectDoc}}
{{.}}
{{/objectDoc}}
{{access}} struct {{objectName}}: Codable, Hashable, Sendable {
{{#objectPropertyDeclarations}}
{{{indent4(.)}}}
{{/objectPropertyDeclarations}}

    /// Creates a value.
    {{access}} init({{{objectInitParameters}}}) {
{{#objectInitializedProperties}}
        self.{{.}} = {{.}}
{{/objectInitializedProperties}}
    }

    /// Wire names of the properties.
{{#objectHasCodingKeys}}
    {{access}} enum CodingKeys: String, CodingKey {
{{#objectCodingKeys}}
        case {{caseName}}{{#rawValueLiteral}} = {{.}}{{/rawValueLiteral}}
{{/objectCodingKeys}}
    }
{{/objectHasCodingKeys}}
{{^objectHasCodingKeys}}
    {{access}} enum CodingKeys: CodingKey {}
{{/objectHasCodingKeys}}

    {{access}} init(from decoder: any Decoder) throws {
{{#objectDecodeStatements}}
        let container = try decoder.container(keyedBy: CodingKeys.self)
{{{indent8(.)}}}
{{/objectDecodeStatements}}
{{^objectDecodeStatements}}
        _ = try decoder.container(keyedBy: CodingKeys.self)
{{/objectDecodeStatements}}
    }

    {{access}} func encode(to encoder: any Encoder) throws {
{{#objectEncodeStatements}}
        var container = encoder.container(keyedBy: CodingKeys.self)
{{{indent8(.)}}}
{{/objectEncodeStatements}}
{{^objectEncodeStatements}}
        _ = encoder.container(keyedBy: CodingKeys.self)
{{/objectEncodeStatements}}
    }
}
{{/objects}}
{{#resources}}

{{#resourceDoc}}
{{.}}
{{/resourceDoc}}
{{access}} struct {{resourceName}}: {{resourceConformances}} {
    /// The resource type on the wire.
    {{access}} static var resourceType: String { {{{resourceTypeLiteral}}} }

{{#resourcePropertyDeclarations}}
{{{indent4(.)}}}
{{/resourcePropertyDeclarations}}
{{#jsonAPI}}
    /// JSON:API: the resource object's own `links` and `meta` (not part of the plain `Codable` form).
    {{access}} var jsonAPI = JSONAPIResourceExtras()
{{/jsonAPI}}
{{#resourceUnsentDeclarations}}

{{{indent4(.)}}}
{{/resourceUnsentDeclarations}}

    /// Creates a value.
    {{access}} init({{{resourceInitParameters}}}) {
{{#resourceInitializedProperties}}
        self.{{.}} = {{.}}
{{/resourceInitializedProperties}}
    }

    /// Wire names of the id, attributes and relationships.
    {{access}} enum CodingKeys: String, CodingKey {
{{#resourceCodingKeys}}
        case {{caseName}}{{#rawValueLiteral}} = {{.}}{{/rawValueLiteral}}
{{/resourceCodingKeys}}
    }

    {{access}} init(from decoder: any Decoder) throws {
{{#hal}}
        if decoder.wireFormat == .hal {
            self = try Self(halFrom: decoder)
            return
        }
{{/hal}}
{{#jsonAPI}}
        if decoder.wireFormat == .jsonapi {
            try self.init(jsonAPIFields: JSONAPIObjectFieldsReader<CodingKeys>(decoder, resourceType: Self.resourceType))
        } else {
            try self.init(jsonAPIFields: JSONAPIPlainFieldsReader<CodingKeys>(decoder))
        }
{{/jsonAPI}}
{{^jsonAPI}}
        let container = try decoder.container(keyedBy: CodingKeys.self)
{{#resourceDecodeStatements}}
{{{indent8(.)}}}
{{/resourceDecodeStatements}}
{{/jsonAPI}}
    }

    {{access}} func encode(to encoder: any Encoder) throws {
{{#hal}}
        if encoder.wireFormat == .hal {
            try encode(halTo: encoder)
            return
        }
{{/hal}}
{{#jsonAPI}}
        if encoder.wireFormat == .jsonapi {
            try encode(jsonAPIFields: JSONAPIObjectFieldsWriter<CodingKeys>(encoder, resourceType: Self.resourceType))
        } else {
            try encode(jsonAPIFields: JSONAPIPlainFieldsWriter<CodingKeys>(encoder))
        }
{{/jsonAPI}}
{{^jsonAPI}}
        var container = encoder.container(keyedBy: CodingKeys.self)
{{#resourceEncodeStatements}}
{{{indent8(.)}}}
{{/resourceEncodeStatements}}
{{/jsonAPI}}
    }
{{#hal}}

    /// Every link of the HAL document this value was decoded from, relations the schema does not name
    /// included; empty for values decoded from the plain form or created in code.
    {{access}} var links = HALLinks()
{{/hal}}
{{#hasRelationships}}

    /// The relationships' wire keys, in schema order.
    {{spi}}{{access}} static var relationshipKeys: [String] { [{{{relationshipKeyLiterals}}}] }

    /// Hands the relationship with wire key `key` to `visitor` (include resolution, traversal).
    {{spi}}{{access}} mutating func visitRelationship<Visitor: RelationshipVisitor>(_ key: String, with visitor: inout Visitor) {
        switch key {
{{#relationshipVisitCases}}
{{{indent8(.)}}}
{{/relationshipVisitCases}}
        default: break
        }
    }
{{/hasRelationships}}
{{#hasLinks}}

    /// Link relations of this resource beyond its relationships.
    {{access}} enum Link: String, Hashable, Sendable, CaseIterable {
{{#linkCases}}
{{#linkDoc}}
{{{indent8(.)}}}
{{/linkDoc}}
        case {{{linkCase}}}
{{/linkCases}}
    }
{{/hasLinks}}
}
{{/resources}}
{{#unions}}

{{> Union}}
{{/unions}}

"""##,
        "Paths": ##"""
{{%CONTENT_TYPE: TEXT}}
{{> Header}}
{{#addressableResources}}

{{#isRoot}}
/// ``{{resourceName}}`` is a root collection; its operations: {{operationList}}.
extension {{resourceName}}: {{pathConformances}} {
    /// The collection's path below the base URL.
    {{access}} static var collectionPath: String { {{{collectionPathLiteral}}} }
}
{{/isRoot}}
{{#isChild}}
/// ``{{resourceName}}`` lives under ``{{parentName}}``; its operations: {{operationList}}.
extension {{resourceName}}: {{pathConformances}} {
    {{access}} typealias Parent = {{parentName}}
    /// The collection's segment below a parent instance.
    {{access}} static var pathSegment: String { {{{pathSegmentLiteral}}} }
}
{{/isChild}}
{{/addressableResources}}
{{#addressableUnions}}

/// ``{{unionName}}`` is a polymorphic collection; its operations: {{unionOperationList}}.
extension {{unionName}}: {{unionPathConformances}} {
    /// The collection's path below the base URL.
    {{access}} static var collectionPath: String { {{{unionCollectionPathLiteral}}} }
}
{{/addressableUnions}}
{{#resourcesWithPaths}}
{{#resourcePaths}}

extension {{resourceName}} {
{{#collectionDoc}}
{{{indent4(.)}}}
{{/collectionDoc}}
    {{access}} enum {{collectionTypeName}}: {{collectionConformances}} {
        {{access}} typealias CollectionResource = {{resourceName}}
{{#collectionIsRoot}}
        /// The collection's path below the base URL.
        {{access}} static var collectionPath: String { {{{collectionRootPathLiteral}}} }
{{/collectionIsRoot}}
{{#collectionIsChild}}
        {{access}} typealias Parent = {{collectionParentName}}
        /// The collection's segment below a parent instance.
        {{access}} static var pathSegment: String { {{{collectionSegmentLiteral}}} }
{{/collectionIsChild}}
    }
}
{{/resourcePaths}}
{{/resourcesWithPaths}}
{{#entry}}

extension {{apiName}} {
{{#entryDoc}}
{{{indent4(.)}}}
{{/entryDoc}}
    {{access}} enum Entry: EntryPoint {
        /// The entry document's path below the base URL.
        {{access}} static var path: String { {{{entryPathLiteral}}} }
        /// The wire format of the entry document.
        {{access}} static var format: WireFormat { {{entryFormatCase}} }
{{#entryTemplatedLinkList}}
        /// The links the schema declares as URI templates.
        {{access}} static var templatedLinks: Set<Link> { [{{{entryTemplatedLinkList}}}] }
{{/entryTemplatedLinkList}}

        /// The relations of the entry document's links.
        {{access}} enum Link: String, Hashable, Sendable, CaseIterable {
{{#entryLinkCases}}
{{#linkDoc}}
{{{indent12(.)}}}
{{/linkDoc}}
            case {{{linkCase}}}
{{/entryLinkCases}}
        }
    }
}
{{/entry}}

"""##,
        "Requests": ##"""
{{%CONTENT_TYPE: TEXT}}
{{> Header}}
{{#requests}}

{{#requestDoc}}
{{.}}
{{/requestDoc}}
{{access}} struct {{requestName}}: APIRequest, Hashable {
    {{access}} typealias Response = {{{responseType}}}
    {{access}} static var method: HTTPMethod { {{methodExpression}} }
{{#requiresAuth}}
    {{access}} static var requiresAuth: Bool { true }
{{/requiresAuth}}

{{#requestPropertyDeclarations}}
{{{indent4(.)}}}
{{/requestPropertyDeclarations}}

    /// Creates the request.
    {{access}} init({{{requestInitParameters}}}) {
{{#requestInitializedProperties}}
        self.{{.}} = {{.}}
{{/requestInitializedProperties}}
    }

    {{access}} var pathComponents: [PathComponent] { {{{pathComponentsExpression}}} }
{{#hasDefaultQuery}}

    {{access}} static var defaultQueryItems: [QueryItem] { [{{{defaultQueryItems}}}] }
{{/hasDefaultQuery}}
{{#hasQuery}}

    {{access}} var queryItems: [QueryItem] {
        var items: [QueryItem] = []
{{#queryStatements}}
{{{indent8(.)}}}
{{/queryStatements}}
        return items
    }
{{/hasQuery}}
{{#hasDefaultHeaders}}

    {{access}} static var defaultHeaders: [HeaderField] { [{{{defaultHeaders}}}] }
{{/hasDefaultHeaders}}
{{#hasHeaders}}

    {{access}} var headers: [HeaderField] {
        var fields: [HeaderField] = []
{{#headerStatements}}
{{{indent8(.)}}}
{{/headerStatements}}
        return fields
    }
{{/hasHeaders}}
{{#hasBody}}

    {{access}} var body: RequestBody {
{{#bodyStatements}}
{{{indent8(.)}}}
{{/bodyStatements}}
    }
{{/hasBody}}
}
{{/requests}}

"""##,
        "Union": ##"""
{{%CONTENT_TYPE: TEXT}}
{{#unionDoc}}
{{.}}
{{/unionDoc}}
{{access}} enum {{unionName}}: ResourceUnion, {{#unionIsHAL}}HALResource, {{/unionIsHAL}}{{#unionHasSparse}}SparseFieldsetUnion, {{/unionHasSparse}}Codable, Hashable, Sendable, Identifiable {
{{#unionMembers}}
    /// The member ``{{unionMemberName}}``.
    case {{unionCaseName}}({{unionMemberName}})
{{/unionMembers}}
    /// A resource of a type the union does not list: its type and id.
    case other(ResourceIdentity)

    /// The name the union goes by; each member names its own type on the wire.
    {{access}} static var resourceType: String { {{{unionTypeLiteral}}} }

    /// The member types, in schema order.
    {{access}} static var memberTypes: [any Resource.Type] { [{{{unionMemberTypeList}}}] }
{{#unionDiscriminatorExpression}}

    /// How a HAL resource tells which member it is.
    {{spi}}{{access}} static var halDiscriminator: HALUnionDiscriminator? { {{{.}}} }
{{/unionDiscriminatorExpression}}

    /// Which member, and its id.
    {{access}} enum ID: ResourceUnionID {
{{#unionMembers}}
        /// The id of member ``{{unionMemberName}}``.
        case {{unionCaseName}}({{unionMemberName}}.ID)
{{/unionMembers}}
        /// The type and id of a resource the union does not list.
        case other(ResourceIdentity)

        /// The member case of `type`, or `other`.
        {{access}} init(resourceType type: String, id: String) throws {
            switch type {
{{#unionMembers}}
            case {{unionMemberName}}.resourceType: self = .{{unionCaseName}}(try Self.memberID({{unionMemberName}}.ID.self, id, of: type))
{{/unionMembers}}
            default: self = .other(ResourceIdentity(type: type, id: id))
            }
        }

        /// The member's resource type.
        {{access}} var resourceType: String {
            switch self {
{{#unionMembers}}
            case .{{unionCaseName}}: {{unionMemberName}}.resourceType
{{/unionMembers}}
            case .other(let identity): identity.type
            }
        }

        /// The member's id as the wire writes it.
        {{spi}}{{access}} var jsonAPIString: String {
            switch self {
{{#unionMembers}}
            case .{{unionCaseName}}(let id): id.jsonAPIString
{{/unionMembers}}
            case .other(let identity): identity.id
            }
        }

        {{access}} init(from decoder: any Decoder) throws {
            try self.init(unionIDFrom: decoder)
        }

        {{access}} func encode(to encoder: any Encoder) throws {
            try encode(unionIDTo: encoder)
        }
    }

    /// Which member, and its id.
    {{access}} var id: ID {
        switch self {
{{#unionMembers}}
        case .{{unionCaseName}}(let value): .{{unionCaseName}}(value.id)
{{/unionMembers}}
        case .other(let identity): .other(identity)
        }
    }

    /// The value holding `member`; nil when it is of no member type.
    {{access}} init?(member: any Resource) {
        switch member {
{{#unionMembers}}
        case let value as {{unionMemberName}}: self = .{{unionCaseName}}(value)
{{/unionMembers}}
        default: return nil
        }
    }

    /// The member resource; nil for `other`.
    {{access}} var member: (any Resource)? {
        switch self {
{{#unionMembers}}
        case .{{unionCaseName}}(let value): value
{{/unionMembers}}
        case .other: nil
        }
    }

    {{access}} init(from decoder: any Decoder) throws {
        try self.init(unionFrom: decoder)
    }

    {{access}} func encode(to encoder: any Encoder) throws {
        try encode(unionTo: encoder)
    }
{{#unionHasSparse}}

    /// The members' sparse twins (every field optional): what the polymorphic collection read with sparse
    /// fieldsets decodes into, each member shaped by its own type's fieldset.
    {{access}} enum Sparse: ResourceUnion, Codable, Hashable, Sendable, Identifiable {
{{#unionSparseMembers}}
        /// The member ``{{unionMemberName}}``.
        case {{unionCaseName}}({{unionMemberName}})
{{/unionSparseMembers}}
        /// A resource of a type the union does not list: its type and id.
        case other(ResourceIdentity)

        /// Which member, and its id: the union's.
        {{access}} typealias ID = {{unionName}}.ID

        /// The name the union goes by.
        {{access}} static var resourceType: String { {{unionName}}.resourceType }

        /// The member types, in schema order.
        {{access}} static var memberTypes: [any Resource.Type] { [{{#unionSparseMembers}}{{unionMemberName}}.self, {{/unionSparseMembers}}] }

        /// Which member, and its id.
        {{access}} var id: ID {
            switch self {
{{#unionSparseMembers}}
            case .{{unionCaseName}}(let value): .{{unionCaseName}}(value.id)
{{/unionSparseMembers}}
            case .other(let identity): .other(identity)
            }
        }

        /// The value holding `member`; nil when it is of no member type.
        {{access}} init?(member: any Resource) {
            switch member {
{{#unionSparseMembers}}
            case let value as {{unionMemberName}}: self = .{{unionCaseName}}(value)
{{/unionSparseMembers}}
            default: return nil
            }
        }

        /// The member resource; nil for `other`.
        {{access}} var member: (any Resource)? {
            switch self {
{{#unionSparseMembers}}
            case .{{unionCaseName}}(let value): value
{{/unionSparseMembers}}
            case .other: nil
            }
        }

        {{access}} init(from decoder: any Decoder) throws {
            try self.init(unionFrom: decoder)
        }

        {{access}} func encode(to encoder: any Encoder) throws {
            try encode(unionTo: encoder)
        }
    }
{{/unionHasSparse}}
}

"""##,
        "WireFormat": ##"""
{{%CONTENT_TYPE: TEXT}}
{{> Header}}
{{#resources}}
{{#hal}}

{{> HALDecoding}}
{{/hal}}
{{#jsonAPI}}

{{> JSONAPIResource}}
{{/jsonAPI}}
{{/resources}}

"""##,
    ]
}
