// Generated from Templates/ by `make templates`. Do not edit.

/// The default templates, embedded so a copied `resgen` binary works without `Templates/`.
public enum EmbeddedTemplates {
    /// Template text by name (the file name without `.mustache`).
    public static let all: [String: String] = [
        "AttributeChange": ##"""
{{%CONTENT_TYPE: TEXT}}
{{! One attribute's line of `changes(since:)` (a PropertyContext): a write-only attribute is sent when set (nil means "not set", not "clear it"); a tracked one when known and either unknown before or different (not sent is not null); any other when different. The comparison is the runtime's (`ChangeRecording`: one call per attribute compiles to less than a comparison and a call), except for a date in its own format, whose wire form is sent (no encoder writes `changes.set` values) but whose value is compared. }}
{{#propertyIsWriteOnly}}
if let value = self.{{propertyName}}, self.{{propertyName}} != old.{{propertyName}} { changes.set({{> AttributeChangeKey}}, {{#.propertyDateFormat}}AttributeDateFormat{{{.}}}.wireValue(of: value){{/.propertyDateFormat}}{{^.propertyDateFormat}}value{{/.propertyDateFormat}}) }
{{/propertyIsWriteOnly}}
{{^propertyIsWriteOnly}}
{{#propertyIsTracked}}
{{#.propertyDateFormat}}
if self.unsentAttributes.changed(self.{{propertyName}}, since: old.{{propertyName}}, in: old.unsentAttributes, position: {{propertyUnsentPosition}}) { changes.set({{> AttributeChangeKey}}, self.{{propertyName}}.map { AttributeDateFormat{{{.}}}.wireValue(of: $0) }) }
{{/.propertyDateFormat}}
{{^.propertyDateFormat}}
changes.set({{> AttributeChangeKey}}, self.{{propertyName}}, since: old.{{propertyName}}, unsent: self.unsentAttributes, oldUnsent: old.unsentAttributes, position: {{propertyUnsentPosition}})
{{/.propertyDateFormat}}
{{/propertyIsTracked}}
{{^propertyIsTracked}}
{{#.propertyDateFormat}}
if self.{{propertyName}} != old.{{propertyName}} { changes.set({{> AttributeChangeKey}}, {{#propertyIsOptional}}self.{{propertyName}}.map { AttributeDateFormat{{{.}}}.wireValue(of: $0) }{{/propertyIsOptional}}{{^propertyIsOptional}}AttributeDateFormat{{{.}}}.wireValue(of: self.{{propertyName}}){{/propertyIsOptional}}) }
{{/.propertyDateFormat}}
{{^.propertyDateFormat}}
changes.set({{> AttributeChangeKey}}, self.{{propertyName}}, since: old.{{propertyName}})
{{/.propertyDateFormat}}
{{/propertyIsTracked}}
{{/propertyIsWriteOnly}}

"""##,
        "AttributeChangeKey": ##"""
{{%CONTENT_TYPE: TEXT}}
{{! How `changes.set` names an attribute (a PropertyContext): its wire key for HAL, its coding key for JSON:API. Used inline, so the file has no final newline. }}
{{#propertyChangeKeyIsWireKey}}{{{propertyKeyLiteral}}}{{/propertyChangeKeyIsWireKey}}{{^propertyChangeKeyIsWireKey}}.{{propertyName}}{{/propertyChangeKeyIsWireKey}}
"""##,
        "HALDecoding": ##"""
{{%CONTENT_TYPE: TEXT}}
extension {{resourceName}} {
    /// The relationships' HAL link relations and target types (traversal, include strings).
    {{spi}}{{access}} static var halRelations: [HALRelation] {
        [
{{#halRelationships}}
            HALRelation(key: {{{relationshipKeyLiteral}}}, rel: {{{relationshipRelLiteral}}}, isToMany: {{relationshipIsToMany}}, target: {{relationshipTarget}}.self){{^last()}},{{/last()}}
{{/halRelationships}}
        ]
    }

    /// Keys of the HAL document: the id and attributes at the top level, `_links` and `_embedded`.
    {{spi}}{{access}} enum HALCodingKeys: String, CodingKey {
{{#halCodingKeys}}
        case {{caseName}}{{#.rawValueLiteral}} = {{.}}{{/.rawValueLiteral}}
{{/halCodingKeys}}
    }

    /// Decodes a HAL document: attributes at the top level, relationships from `_embedded` and `_links`,
    /// the id from `id` or else from the `self` link.
    {{spi}}{{access}} init(halFrom decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: HALCodingKeys.self)
        let links = try HALLinks(container, forKey: .halLinks, decoder: decoder)
{{#halHasRelationships}}
        let embedded = try HALEmbedded(container, forKey: .halEmbedded, links: links)
{{/halHasRelationships}}
        self.id = try container.decodeIfPresent({{{halIDType}}}.self, forKey: .id) ?? HALDecoding.id({{{halIDType}}}.self, links: links, codingPath: container.codingPath)
{{#halAttributes}}
        self.{{propertyName}} = try {{> PropertyDecodeValue}}
{{/halAttributes}}
{{#halRelationships}}
        self.{{relationshipName}} = try embedded.{{#relationshipIsOptional}}optional{{relationshipKind}}{{/relationshipIsOptional}}{{^relationshipIsOptional}}{{#relationshipIsToMany}}toMany{{/relationshipIsToMany}}{{^relationshipIsToMany}}toOne{{/relationshipIsToMany}}{{/relationshipIsOptional}}({{relationshipTarget}}.self, rel: {{{relationshipRelLiteral}}})
{{/halRelationships}}
        self.links = links
    }

    /// Encodes a HAL request body: the attributes the client may set, and the relationships the schema
    /// says the server takes (`write:`); no embedded resources.
    {{spi}}{{access}} func encode(halTo encoder: any Encoder) throws {
{{#halEncodes}}
        var container = encoder.container(keyedBy: HALCodingKeys.self)
{{#halSentProperties}}
        try {{> PropertyEncodeCall}}
{{/halSentProperties}}
{{#halPropertyWrites}}
        try container.encodeIfPresent({{> HALWriteValue}}, forKey: .{{halWriteKey}})
{{/halPropertyWrites}}
{{#halLinkWrites}}
{{#first()}}
        var halWriteLinks = HALWriteLinks()
{{/first()}}
        halWriteLinks.add({{{halWriteRelLiteral}}}, {{> HALWriteValue}})
{{#last()}}
        if !halWriteLinks.isEmpty { try container.encode(halWriteLinks, forKey: .halLinks) }
{{/last()}}
{{/halLinkWrites}}
{{/halEncodes}}
{{^halEncodes}}
        _ = encoder.container(keyedBy: HALCodingKeys.self)
{{/halEncodes}}
    }
{{#halHasChanges}}

    /// The attributes and relationships that differ from `old` (read-only attributes excepted; only
    /// relationships the schema says the server takes): the body of a `PATCH`.
    {{access}} func changes(since old: {{resourceName}}) -> HALChanges<{{resourceName}}> {
{{^halChangesCompare}}
        HALChanges<{{resourceName}}>()
{{/halChangesCompare}}
{{#halChangesCompare}}
        var changes = HALChanges<{{resourceName}}>()
{{#halChangeAttributes}}
        {{> AttributeChange}}
{{/halChangeAttributes}}
{{#halWrites}}
        if HALWrite.changed(self.{{halWriteName}}, since: old.{{halWriteName}}) { {{#halWriteIsLink}}changes.set(link: {{{halWriteRelLiteral}}}, {{> HALWriteValue}}){{/halWriteIsLink}}{{^halWriteIsLink}}changes.set({{{halWritePropertyLiteral}}}, relationship: {{> HALWriteValue}}){{/halWriteIsLink}} }
{{/halWrites}}
        return changes
{{/halChangesCompare}}
    }
{{/halHasChanges}}
}

"""##,
        "HALWriteValue": ##"""
{{%CONTENT_TYPE: TEXT}}
{{! The value a HAL relationship write sends (a HALWriteContext), which the runtime computes when the body is encoded (a URI needs the client's base URL). Used inline, so the file has no final newline. }}
HALWrite.{{#halWriteIsToMany}}toMany{{/halWriteIsToMany}}{{^halWriteIsToMany}}toOne{{/halWriteIsToMany}}(self.{{halWriteName}}, as: .{{halWriteForm}}{{#halWriteIsToMany}}, links: self.links, rel: {{{halWriteRelLiteral}}}{{/halWriteIsToMany}})
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
{{#includingUnions}}

extension {{unionName}}: HasIncludes {
    /// Named include sets of ``{{unionName}}``: pass one as `including:`. A path continues on the members
    /// that have its next relationship.
    {{access}} enum Include: IncludeSet {
        {{access}} typealias Root = {{unionName}}

{{#unionIncludeCases}}
{{#includeDoc}}
        {{{.}}}
{{/includeDoc}}
        case {{includeCaseName}}
{{/unionIncludeCases}}

        /// The relationship paths the set includes.
        {{access}} var paths: [IncludePath] {
            switch self {
{{#unionIncludeCases}}
            case .{{includeCaseName}}: [{{#includePaths}}IncludePath({{#includeSteps}}.{{#includeStepIsToMany}}toMany{{/includeStepIsToMany}}{{^includeStepIsToMany}}toOne{{/includeStepIsToMany}}({{{includeStepKeyLiteral}}}{{#.includeStepRelLiteral}}, rel: {{{.}}}{{/.includeStepRelLiteral}}){{^last()}}, {{/last()}}{{/includeSteps}}){{^last()}}, {{/last()}}{{/includePaths}}]
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
        {{{.}}}
{{/includeDoc}}
        case {{includeCaseName}}
{{/requestIncludeCases}}

        /// The relationship paths the set includes.
        {{access}} var paths: [IncludePath] {
            switch self {
{{#requestIncludeCases}}
            case .{{includeCaseName}}: [{{#includePaths}}IncludePath({{#includeSteps}}.{{#includeStepIsToMany}}toMany{{/includeStepIsToMany}}{{^includeStepIsToMany}}toOne{{/includeStepIsToMany}}({{{includeStepKeyLiteral}}}{{#.includeStepRelLiteral}}, rel: {{{.}}}{{/.includeStepRelLiteral}}){{^last()}}, {{/last()}}{{/includeSteps}}){{^last()}}, {{/last()}}{{/includePaths}}]
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
        case {{caseName}}{{#.rawValueLiteral}} = {{.}}{{/.rawValueLiteral}}
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
        self.id = try jsonAPIFields.id({{{jsonAPIIDType}}}.self, forKey: .id)
{{#jsonAPIHasAttributes}}
        let jsonAPIAttributes = try jsonAPIFields.attributes{{^jsonAPIAttributesRequired}}IfPresent{{/jsonAPIAttributesRequired}}()
{{/jsonAPIHasAttributes}}
{{#jsonAPIAttributes}}
        self.{{propertyName}} = try {{> PropertyDecodeValue}}
{{/jsonAPIAttributes}}
{{#jsonAPIHasRelationships}}
        let jsonAPIRelationships = try jsonAPIFields.relationships()
{{/jsonAPIHasRelationships}}
{{#jsonAPIRelationships}}
{{#relationshipLinkageWhenIncluded}}
        self.{{relationshipName}} = try jsonAPIRelationships.{{#relationshipIsToMany}}toMany{{/relationshipIsToMany}}{{^relationshipIsToMany}}toOne{{/relationshipIsToMany}}LinkageWhenIncluded({{relationshipTarget}}.self, forKey: .{{relationshipName}}){{^relationshipIsOptional}} ?? {{relationshipKind}}(){{/relationshipIsOptional}}
{{/relationshipLinkageWhenIncluded}}
{{^relationshipLinkageWhenIncluded}}
        self.{{relationshipName}} = try jsonAPIRelationships.{{#relationshipIsOptional}}nullable{{relationshipKind}}{{/relationshipIsOptional}}{{^relationshipIsOptional}}{{#relationshipIsToMany}}toMany{{/relationshipIsToMany}}{{^relationshipIsToMany}}toOne{{/relationshipIsToMany}}{{/relationshipIsOptional}}({{relationshipTarget}}.self, forKey: .{{relationshipName}})
{{/relationshipLinkageWhenIncluded}}
{{/jsonAPIRelationships}}
        self.jsonAPI = try jsonAPIFields.extras()
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
        var jsonAPIFields = jsonAPIFields
        try jsonAPIFields.encodeID(self.id, forKey: .id)
{{#jsonAPIHasAttributes}}
{{^jsonAPIHasWritableAttributes}}
        if jsonAPIFields.isPlain {
            var jsonAPIAttributes = jsonAPIFields.attributes()
{{#jsonAPIAttributes}}
            try {{> PropertyEncodeCall}}
{{/jsonAPIAttributes}}
        }
{{/jsonAPIHasWritableAttributes}}
{{#jsonAPIHasWritableAttributes}}
        var jsonAPIAttributes = jsonAPIFields.attributes()
{{#jsonAPIAttributes}}
        {{#propertyIsReadOnly}}if jsonAPIFields.isPlain { {{/propertyIsReadOnly}}try {{> PropertyEncodeCall}}{{#propertyIsReadOnly}} }{{/propertyIsReadOnly}}
{{/jsonAPIAttributes}}
{{/jsonAPIHasWritableAttributes}}
{{/jsonAPIHasAttributes}}
{{#jsonAPIHasRelationships}}
        var jsonAPIRelationships = jsonAPIFields.relationships()
{{/jsonAPIHasRelationships}}
{{#jsonAPIRelationships}}
        try jsonAPIRelationships.encode{{#relationshipIsOptional}}Nullable{{/relationshipIsOptional}}(self.{{relationshipName}}, forKey: .{{relationshipName}})
{{/jsonAPIRelationships}}
    }

    /// The attributes and relationships that differ from `old` (read-only attributes excepted): the
    /// body of a `PATCH`.
    {{access}} func changes(since old: {{resourceName}}) -> ResourceChanges<{{resourceName}}> {
{{^jsonAPIHasChanges}}
        return ResourceChanges<{{resourceName}}>(id: id)
{{/jsonAPIHasChanges}}
{{#jsonAPIHasChanges}}
        var changes = ResourceChanges<{{resourceName}}>(id: id)
{{#jsonAPIWritableAttributes}}
        {{> AttributeChange}}
{{/jsonAPIWritableAttributes}}
{{#jsonAPIRelationships}}
        changes.set(.{{relationshipName}}, relationship: self.{{relationshipName}}, since: old.{{relationshipName}})
{{/jsonAPIRelationships}}
        return changes
{{/jsonAPIHasChanges}}
    }

    /// The wire key of the relationship at `keyPath`.
    {{spi}}{{access}} static func relationshipKey(for keyPath: PartialKeyPath<{{resourceName}}>) -> String? {
{{^jsonAPIHasRelationships}}
        nil
{{/jsonAPIHasRelationships}}
{{#jsonAPIHasRelationships}}
        let keys: [PartialKeyPath<{{resourceName}}>: String] = [{{#jsonAPIRelationships}}\{{resourceName}}.{{relationshipName}}: {{{relationshipKeyLiteral}}}{{^last()}}, {{/last()}}{{/jsonAPIRelationships}}]
        return keys[keyPath]
{{/jsonAPIHasRelationships}}
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
{{#newProperties}}
{{#propertyDoc}}
        {{{.}}}
{{/propertyDoc}}
        {{> PropertyDeclaration}}
{{/newProperties}}
{{#newRelationships}}
{{#relationshipDoc}}
        {{{.}}}
{{/relationshipDoc}}
        {{> RelationshipDeclaration}}
{{/newRelationships}}

        /// Creates a value.
        {{access}} init({{#newProperties}}{{> PropertyParameter}}{{^last()}}, {{/last()}}{{/newProperties}}{{#newRelationships}}{{#first()}}{{#newHasProperties}}, {{/newHasProperties}}{{/first()}}{{^first()}}, {{/first()}}{{> RelationshipParameter}}{{/newRelationships}}) {
{{#newProperties}}
            self.{{propertyName}} = {{propertyName}}
{{/newProperties}}
{{#newRelationships}}
            self.{{relationshipName}} = {{relationshipName}}
{{/newRelationships}}
        }

        /// Encodes a JSON:API resource object (the client wraps it in `data`).
        {{access}} func encode(to encoder: any Encoder) throws {
            var jsonAPIObject = encoder.container(keyedBy: JSONAPIResourceKey.self)
            try jsonAPIObject.encode({{resourceName}}.resourceType, forKey: .type)
{{#newHasClientID}}
            try jsonAPIObject.encodeIfPresent(self.id?.wireString, forKey: .id)
{{/newHasClientID}}
{{#newHasAttributes}}
            var jsonAPIAttributes = jsonAPIObject.nestedContainer(keyedBy: {{resourceName}}.CodingKeys.self, forKey: .attributes)
{{/newHasAttributes}}
{{#newAttributes}}
            try {{> PropertyEncodeCall}}
{{/newAttributes}}
{{#newRelationships}}
{{#first()}}
            var jsonAPIRelationships = jsonAPIObject.nestedContainer(keyedBy: {{resourceName}}.CodingKeys.self, forKey: .relationships)
{{/first()}}
            try jsonAPIRelationships.encodeJSONAPI(self.{{relationshipName}}, forKey: .{{relationshipName}})
{{/newRelationships}}
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

{{#sparseProperties}}
{{#propertyDoc}}
        {{{.}}}
{{/propertyDoc}}
        {{> PropertyDeclaration}}
{{/sparseProperties}}
{{#sparseRelationships}}
{{#relationshipDoc}}
        {{{.}}}
{{/relationshipDoc}}
        {{> RelationshipDeclaration}}
{{/sparseRelationships}}

        /// Creates a value.
        {{access}} init({{#sparseProperties}}{{> PropertyParameter}}{{^last()}}, {{/last()}}{{/sparseProperties}}{{#sparseRelationships}}, {{> RelationshipParameter}}{{/sparseRelationships}}) {
{{#sparseProperties}}
            self.{{propertyName}} = {{propertyName}}
{{/sparseProperties}}
{{#sparseRelationships}}
            self.{{relationshipName}} = {{relationshipName}}
{{/sparseRelationships}}
        }

        /// Decodes a JSON:API resource object, or the plain form (keys of ``{{resourceName}}/CodingKeys``).
        {{access}} init(from decoder: any Decoder) throws {
            if decoder.wireFormat == .jsonapi {
                try self.init(jsonAPIFields: JSONAPIObjectFieldsReader<CodingKeys>(decoder, resourceType: Self.resourceType))
            } else {
                try self.init(jsonAPIFields: JSONAPIPlainFieldsReader<CodingKeys>(decoder))
            }
        }

        /// Decodes either form through the reader ``{{resourceName}}`` decodes with: a field the
        /// document does not carry stays nil.
        {{spi}}{{access}} init(jsonAPIFields: some JSONAPIResourceFieldsReader<CodingKeys>) throws {
            self.id = try jsonAPIFields.id({{{jsonAPIIDType}}}.self, forKey: .id)
{{#jsonAPIHasAttributes}}
            let jsonAPIAttributes = try jsonAPIFields.attributesIfPresent()
{{/jsonAPIHasAttributes}}
{{#sparseJSONAPIAttributes}}
            self.{{propertyName}} = try {{> PropertyDecodeValue}}
{{/sparseJSONAPIAttributes}}
{{#sparseHasRelationships}}
            let jsonAPIRelationships = try jsonAPIFields.relationships()
{{/sparseHasRelationships}}
{{#sparseRelationships}}
            self.{{relationshipName}} = try jsonAPIRelationships.{{#relationshipIsToMany}}toMany{{/relationshipIsToMany}}{{^relationshipIsToMany}}toOne{{/relationshipIsToMany}}IfPresent({{relationshipTarget}}.self, forKey: .{{relationshipName}})
{{/sparseRelationships}}
        }

        /// Encodes a JSON:API resource object, or the plain form; absent fields are left out.
        {{access}} func encode(to encoder: any Encoder) throws {
            if encoder.wireFormat == .jsonapi {
                try encode(jsonAPIFields: JSONAPIObjectFieldsWriter<CodingKeys>(encoder, resourceType: Self.resourceType))
            } else {
                try encode(jsonAPIFields: JSONAPIPlainFieldsWriter<CodingKeys>(encoder))
            }
        }

        /// Encodes either form through the writer ``{{resourceName}}`` encodes with.
        {{spi}}{{access}} func encode(jsonAPIFields: some JSONAPIResourceFieldsWriter<CodingKeys>) throws {
            var jsonAPIFields = jsonAPIFields
            try jsonAPIFields.encodeID(self.id, forKey: .id)
{{#jsonAPIHasAttributes}}
            var jsonAPIAttributes = jsonAPIFields.attributes()
{{/jsonAPIHasAttributes}}
{{#sparseJSONAPIAttributes}}
            try {{> PropertyEncodeCall}}
{{/sparseJSONAPIAttributes}}
{{#sparseHasRelationships}}
            var jsonAPIRelationships = jsonAPIFields.relationships()
{{/sparseHasRelationships}}
{{#sparseRelationships}}
            try jsonAPIRelationships.encodeIfPresent(self.{{relationshipName}}, forKey: .{{relationshipName}})
{{/sparseRelationships}}
        }
{{#sparseHasRelationships}}

        /// The relationships' wire keys, in schema order.
        {{spi}}{{access}} static var relationshipKeys: [String] { [{{#jsonAPIRelationships}}{{{relationshipKeyLiteral}}}{{^last()}}, {{/last()}}{{/jsonAPIRelationships}}] }

        /// Hands the relationship with wire key `key` to `visitor` (include resolution, traversal).
        {{spi}}{{access}} mutating func visitRelationship<Visitor: RelationshipVisitor>(_ key: String, with visitor: inout Visitor) {
            switch key {
{{#sparseRelationships}}
            {{> RelationshipVisit}}
{{/sparseRelationships}}
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
{{{.}}}
{{/apiDoc}}
{{access}} enum {{apiName}}: APIDefinition {
    /// The base URL the schema names; a client may use another.
    {{access}} static let defaultBaseURL: URL? = {{#baseURLLiteral}}URL(string: {{{.}}}){{/baseURLLiteral}}{{^baseURLLiteral}}nil{{/baseURLLiteral}}
    /// The wire format the API speaks.
    {{access}} static let format: WireFormat = {{formatCase}}
    /// How the API writes dates.
    {{access}} static let dateFormat: DateFormat = {{dateFormatCase}}
    /// Every resource type of the API.
    {{access}} static var resourceTypes: [any Resource.Type] { [{{#resources}}{{resourceName}}.self{{^last()}}, {{/last()}}{{/resources}}] }
}
{{#enums}}

{{#enumDoc}}
{{{.}}}
{{/enumDoc}}
{{access}} enum {{enumName}}: RawRepresentable, Codable, Hashable, Sendable {
{{#enumCases}}
    case {{enumCaseName}}
{{/enumCases}}
    /// A value the schema does not list.
    case unknown(String)

    /// The cases the schema lists.
    {{access}} static let knownCases: [{{enumName}}] = [{{#enumCases}}.{{enumCaseName}}{{^last()}}, {{/last()}}{{/enumCases}}]

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
{{{.}}}
{{/objectDoc}}
{{access}} struct {{objectName}}: Codable, Hashable, Sendable {
{{#objectProperties}}
{{#propertyDoc}}
    {{{.}}}
{{/propertyDoc}}
    {{> PropertyDeclaration}}
{{/objectProperties}}

    /// Creates a value.
    {{access}} init({{#objectProperties}}{{> PropertyParameter}}{{^last()}}, {{/last()}}{{/objectProperties}}) {
{{#objectProperties}}
        self.{{propertyName}} = {{propertyName}}
{{/objectProperties}}
    }

    /// Wire names of the properties.
{{#objectHasCodingKeys}}
    {{access}} enum CodingKeys: String, CodingKey {
{{#objectCodingKeys}}
        case {{caseName}}{{#.rawValueLiteral}} = {{.}}{{/.rawValueLiteral}}
{{/objectCodingKeys}}
    }
{{/objectHasCodingKeys}}
{{^objectHasCodingKeys}}
    {{access}} enum CodingKeys: CodingKey {}
{{/objectHasCodingKeys}}

    {{access}} init(from decoder: any Decoder) throws {
{{#objectHasCodingKeys}}
        let container = try decoder.container(keyedBy: CodingKeys.self)
{{#objectProperties}}
        self.{{propertyName}} = try {{> PropertyDecodeValue}}
{{/objectProperties}}
{{/objectHasCodingKeys}}
{{^objectHasCodingKeys}}
        _ = try decoder.container(keyedBy: CodingKeys.self)
{{/objectHasCodingKeys}}
    }

    {{access}} func encode(to encoder: any Encoder) throws {
{{#objectHasCodingKeys}}
        var container = encoder.container(keyedBy: CodingKeys.self)
{{#objectProperties}}
        try {{> PropertyEncodeCall}}
{{/objectProperties}}
{{/objectHasCodingKeys}}
{{^objectHasCodingKeys}}
        _ = encoder.container(keyedBy: CodingKeys.self)
{{/objectHasCodingKeys}}
    }
}
{{/objects}}
{{#unions}}

{{> Union}}
{{/unions}}

"""##,
        "Paths": ##"""
{{%CONTENT_TYPE: TEXT}}
{{> Header}}
{{#addressableUnions}}

/// ``{{unionName}}`` is a polymorphic collection; its operations: {{unionOperationList}}.
extension {{unionName}}: RootResource{{#unionCapabilities}}, {{.}}{{/unionCapabilities}} {
    /// The collection's path below the base URL.
    {{access}} static var collectionPath: String { {{{unionCollectionPathLiteral}}} }
}
{{/addressableUnions}}
{{#entry}}

extension {{apiName}} {
{{#entryDoc}}
    {{{.}}}
{{/entryDoc}}
    {{access}} enum Entry: EntryPoint {
        /// The entry document's path below the base URL.
        {{access}} static var path: String { {{{entryPathLiteral}}} }
        /// The wire format of the entry document.
        {{access}} static var format: WireFormat { {{entryFormatCase}} }
{{#entryHasTemplatedLinks}}
        /// The links the schema declares as URI templates.
        {{access}} static var templatedLinks: Set<Link> { [{{#entryTemplatedLinks}}.{{.}}{{^last()}}, {{/last()}}{{/entryTemplatedLinks}}] }
{{/entryHasTemplatedLinks}}

        /// The relations of the entry document's links.
        {{access}} enum Link: String, Hashable, Sendable, CaseIterable {
{{#entryLinkCases}}
{{#linkDoc}}
            {{{.}}}
{{/linkDoc}}
            case {{linkCaseName}} = {{{linkRelLiteral}}}
{{/entryLinkCases}}
        }
    }
}
{{/entry}}

"""##,
        "PropertyDeclaration": ##"""
{{%CONTENT_TYPE: TEXT}}
{{! One stored property: its declaration (the caller writes the doc comment first: a list inside an indented partial loses the indentation after its first element in swift-mustache 2.1) (a PropertyContext). }}
{{access}}{{#propertyHasInternalSetter}} internal(set){{/propertyHasInternalSetter}} var {{propertyName}}: {{{propertyType}}}{{#propertyIsTracked}} { didSet { self.unsentAttributes.remove({{propertyUnsentPosition}}) } }{{/propertyIsTracked}}

"""##,
        "PropertyDecodeValue": ##"""
{{%CONTENT_TYPE: TEXT}}
{{! The value a stored property decodes as, from its container: the right-hand side of `self.x = try …` (a PropertyContext). Used inline, so the file has no final newline. }}
{{#propertyIsTracked}}self.unsentAttributes.note({{>PropertyReadIfPresent}}, position: {{propertyUnsentPosition}}, isAbsent: {{#propertyContainerIsOptional}}{{propertyContainer}}?.contains(.{{propertyName}}) != true{{/propertyContainerIsOptional}}{{^propertyContainerIsOptional}}!{{propertyContainer}}.contains(.{{propertyName}}){{/propertyContainerIsOptional}}){{/propertyIsTracked}}{{^propertyIsTracked}}{{^propertyIsRequired}}{{>PropertyReadIfPresent}}{{#.propertyFallback}} ?? {{{.}}}{{/.propertyFallback}}{{/propertyIsRequired}}{{#propertyIsRequired}}{{propertyContainer}}.{{#.propertyDateFormat}}decodeDate(forKey: .{{propertyName}}, format: {{{.}}}){{/.propertyDateFormat}}{{^.propertyDateFormat}}decode({{{propertyWrappedType}}}.self, forKey: .{{propertyName}}){{/.propertyDateFormat}}{{/propertyIsRequired}}{{/propertyIsTracked}}
"""##,
        "PropertyEncodeCall": ##"""
{{%CONTENT_TYPE: TEXT}}
{{! Encodes a stored property into its container: what follows `try ` (a PropertyContext); an unsent attribute is left out, a known nil written as null. Used inline, so the file has no final newline. }}
{{#propertyIsTracked}}self.unsentAttributes.encode{{#.propertyDateFormat}}Date{{/.propertyDateFormat}}(self.{{propertyName}}, position: {{propertyUnsentPosition}}, forKey: .{{propertyName}}, {{#.propertyDateFormat}}format: {{{.}}}, {{/.propertyDateFormat}}to: &{{propertyContainer}}){{/propertyIsTracked}}{{^propertyIsTracked}}{{propertyContainer}}.encode{{#.propertyDateFormat}}Date{{/.propertyDateFormat}}{{#propertyIsOptional}}IfPresent{{/propertyIsOptional}}(self.{{propertyName}}, forKey: .{{propertyName}}{{#.propertyDateFormat}}, format: {{{.}}}{{/.propertyDateFormat}}){{/propertyIsTracked}}
"""##,
        "PropertyParameter": ##"""
{{%CONTENT_TYPE: TEXT}}
{{! An initializer parameter for a stored property, with its default (a PropertyContext). Used inline, so the file has no final newline. }}
{{propertyName}}: {{{propertyType}}}{{#.propertyParameterDefault}} = {{{.}}}{{/.propertyParameterDefault}}
"""##,
        "PropertyReadIfPresent": ##"""
{{%CONTENT_TYPE: TEXT}}
{{! Reads a stored property, nil when absent (a PropertyContext). Used inline, so the file has no final newline. }}
{{propertyContainer}}{{#propertyContainerIsOptional}}?{{/propertyContainerIsOptional}}.{{#.propertyDateFormat}}decodeDateIfPresent(forKey: .{{propertyName}}, format: {{{.}}}){{/.propertyDateFormat}}{{^.propertyDateFormat}}decodeIfPresent({{{propertyWrappedType}}}.self, forKey: .{{propertyName}}){{/.propertyDateFormat}}
"""##,
        "PropertyWireValue": ##"""
{{%CONTENT_TYPE: TEXT}}
{{! What a stored property sends where no encoder writes it (a parameter, a `changes.set` value; a PropertyContext): `self.x`, or for a date in its own format its wire form, since the encoder's date strategy would write the API's format. Used inline, so the file has no final newline. }}
{{#.propertyDateFormat}}{{#propertyIsOptional}}self.{{propertyName}}.map { AttributeDateFormat{{{.}}}.wireValue(of: $0) }{{/propertyIsOptional}}{{^propertyIsOptional}}AttributeDateFormat{{{.}}}.wireValue(of: self.{{propertyName}}){{/propertyIsOptional}}{{/.propertyDateFormat}}{{^.propertyDateFormat}}self.{{propertyName}}{{/.propertyDateFormat}}
"""##,
        "RelationshipDeclaration": ##"""
{{%CONTENT_TYPE: TEXT}}
{{! One relationship property: its declaration (the caller writes the doc comment first: a list inside an indented partial loses the indentation after its first element in swift-mustache 2.1) (a RelationshipContext). }}
{{access}} var {{relationshipName}}: {{relationshipKind}}<{{relationshipTarget}}>{{#relationshipIsOptional}}?{{/relationshipIsOptional}}

"""##,
        "RelationshipParameter": ##"""
{{%CONTENT_TYPE: TEXT}}
{{! An initializer parameter for a relationship: nil when optional, else empty (a RelationshipContext). Used inline, so the file has no final newline. }}
{{relationshipName}}: {{relationshipKind}}<{{relationshipTarget}}>{{#relationshipIsOptional}}? = nil{{/relationshipIsOptional}}{{^relationshipIsOptional}} = {{relationshipKind}}(){{/relationshipIsOptional}}
"""##,
        "RelationshipVisit": ##"""
{{%CONTENT_TYPE: TEXT}}
{{! A case of `visitRelationship`'s switch (a RelationshipContext): an optional relationship is visited as an empty one when nil, and stays nil if the visitor left it empty (a HAL traversal may fill it); one that was not nil stays not nil (an empty one, linkage not sent, must not become null). Members are spelled `self.x`: a member may be named like a local of the generated code. }}
{{^relationshipIsOptional}}
case {{{relationshipKeyLiteral}}}: visitor.visit(&self.{{relationshipName}}, key: key)
{{/relationshipIsOptional}}
{{#relationshipIsOptional}}
case {{{relationshipKeyLiteral}}}:
    var value = self.{{relationshipName}} ?? {{relationshipKind}}()
    visitor.visit(&value, key: key)
    if self.{{relationshipName}} != nil || !value.isEmpty { self.{{relationshipName}} = value }
{{/relationshipIsOptional}}

"""##,
        "Requests": ##"""
{{%CONTENT_TYPE: TEXT}}
{{> Header}}
{{#requests}}

{{#requestDoc}}
{{{.}}}
{{/requestDoc}}
{{access}} struct {{requestName}}: APIRequest, Hashable {
    {{access}} typealias Response = {{{responseType}}}
    {{access}} static var method: HTTPMethod { .{{requestMethod}} }
{{#requiresAuth}}
    {{access}} static var requiresAuth: Bool { true }
{{/requiresAuth}}

{{#requestProperties}}
{{#propertyDoc}}
    {{{.}}}
{{/propertyDoc}}
    {{> PropertyDeclaration}}
{{/requestProperties}}

    /// Creates the request.
    {{access}} init({{#requestProperties}}{{> PropertyParameter}}{{^last()}}, {{/last()}}{{/requestProperties}}) {
{{#requestProperties}}
        self.{{propertyName}} = {{propertyName}}
{{/requestProperties}}
    }

    {{access}} var pathComponents: [PathComponent] { [{{#requestPathPieces}}{{#.requestPathLiteral}}.literal({{{.}}}){{/.requestPathLiteral}}{{#.requestPathParameter}}.value({{> PropertyWireValue}}.parameterValue){{/.requestPathParameter}}{{^last()}}, {{/last()}}{{/requestPathPieces}}] }
{{#hasDefaultQuery}}

    {{access}} static var defaultQueryItems: [QueryItem] { [{{#requestFixedQuery}}QueryItem(name: {{{fixedNameLiteral}}}, value: {{{fixedValueLiteral}}}){{^last()}}, {{/last()}}{{/requestFixedQuery}}] }
{{/hasDefaultQuery}}
{{#hasQuery}}

    {{access}} var queryItems: [QueryItem] {
        var items: [QueryItem] = []
{{#requestQuery}}
{{#propertyJoinsWithComma}}
        items.append({{{propertyKeyLiteral}}}, joining: {{> PropertyWireValue}}, separator: ",")
{{/propertyJoinsWithComma}}
{{^propertyJoinsWithComma}}
        items.append({{{propertyKeyLiteral}}}, {{> PropertyWireValue}})
{{/propertyJoinsWithComma}}
{{/requestQuery}}
        return items
    }
{{/hasQuery}}
{{#hasDefaultHeaders}}

    {{access}} static var defaultHeaders: [HeaderField] { [{{#requestFixedHeaders}}HeaderField(name: {{{fixedNameLiteral}}}, value: {{{fixedValueLiteral}}}){{^last()}}, {{/last()}}{{/requestFixedHeaders}}] }
{{/hasDefaultHeaders}}
{{#hasHeaders}}

    {{access}} var headers: [HeaderField] {
        var fields: [HeaderField] = []
{{#requestHeaders}}
        fields.append({{{propertyKeyLiteral}}}, {{> PropertyWireValue}})
{{/requestHeaders}}
        return fields
    }
{{/hasHeaders}}
{{#hasBody}}

    {{access}} var body: RequestBody {
{{#requestBodyIsJSON}}
        return .json(self.payload)
{{/requestBodyIsJSON}}
{{#requestBodyIsForm}}
{{^requestBodyFields}}
        return .form([])
{{/requestBodyFields}}
{{#requestBodyFields}}
{{#first()}}
        var fields: [QueryItem] = []
{{/first()}}
        fields.append({{{propertyKeyLiteral}}}, {{> PropertyWireValue}})
{{#last()}}
        return .form(fields)
{{/last()}}
{{/requestBodyFields}}
{{/requestBodyIsForm}}
{{#requestBodyIsMultipart}}
{{^requestBodyFields}}
        return .multipart([])
{{/requestBodyFields}}
{{#requestBodyFields}}
{{#first()}}
        var parts: [MultipartPart] = []
{{/first()}}
        parts.append({{{propertyKeyLiteral}}}, {{> PropertyWireValue}})
{{#last()}}
        return .multipart(parts)
{{/last()}}
{{/requestBodyFields}}
{{/requestBodyIsMultipart}}
{{#requestBodyRawContentType}}
        return .raw(self.data, contentType: {{{.}}})
{{/requestBodyRawContentType}}
    }
{{/hasBody}}
}
{{/requests}}

"""##,
        "Resource": ##"""
{{%CONTENT_TYPE: TEXT}}
{{#resourceDoc}}
{{{.}}}
{{/resourceDoc}}
{{access}} struct {{resourceName}}: Resource, {{#hal}}HALResource, {{/hal}}Codable, Hashable, Sendable, Identifiable {
    /// The resource type on the wire.
    {{access}} static var resourceType: String { {{{resourceTypeLiteral}}} }

{{#resourceProperties}}
{{#propertyDoc}}
    {{{.}}}
{{/propertyDoc}}
    {{> PropertyDeclaration}}
{{/resourceProperties}}
{{#resourceRelationships}}
{{#relationshipDoc}}
    {{{.}}}
{{/relationshipDoc}}
    {{> RelationshipDeclaration}}
{{/resourceRelationships}}
{{#jsonAPI}}
    /// JSON:API: the resource object's own `links` and `meta` (not part of the plain `Codable` form).
    {{access}} var jsonAPI = JSONAPIResourceExtras()
{{/jsonAPI}}
{{#resourceHasUnsent}}

    /// The optional attributes the server did not send (wire metadata: not compared, not hashed).
    {{spi}}{{access}} var unsentAttributes = UnsentAttributes()

    /// Whether the attribute `key` is known: false only for an optional attribute the server did not
    /// send and that was not set since (it reads as nil, yet `changes(since:)` does not send it).
    {{access}} func isKnown(_ key: CodingKeys) -> Bool {
        self.unsentAttributes.isKnown(key, among: [{{#resourceUnsentProperties}}.{{.}}{{^last()}}, {{/last()}}{{/resourceUnsentProperties}}])
    }
{{/resourceHasUnsent}}

    /// Creates a value.
    {{access}} init({{#resourceProperties}}{{> PropertyParameter}}{{^last()}}, {{/last()}}{{/resourceProperties}}{{#resourceRelationships}}, {{> RelationshipParameter}}{{/resourceRelationships}}) {
{{#resourceProperties}}
        self.{{propertyName}} = {{propertyName}}
{{/resourceProperties}}
{{#resourceRelationships}}
        self.{{relationshipName}} = {{relationshipName}}
{{/resourceRelationships}}
    }

    /// Wire names of the id, attributes and relationships.
    {{access}} enum CodingKeys: String, CodingKey {
{{#resourceCodingKeys}}
        case {{caseName}}{{#.rawValueLiteral}} = {{.}}{{/.rawValueLiteral}}
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
{{#resourceProperties}}
        self.{{propertyName}} = try {{> PropertyDecodeValue}}
{{/resourceProperties}}
{{#resourceRelationships}}
        self.{{relationshipName}} = try container.decodeIfPresent({{relationshipKind}}<{{relationshipTarget}}>.self, forKey: .{{relationshipName}}){{^relationshipIsOptional}} ?? {{relationshipKind}}(){{/relationshipIsOptional}}
{{/resourceRelationships}}
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
{{#resourceProperties}}
        try {{> PropertyEncodeCall}}
{{/resourceProperties}}
{{#resourceRelationships}}
        try container.encode{{#relationshipIsOptional}}IfPresent{{/relationshipIsOptional}}(self.{{relationshipName}}, forKey: .{{relationshipName}})
{{/resourceRelationships}}
{{/jsonAPI}}
    }
{{#hal}}

    /// Every link of the HAL document this value was decoded from, relations the schema does not name
    /// included; empty for values decoded from the plain form or created in code.
    {{access}} var links = HALLinks()
{{/hal}}
{{#hasRelationships}}

    /// The relationships' wire keys, in schema order.
    {{spi}}{{access}} static var relationshipKeys: [String] { [{{#resourceRelationships}}{{{relationshipKeyLiteral}}}{{^last()}}, {{/last()}}{{/resourceRelationships}}] }

    /// Hands the relationship with wire key `key` to `visitor` (include resolution, traversal).
    {{spi}}{{access}} mutating func visitRelationship<Visitor: RelationshipVisitor>(_ key: String, with visitor: inout Visitor) {
        switch key {
{{#resourceRelationships}}
        {{> RelationshipVisit}}
{{/resourceRelationships}}
        default: break
        }
    }
{{/hasRelationships}}
{{#hasLinks}}

    /// Link relations of this resource beyond its relationships.
    {{access}} enum Link: String, Hashable, Sendable, CaseIterable {
{{#linkCases}}
{{#linkDoc}}
        {{{.}}}
{{/linkDoc}}
        case {{linkCaseName}} = {{{linkRelLiteral}}}
{{/linkCases}}
    }
{{/hasLinks}}
}

"""##,
        "ResourceIncludes": ##"""
{{%CONTENT_TYPE: TEXT}}
extension {{resourceName}}: HasIncludes {
    /// Named include sets of ``{{resourceName}}``: pass one as `including:`.
    {{access}} enum Include: IncludeSet {
        {{access}} typealias Root = {{resourceName}}

{{#includeCases}}
{{#includeDoc}}
        {{{.}}}
{{/includeDoc}}
        case {{includeCaseName}}
{{/includeCases}}

        /// The relationship paths the set includes.
        {{access}} var paths: [IncludePath] {
            switch self {
{{#includeCases}}
            case .{{includeCaseName}}: [{{#includePaths}}IncludePath({{#includeSteps}}.{{#includeStepIsToMany}}toMany{{/includeStepIsToMany}}{{^includeStepIsToMany}}toOne{{/includeStepIsToMany}}({{{includeStepKeyLiteral}}}{{#.includeStepRelLiteral}}, rel: {{{.}}}{{/.includeStepRelLiteral}}){{^last()}}, {{/last()}}{{/includeSteps}}){{^last()}}, {{/last()}}{{/includePaths}}]
{{/includeCases}}
            }
        }
    }
}

"""##,
        "ResourcePaths": ##"""
{{%CONTENT_TYPE: TEXT}}
{{#isRoot}}

/// ``{{resourceName}}`` is a root collection; its operations: {{operationList}}.
extension {{resourceName}}: RootResource{{#resourceCapabilities}}, {{.}}{{/resourceCapabilities}} {
    /// The collection's path below the base URL.
    {{access}} static var collectionPath: String { {{{collectionPathLiteral}}} }
{{#restrictsIncludes}}
{{#acceptedIncludesDoc}}
    {{{.}}}
{{/acceptedIncludesDoc}}
    {{access}} static var acceptedIncludes: Set<IncludePath>? { Include.acceptedPaths([{{#acceptedIncludeCases}}.{{.}}{{^last()}}, {{/last()}}{{/acceptedIncludeCases}}]) }
{{/restrictsIncludes}}
}
{{/isRoot}}
{{#isChild}}

/// ``{{resourceName}}`` lives under ``{{parentName}}``; its operations: {{operationList}}.
extension {{resourceName}}: ChildResource{{#resourceCapabilities}}, {{.}}{{/resourceCapabilities}} {
    {{access}} typealias Parent = {{parentName}}
    /// The collection's segment below a parent instance.
    {{access}} static var pathSegment: String { {{{pathSegmentLiteral}}} }
{{#restrictsIncludes}}
{{#acceptedIncludesDoc}}
    {{{.}}}
{{/acceptedIncludesDoc}}
    {{access}} static var acceptedIncludes: Set<IncludePath>? { Include.acceptedPaths([{{#acceptedIncludeCases}}.{{.}}{{^last()}}, {{/last()}}{{/acceptedIncludeCases}}]) }
{{/restrictsIncludes}}
}
{{/isChild}}
{{#resourcePaths}}

extension {{resourceName}} {
{{#collectionDoc}}
    {{{.}}}
{{/collectionDoc}}
    {{access}} enum {{collectionTypeName}}: {{#collectionIsRoot}}RootCollection{{/collectionIsRoot}}{{#collectionIsChild}}ChildCollection{{/collectionIsChild}}{{#collectionCapabilities}}, {{.}}{{/collectionCapabilities}} {
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
{{#collectionRestrictsIncludes}}
{{#collectionAcceptedIncludesDoc}}
        {{{.}}}
{{/collectionAcceptedIncludesDoc}}
        {{access}} static var acceptedIncludes: Set<IncludePath>? { {{resourceName}}.Include.acceptedPaths([{{#collectionAcceptedIncludeCases}}.{{.}}{{^last()}}, {{/last()}}{{/collectionAcceptedIncludeCases}}]) }
{{/collectionRestrictsIncludes}}
    }
}
{{/resourcePaths}}
{{#pagination}}

{{#paginationDoc}}
{{{.}}}
{{/paginationDoc}}
extension {{resourceName}}: ParameterPaginated {
    /// How the collection pages without `next` links.
    {{access}} static var parameterPagination: ParameterPagination {
        ParameterPagination(
{{#paginationIsPageNumber}}
            .pageNumber(page: {{{paginationPageLiteral}}}, size: {{{paginationSizeLiteral}}}, firstPage: {{paginationFirstPage}}){{#paginationHasArguments}},{{/paginationHasArguments}}
{{/paginationIsPageNumber}}
{{#paginationIsOffset}}
            .offset(offset: {{{paginationOffsetLiteral}}}, limit: {{{paginationLimitLiteral}}}){{#paginationHasArguments}},{{/paginationHasArguments}}
{{/paginationIsOffset}}
{{#paginationIsCursor}}
            .cursor(parameter: {{{paginationCursorLiteral}}}, next: {{{paginationNextCursorLiteral}}}, size: {{{paginationSizeLiteral}}}){{#paginationHasArguments}},{{/paginationHasArguments}}
{{/paginationIsCursor}}
{{#paginationArguments}}
            {{paginationArgumentLabel}}: {{{paginationArgumentValue}}}{{^paginationArgumentIsLast}},{{/paginationArgumentIsLast}}
{{/paginationArguments}}
        )
    }
}
{{/pagination}}
{{#listParameters}}
{{#listHasFilters}}

extension {{listResourceName}} {
{{#listFilterDoc}}
    {{{.}}}
{{/listFilterDoc}}
    {{access}} struct ListFilter: Hashable, Sendable {
{{#listFilters}}
{{#listFilterDoc}}
        {{{.}}}
{{/listFilterDoc}}
        {{access}} var {{listFilterName}}: {{{listFilterType}}}
{{/listFilters}}

        /// Creates the filters; those left `nil` are not sent.
        {{access}} init({{#listFilters}}{{listFilterName}}: {{{listFilterType}}} = nil{{^listFilterIsLast}}, {{/listFilterIsLast}}{{/listFilters}}) {
{{#listFilters}}
            self.{{listFilterName}} = {{listFilterName}}
{{/listFilters}}
        }

        /// The query items of the filters that are not `nil`, in declaration order.
        {{access}} var queryItems: [QueryItem] {
            var items: [QueryItem] = []
{{#listFilters}}
{{#listFilterJoinsWithComma}}
            items.append({{{listFilterKeyLiteral}}}, joining: self.{{listFilterName}}, separator: ",")
{{/listFilterJoinsWithComma}}
{{^listFilterJoinsWithComma}}
            items.append({{{listFilterKeyLiteral}}}, self.{{listFilterName}})
{{/listFilterJoinsWithComma}}
{{/listFilters}}
            return items
        }
{{#listFilterEnums}}

        /// The values the filter takes; no other value can be sent.
        {{access}} enum {{listEnumName}}: String, Hashable, Sendable, CaseIterable {
{{#listEnumCases}}
            case {{listCaseName}} = {{{listCaseValueLiteral}}}
{{/listEnumCases}}
        }
{{/listFilterEnums}}
    }
}
{{#listFilterEnums}}

{{spi}}extension {{listResourceName}}.ListFilter.{{listEnumName}}: ParameterValue {}
{{/listFilterEnums}}
{{/listHasFilters}}
{{#listHasIncludeLimits}}

extension {{listResourceName}} {
{{#listIncludeLimitsDoc}}
    {{{.}}}
{{/listIncludeLimitsDoc}}
    {{access}} struct IncludeLimits: Hashable, Sendable {
{{#listIncludeLimits}}
{{#listLimitDoc}}
        {{{.}}}
{{/listLimitDoc}}
        {{access}} var {{listLimitName}}: Int?
{{/listIncludeLimits}}

        /// Creates the limits; those left `nil` are not sent.
        {{access}} init({{#listIncludeLimits}}{{listLimitName}}: Int? = nil{{^listLimitIsLast}}, {{/listLimitIsLast}}{{/listIncludeLimits}}) {
{{#listIncludeLimits}}
            self.{{listLimitName}} = {{listLimitName}}
{{/listIncludeLimits}}
        }

        /// The query items of the limits that are not `nil`, in declaration order.
        {{access}} var queryItems: [QueryItem] {
            var items: [QueryItem] = []
{{#listIncludeLimits}}
            items.append({{{listLimitKeyLiteral}}}, self.{{listLimitName}})
{{/listIncludeLimits}}
            return items
        }
    }
}
{{/listHasIncludeLimits}}
{{#listHasSortKeys}}

/// The keys ``{{listResourceName}}`` may be sorted by, each ascending or `.descending`.
extension ListSort<{{listResourceName}}> {
{{#listSortKeys}}
{{#listSortDoc}}
    {{{.}}}
{{/listSortDoc}}
    {{access}} static var {{listSortName}}: Self { Self(key: {{{listSortKeyLiteral}}}) }
{{/listSortKeys}}
}
{{/listHasSortKeys}}
{{#listBuilders}}

extension {{listBuilderOwner}} {
{{#listBuilderDoc}}
    {{{.}}}
{{/listBuilderDoc}}
    ///
    /// - Parameters:
{{#listArguments}}
    ///   - {{listArgumentLabel}}: {{listArgumentDoc}}
{{/listArguments}}
    /// - Returns: {{listBuilderReturns}}
    {{access}} static func list({{#listArguments}}{{listArgumentLabel}}: {{{listArgumentType}}} = {{{listArgumentDefault}}}{{^listArgumentIsLast}}, {{/listArgumentIsLast}}{{/listArguments}}) -> {{{listBuilderReturnType}}} {
        var query: [QueryItem] = []
{{#listArguments}}
{{#listArgumentIsFilter}}
        query.append(contentsOf: {{listArgumentLabel}}.queryItems)
{{/listArgumentIsFilter}}
{{#listArgumentIsSort}}
        query.append({{{listArgumentKeyLiteral}}}, sort: {{listArgumentLabel}})
{{/listArgumentIsSort}}
{{#listArgumentIsScalar}}
        query.append({{{listArgumentKeyLiteral}}}, {{listArgumentLabel}})
{{/listArgumentIsScalar}}
{{#listArgumentIsIncludeLimits}}
        query.append(contentsOf: {{listArgumentLabel}}.queryItems)
{{/listArgumentIsIncludeLimits}}
{{/listArguments}}
        return list(query: query)
    }
}
{{/listBuilders}}
{{/listParameters}}

"""##,
        "Resources": ##"""
{{%CONTENT_TYPE: TEXT}}
{{> Header}}
{{#resources}}

{{> Resource}}
{{#hal}}

{{> HALDecoding}}
{{/hal}}
{{#jsonAPI}}

{{> JSONAPIResource}}
{{/jsonAPI}}
{{#hasIncludeSets}}

{{> ResourceIncludes}}
{{/hasIncludeSets}}
{{> ResourcePaths}}
{{/resources}}

"""##,
        "Union": ##"""
{{%CONTENT_TYPE: TEXT}}
{{#unionDoc}}
{{{.}}}
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
    {{access}} static var memberTypes: [any Resource.Type] { [{{#unionMembers}}{{unionMemberName}}.self{{^last()}}, {{/last()}}{{/unionMembers}}] }
{{#unionDiscriminator}}

    /// How a HAL resource tells which member it is.
    {{spi}}{{access}} static var halDiscriminator: HALUnionDiscriminator? { .{{#discriminatorProperty}}property({{{.}}}, values: {{/discriminatorProperty}}{{#discriminatorBySelfLink}}selfLink(paths: {{/discriminatorBySelfLink}}{{#discriminatorByEmbeddedKey}}embeddedKey(keys: {{/discriminatorByEmbeddedKey}}[{{#discriminatorValues}}{{{.}}}{{^last()}}, {{/last()}}{{/discriminatorValues}}]) }
{{/unionDiscriminator}}

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
        {{spi}}{{access}} var wireString: String {
            switch self {
{{#unionMembers}}
            case .{{unionCaseName}}(let id): id.wireString
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
    ]
}
