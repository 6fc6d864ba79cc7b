/// The probe: a schema that uses every feature once, with names that all contain `probe`, rendered
/// to learn which names generated code uses besides the schema's own (see ``GeneratedNames``).
///
/// Every feature the templates can render must appear here, or names only that feature's code uses
/// go unnoticed: `GeneratedNamesTests` checks that the examples' and the test schemas' generated code
/// names nothing the probe's does not.
extension GeneratedNames {
    enum Probe {
        /// Whether `name` comes from the probe schema rather than from the templates or the translator.
        static func isProbeName(_ name: String) -> Bool {
            name.lowercased().contains("probe")
        }

        /// For each kind of member name: the probe's member of that kind, and the probe type it must
        /// be found in (nil: any type that declares it).
        static let markers: [(kind: MemberKind, marker: String, scope: String?)] = [
            (.resourceAttribute, "probeAttribute", nil),
            (.resourceRelationship, "probeRelationship", nil),
            (.objectMember, "probeObjectAttribute", nil),
            (.enumCase, "probeCase", nil),
            (.includeSet, "probeIncludeSet", nil),
            (.link, "probeLink", nil),
        ] + RequestBodyKind.allCases.map { (.requestParameter($0), "probeParameter", requestName($0)) }

        /// The probe request with a body of `kind`.
        static func requestName(_ kind: RequestBodyKind) -> String {
            switch kind {
            case .none: "ProbeRequestNone"
            case .json: "ProbeRequestJSON"
            case .form: "ProbeRequestForm"
            case .multipart: "ProbeRequestMultipart"
            case .raw: "ProbeRequestRaw"
            }
        }

        /// The probe's generated code, all files in one text; nil when the templates do not render.
        static func render(templates: TemplateSet, format: WireFormat) -> String? {
            let diagnostics = CollectingDiagnosticCollector()
            guard let document = YAMLLoader.load(InputFile(path: "probe.yml", text: schema(format: format)), diagnostics: diagnostics) else { return nil }
            let decoded = SchemaDecoder(diagnostics: diagnostics).decode([document])
            let model = Validator(diagnostics: diagnostics, templates: nil).validate(decoded)
            guard !diagnostics.hasErrors else { return nil }
            let context = Translator(model: model, config: Config(), inputHash: "probe").translate()
            guard let files = try? Renderer(templates: templates).render(context) else { return nil }
            return files.map(\.contents).joined(separator: "\n")
        }

        /// The probe schema for `format`.
        static func schema(format: WireFormat) -> String {
            let sparse = format == .jsonapi ? "sparseFieldsets: true" : ""
            let meta = format == .jsonapi ? "meta: ProbeObject" : ""
            let documentMeta = format == .jsonapi ? "documentMeta: ProbeObject" : ""
            let relationshipMeta = format == .jsonapi ? ", meta: ProbeObject" : ""
            // HAL relationship writes (`HALWrite`, `HALWriteLinks`): a link and an id property.
            let writtenLink = format == .hal ? #"probeWrittenLink: { toOne: ProbeResource?, rel: "probe:written", write: link }"# : ""
            let writtenIDs = format == .hal ? #"probeWrittenIDs: { toMany: ProbeResource, rel: "probe:ids", write: { id: probe_ids } }"# : ""
            return """
                api:
                  name: ProbeAPI
                  format: \(format.rawValue)
                  baseURL: https://probe.example
                  description: probe
                enums:
                  ProbeEnum:
                    description: probe
                    values: [probeCase, { probeNamedCase: probe-value }]
                objects:
                  ProbeObject:
                    description: probe
                    attributes:
                      probeObjectAttribute: { type: String, description: probe }
                      probeObjectDictionary: "[String: [Int]]?"
                  ProbeEmptyObject: {}
                resources:
                  ProbeResource:
                    type: probe-resources
                    path: /probe-resources
                    id: Int
                    clientID: true
                    \(sparse)
                    \(meta)
                    \(documentMeta)
                    operations: [list, show, create, replace, patch, delete]
                    description: probe
                    attributes:
                      probeAttribute: { type: String, description: probe, key: probe-attribute }
                      probeReadOnly: { type: Date, readOnly: true }
                      probeWriteOnly: { type: String, writeOnly: true }
                      probeDay: { type: Date, dateFormat: date }
                      probePattern: { type: Date?, dateFormat: { pattern: yyyy } }
                      probeInt: { type: Int, default: 1 }
                      probeInt32: { type: Int32, default: 1 }
                      probeInt64: { type: Int64?, default: 1 }
                      probeDouble: { type: Double, default: 1.5 }
                      probeFloat: { type: Float, default: 1 }
                      probeBool: { type: Bool, default: true }
                      probeDecimal: { type: Decimal, default: 1 }
                      probeURL: { type: URL, default: "https://probe.example" }
                      probeUUID: { type: UUID, default: "00000000-0000-0000-0000-000000000000" }
                      probeString: { type: String, default: probe }
                      probeData: Data?
                      probeEnum: { type: ProbeEnum, default: probeCase }
                      probeList: { type: "[ProbeEnum]", default: [] }
                      probeMap: { type: "[String: ProbeObject]", default: {} }
                      probeNull: { type: ProbeObject?, default: null }
                      probeEmpty: ProbeEmptyObject?
                      probeResources: "[ProbeChildResource]?"
                    relationships:
                      probeRelationship: { toOne: ProbeChildResource, description: probe }
                      probeOptionalRelationship: { toOne: ProbeResource?, rel: "probe:one" }
                      probeManyRelationship: { toMany: ProbeChildResource, key: probe-many\(relationshipMeta) }
                      probeOptionalManyRelationship: { toMany: ProbeResource?, rel: "probe:many" }
                      \(writtenLink)
                      \(writtenIDs)
                    includes:
                      probeIncludeSet: [probeRelationship, "[probeManyRelationship]", probeOptionalRelationship.probeRelationship]
                    links:
                      probeLink: { rel: "probe:link", templated: true, description: probe }
                      probePlainLink: probe-plain
                    paths:
                      probeRootPath: { path: /probe-more-resources, operations: [list, show, create, replace, patch, delete], description: probe }
                      probeChildPath: { parent: ProbeChildResource, path: probe-nested-resources, operations: [list] }
                    pagination: { style: pageNumber, pageSize: 10, hasNext: probe.has_next, totalPages: probe.pages, count: probe.count }
                    list:
                      filters:
                        probeFilter: "[String]"
                        probeRepeatedFilter: { type: "[ProbeEnum]", key: probe-repeated, join: repeat, description: probe }
                        probeClosedFilter: { type: "[String]", values: [probeValue, { probeNamedValue: probe-value }] }
                      sort: [probe-attribute, { probeSortKey: id }]
                      includeLimits: [probeManyRelationship]
                  ProbeChildResource:
                    type: probe-children
                    parent: ProbeResource
                    path: probe-children
                    id: UUID
                    \(sparse)
                    operations: [list, show, create, replace, patch, delete]
                    attributes:
                      probeAttribute: { type: String, readOnly: true }
                    relationships:
                      probeRelationship: { toOne: ProbeResource? }
                    includes:
                      probeIncludeSet: [probeRelationship]
                    list: { filters: { probeFilter: Int }, limit: probe-limit }
                  ProbeGrandchildResource:
                    type: probe-grandchildren
                    parent: ProbeChildResource
                    path: probe-grandchildren
                    operations: [list]
                    pagination: { style: cursor, nextCursor: /probe/next }
                  ProbeBareResource:
                    type: probe-bares
                    \(sparse)
                    relationships:
                      probeUnionRelationship: { toMany: ProbeUnion }
                unions:
                  ProbeUnion:
                    members: [ProbeResource, ProbeBareResource]
                    type: probe-unions
                    path: /probe-unions
                    description: probe
                    includes:
                      probeIncludeSet: [probeRelationship]
                    \(format == .hal ? "discriminator: { property: probeAttribute }" : "")
                entry:
                  path: /probe-entry
                  description: probe
                  links:
                    probeEntryLink: { rel: "probe:entry", templated: true, description: probe }
                    probePlainEntryLink: probe-entry-plain
                requests:
                  ProbeRequestNone:
                    description: probe
                    method: GET
                    path: /probe/{probePath}/{probeDefault=1}
                    parameters: { probePath: UUID }
                    query:
                      probeParameter: "[ProbeEnum]"
                      probeOptional: Int?
                      probeJoined: { type: "[String]?", join: comma }
                      probeFixed: { value: probe }
                    headers:
                      probeHeader: { type: String, key: X-Probe }
                      probeFixedHeader: { key: X-Probe-Fixed, value: probe }
                    auth: required
                    response: "[ProbeResource]"
                    includes:
                      probeIncludeSet: [probeRelationship]
                  ProbeRequestJSON:
                    method: POST
                    path: /probe-json
                    query: { probeParameter: String? }
                    body: ProbeObject
                    response: ProbeObject
                  ProbeRequestForm:
                    method: POST
                    path: /probe-form
                    query: { probeParameter: String? }
                    body: { form: { probeField: String, probeOptionalField: Int? } }
                    response: ProbeEnum
                  ProbeRequestMultipart:
                    method: PUT
                    path: /probe-multipart
                    query: { probeParameter: String? }
                    body: { multipart: { probePart: File, probeText: String? } }
                  ProbeRequestRaw:
                    method: POST
                    path: /probe-raw
                    query: { probeParameter: String? }
                    body: { raw: text/probe }
                    response: none
                  ProbeRequestEmptyForm:
                    method: POST
                    path: /probe-empty
                    body: { form: {} }

                """
        }
    }
}
