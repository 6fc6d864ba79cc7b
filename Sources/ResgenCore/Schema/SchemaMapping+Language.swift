/// The schema language, one ``SchemaMapping`` per position: what ``SchemaDecoder`` accepts and what
/// `resgen json-schema` describes. The words follow docs/schema.md (a test checks that every key
/// here is documented there).
extension SchemaMapping {
    /// A schema file.
    public static let file = SchemaMapping(
        name: "schemaFile",
        description: "A resgen schema file: one API's resources, objects, enums and requests (docs/schema.md). Exactly one file of the API has 'api'.",
        keys: [
            SchemaKey("api", .mapping(.api), "The API's name, wire format and base URL; exactly one file of the API has it."),
            SchemaKey("resources", .names(of: .mapping(.resource), entryMayBeNull: true), "Resources by Swift type name."),
            SchemaKey("objects", .names(of: .mapping(.object), entryMayBeNull: true), "Value structs embedded in attributes, by Swift type name."),
            SchemaKey("enums", .names(of: .mapping(.enumeration), entryMayBeNull: true), "String enums, by Swift type name."),
            SchemaKey("requests", .names(of: .mapping(.request), entryMayBeNull: true), "Free-form (Crane-style) request types, by Swift type name."),
            SchemaKey("unions", .names(of: .mapping(.union), entryMayBeNull: false), "Unions of resources, by Swift type name: several resource types behind one relationship or one collection (a loan's item is a book, a film or an album) → an enum with a case per member."),
            SchemaKey("entry", .mapping(.entry), "The API's entry point (`GET /`) and its links → `<Name>.Entry`; in one file of the API."),
            SchemaKey("$schema", .text, "The JSON Schema editors check this file with (`resgen json-schema`, docs/resgen-schema.json): a URL or a path relative to the file. resgen ignores it; it lets a JSON schema file name its JSON Schema, which a comment cannot."),
        ]
    )

    /// The `api:` block.
    public static let api = SchemaMapping(
        name: "api",
        description: "The API as a whole: its name, wire format and base URL.",
        keys: [
            SchemaKey("name", .text, "Required: the namespace enum of the generated code and the prefix of its file names (`Blog` → `Blog+Models.swift`)."),
            SchemaKey("format", .choice(WireFormat.allCases.map(\.rawValue)), "Required: the wire format, `jsonapi` or `hal`."),
            SchemaKey("baseURL", .text, "An absolute http(s) URL → `<Name>.baseURL`."),
            SchemaKey("description", .text, "Doc comment of the namespace enum."),
            SchemaKey("dateFormat", .choice(DateFormat.allCases.map(\.rawValue)), "How `Date` values are written on the wire (default `iso8601`) → `<Name>.dateFormat`."),
            SchemaKey("relationshipWrites", .choice(HALWriteDecl.Form.allCases.map(\.rawValue)), "HAL: how the server takes every relationship in request bodies unless the relationship's `write` says otherwise — `link` (`_links`), `uri` (the related resource's URI in a property), `id` (its id in a property) or `none` (the default: not sent)."),
        ],
        requirements: [.key("name"), .key("format")]
    )

    /// One resource.
    public static let resource = SchemaMapping(
        name: "resource",
        description: "A resource: a Codable model with an id, its paths, operations, relationships and include sets. The key is its Swift type name.",
        keys: [
            SchemaKey("type", .text, "The JSON:API resource type; required for jsonapi, defaults to the lowerCamelCase name for hal."),
            SchemaKey("path", .text, "A root resource's absolute collection path (`/articles`), or a child's one segment under its parent (`comments`). Used exactly as written, trailing slash included."),
            SchemaKey("parent", .text, "The resource this one is nested under: its paths are `/<parent path>/{id}/<path>`."),
            SchemaKey("id", .typeNamed(BuiltinType.identifierTypes.map(\.rawValue)), "The identifier type: String (default), Int, Int32, Int64 or UUID."),
            SchemaKey("description", .text, "Doc comment of the model."),
            SchemaKey("clientID", .flag, "The client may choose the id on create (JSON:API)."),
            SchemaKey("sparseFieldsets", .flag, "Generate `<Name>.Sparse`, every field optional, for sparse fieldset reads (JSON:API; ignored with a warning for hal)."),
            SchemaKey("operations", .list(of: .choice(ResourceOperationKind.allCases.map(\.rawValue))), "The capabilities granted: list (GET collection), show (GET instance), create (POST collection), replace (PUT instance), patch (PATCH instance), delete (DELETE instance). An operation not listed has no builder."),
            SchemaKey("attributes", .names(of: .shortOrLong(.type, .attribute), entryMayBeNull: false), "Attributes by property name: a type (`title: String`) or the long form (`{ type: Date, key: published-at }`)."),
            SchemaKey("relationships", .names(of: .mapping(.relationship), entryMayBeNull: true), "Relationships by property name: `{ toOne: Person }` or `{ toMany: Comment }`."),
            SchemaKey("includes", .names(of: .list(of: .text), entryMayBeNull: false), "Named include sets → `<Name>.Include`: lists of dot paths of relationships (`comments.author`, `[comments].author`)."),
            SchemaKey("links", .names(of: .shortOrLong(.text, .link), entryMayBeNull: false), "HAL link relations beyond relationships → `<Name>.Link`: a relation (`help: help`) or `{ rel, templated, description }`."),
            SchemaKey("meta", .type, "JSON:API: the type of the resource object's `meta` (an object, usually) → a typed `resourceMeta` property, decoded with the resource; `jsonAPI.meta` keeps it untyped."),
            SchemaKey("documentMeta", .type, "JSON:API: the type of the top-level `meta` of documents whose primary data is this resource (a total count) → `page.documentMeta`, `document.documentMeta`."),
            SchemaKey("acceptsIncludes", .list(of: .text), "The include sets (names in `includes`) the resource's own path accepts on `list` and `show`; a call whose includes reach beyond them is refused before it is sent. `[]`: none. Absent: any. Each of `paths` says its own."),
            SchemaKey("paths", .names(of: .mapping(.resourcePath), entryMayBeNull: false), "Further paths of the same collection (`/projects/{id}/tasks` beside `/tasks`), by the name of a nested type (`inProject` → `Task.InProject`), each with its own operations and builders."),
            SchemaKey("pagination", .mapping(.pagination), "How the collection pages when a page has no `next` link: `{ style: pageNumber | offset | cursor, … }` with the parameters and where `meta` says when to stop."),
            SchemaKey("list", .mapping(.listParameters), "The typed parameters of the list operation → `<Name>.list(filter:sort:limit:…)`: `filters`, `sort` keys, a plain `limit`, `includeLimits` of included to-manys; page parameters come from `pagination:`."),
        ]
    )

    /// An attribute of a resource or object, a path parameter, a form field or a multipart part (long form).
    public static let attribute = SchemaMapping(
        name: "attribute",
        description: "An attribute's long form (also a path parameter, form field or multipart part).",
        keys: attributeKeys,
        requirements: [.key("type")]
    )

    /// A query item or header field (long form): an attribute that may be a fixed `value` instead.
    public static let fixableParameter = SchemaMapping(
        name: "queryOrHeader",
        description: "A query item or header field's long form; `value` makes it fixed instead of a parameter.",
        keys: attributeKeys + [
            SchemaKey("value", .text, "A fixed value: the item or field is always sent with it and is not a parameter (`apiVersion: { key: X-API-Version, value: \"2\" }`)."),
            SchemaKey("join", .choice(["comma", "repeat"]), "A query item of several values (a list type): `repeat` (the default, `states=a&states=b`) or `comma` (one item, `states=a,b`, as JSON:API filters and sorts are written)."),
        ],
        requirements: [.anyOf(["type", "value"])]
    )

    private static let attributeKeys = [
        SchemaKey("type", .type, "The type (required in the long form unless `value` is given): String, Int, Int32, Int64, Double, Float, Bool, Decimal, Date, URL, UUID, Data, a resources/objects/enums name, `T?`, `[T]`, `[String: T]`; `File` only for multipart parts."),
        SchemaKey("key", .text, "The JSON key on the wire (or the query item or header name), e.g. `published-at`; default: the name."),
        SchemaKey("description", .text, "Doc comment of the property."),
        SchemaKey("default", .any, nullMeansAbsent: false, "Used when the key is absent on decode, and as the initializer's default. It must fit the type: a scalar, an enum's value, `[]`, `{}`, or null for optionals."),
        SchemaKey("readOnly", .flag, "Set by the server: settable through the initializer only; never sent."),
        SchemaKey("writeOnly", .flag, "Sent by the client, never returned (a password): optional in the decoded model. Attributes only; not with readOnly."),
        SchemaKey("dateFormat", .list(of: .shortOrLong(.choice(AttributeDateFormat.names), .datePattern)), nullMeansAbsent: false, "For a `Date` or `Date?`: `date` (1968-11-01), an API-wide format name, or `{ pattern: \"dd.MM.yyyy\" }`; instead of the API's dateFormat. A list of them is tried in order on reading, and the first is written."),
    ]

    /// `dateFormat: { pattern: … }`.
    public static let datePattern = SchemaMapping(
        name: "datePattern",
        description: "A custom date format.",
        keys: [
            SchemaKey("pattern", .text, "A Unicode date pattern such as `dd.MM.yyyy` (POSIX locale, UTC unless the pattern has a zone)."),
        ]
    )

    /// One relationship.
    public static let relationship = SchemaMapping(
        name: "relationship",
        description: "A relationship: `toOne` or `toMany` naming its target resource.",
        keys: [
            SchemaKey("toOne", .list(of: .text), "The target resource or union of a to-one relationship (`Person`, or `Person?` when it may be absent or null) → `ToOne<Person>`; a list of resources (`[Book, Film]`) is a polymorphic relationship → `ToOne<<Owner><Name>>`, a union enum."),
            SchemaKey("toMany", .list(of: .text), "The target resource or union of a to-many relationship → `ToMany<Comment>`; a list of resources is a polymorphic relationship, as for `toOne`."),
            SchemaKey("key", .text, "The relationship's wire name (JSON:API relationship name); default: the name."),
            SchemaKey("rel", .text, "The HAL link relation; default: the wire name. CURIEs such as `ea:orders` are kept as written."),
            SchemaKey("description", .text, "Doc comment."),
            SchemaKey("optional", .flag, "`true` makes the property optional (same as a trailing `?` on the target)."),
            SchemaKey("meta", .type, "JSON:API: the type of the relationship object's `meta` → a typed `<name>Meta` property of the model, decoded with it; `<name>.meta` keeps it untyped."),
            SchemaKey("linkage", .choice(RelationshipDecl.Linkage.allCases.map(\.rawValue)), "JSON:API: when the server writes the relationship's `data` — `always` (default: `null` and `[]` mean none) or `whenIncluded` (servers such as safrs write `null`/`[]` unless the relationship was included: an empty linkage then reads as unknown, the relationship kept with its links, never as \"none\")."),
            SchemaKey("write", .shortOrLong(.choice(HALWriteDecl.Form.allCases.map(\.rawValue)), .halWrite), "HAL: how the server takes the relationship in request bodies (create, replace, `changes(since:)`) — `link` (`_links: { rel: { href } }`), `uri` (the related resource's URI in the property named like the wire key, Spring Data REST), `id` (its id in `<key>Id`, a to-many's ids in `<key>Ids`), `{ uri: <property> }` or `{ id: <property> }` (another property), `none` (not sent); default: the API's `relationshipWrites`."),
        ],
        requirements: [.exactlyOne(["toOne", "toMany"])]
    )

    /// A relationship's `write:` (long form).
    public static let halWrite = SchemaMapping(
        name: "relationshipWrite",
        description: "The property a HAL server takes a relationship in: exactly one of `uri` or `id`.",
        keys: [
            SchemaKey("uri", .text, "The property that holds the related resource's URI (`venue_url`)."),
            SchemaKey("id", .text, "The property that holds the related resource's id (`venue_id`), or a to-many's ids."),
        ],
        exactlyOneKey: true
    )

    /// One entry of `unions:`.
    public static let union = SchemaMapping(
        name: "union",
        description: "A union of resources: what a polymorphic relationship points to or a polymorphic collection holds. The key is its Swift type name → an enum with a case per member and `other` for a type the schema does not list.",
        keys: [
            SchemaKey("members", .list(of: .text), "Required: the member resources (two or more), in order → one case each (`Book` → `.book(Book)`)."),
            SchemaKey("type", .text, "The name the union goes by: a HAL collection's `_embedded` key; default: the lowerCamelCase name. Never checked against a JSON:API `type` (each member has its own)."),
            SchemaKey("path", .text, "The absolute path of a polymorphic collection (`/items`) whose members are of several types."),
            SchemaKey("operations", .list(of: .choice(["list"])), "`list`: read the polymorphic collection (its members are created, read and changed through their own paths)."),
            SchemaKey("description", .text, "Doc comment of the enum."),
            SchemaKey("includes", .names(of: .list(of: .text), entryMayBeNull: false), "Named include sets → `<Name>.Include`: a path continues on the members that have its next relationship (`author` where only `Book` has one)."),
            SchemaKey("discriminator", .shortOrLong(.choice(["selfLink", "embeddedKey"]), .discriminator), "HAL (required there): how a member's type is told — `{ property: kind }` (a property holding the member's `type`, or the `values` given per member), `selfLink` (the member's collection path starts its `self` link) or `embeddedKey` (the `_embedded` key, the member's `type`)."),
        ],
        requirements: [.key("members")]
    )

    /// A union's `discriminator:` (long form).
    public static let discriminator = SchemaMapping(
        name: "discriminator",
        description: "A HAL union's discriminating property.",
        keys: [
            SchemaKey("property", .text, "Required: the property whose value tells the member (`kind`)."),
            SchemaKey("values", .names(of: .text, entryMayBeNull: false), "The property's value for each member, by member name (`{ Book: book, Film: film }`); default: the member's `type`."),
        ],
        requirements: [.key("property")]
    )

    /// One entry of a resource's `links:` (long form).
    public static let link = SchemaMapping(
        name: "link",
        description: "A HAL link relation that is not a relationship.",
        keys: [
            SchemaKey("rel", .text, "The relation as the server names it (`ea:find`); default: the name."),
            SchemaKey("templated", .flag, "The link is a URI template."),
            SchemaKey("description", .text, "Doc comment of the case."),
        ]
    )

    /// One entry of `objects:`.
    public static let object = SchemaMapping(
        name: "object",
        description: "A value struct (no id, no paths) embedded in attributes. The key is its Swift type name.",
        keys: [
            SchemaKey("description", .text, "Doc comment of the struct."),
            SchemaKey("attributes", .names(of: .shortOrLong(.type, .attribute), entryMayBeNull: false), "Attributes by property name, as for resources."),
        ]
    )

    /// One entry of `enums:`.
    public static let enumeration = SchemaMapping(
        name: "enum",
        description: "A string enum; a value the schema does not list decodes as `.unknown(\"value\")`. The key is its Swift type name.",
        keys: [
            SchemaKey("description", .text, "Doc comment of the enum."),
            SchemaKey("values", .enumValues, nullMeansAbsent: false, "Required: the wire values (`[active, in-repair]` → `.active`, `.inRepair`); `- caseName: value` names a case explicitly."),
        ],
        requirements: [.key("values")]
    )

    /// One entry of `requests:`.
    public static let request = SchemaMapping(
        name: "request",
        description: "A free-form request type for an endpoint that is not a resource operation. The key is its Swift type name.",
        keys: [
            SchemaKey("method", .choice(HTTPMethods.all, ignoringCase: true), "Required: the HTTP method (case-insensitive)."),
            SchemaKey("path", .text, "Required: a path template starting with `/`, appended to the base URL: `{name}` parameters, `{name=default}` with a default."),
            SchemaKey("description", .text, "Doc comment of the request type."),
            SchemaKey("parameters", .names(of: .shortOrLong(.type, .attribute), entryMayBeNull: false), "Types of the path parameters (default String, Int when the default is an integer); when given, every `{name}` without an inline default is declared here."),
            SchemaKey("query", .names(of: .shortOrLong(.type, .fixableParameter), entryMayBeNull: false), "Query items: scalars, enums or arrays of them; optional ones are left out when nil."),
            SchemaKey("headers", .names(of: .shortOrLong(.type, .fixableParameter), entryMayBeNull: false), "Header fields: one scalar or enum value each; `key` is the header name."),
            SchemaKey("response", .type, "The decoded response type; absent or `none`: an empty response."),
            SchemaKey("auth", .choice(RequestDecl.Auth.allCases.map(\.rawValue)), "`required` marks the request as needing credentials; `none` is the default."),
            SchemaKey("body", .shortOrLong(.type, .requestBody), nullMeansAbsent: false, "The body: a type (a JSON body), or one of `json`, `form`, `multipart`, `raw`."),
            SchemaKey("includes", .names(of: .list(of: .text), entryMayBeNull: false), "Named include sets of the response's resource (a `response` that is a resource or an array of one) → `<Request>.Include`, passed to `send(_:including:)`: lists of dot paths of relationships (`assignee`, `[comments].author`)."),
        ],
        requirements: [.key("method"), .key("path")]
    )

    /// A request's `body:` (long form).
    public static let requestBody = SchemaMapping(
        name: "requestBody",
        description: "A request body: exactly one of `json`, `form`, `multipart` or `raw`.",
        keys: [
            SchemaKey("json", .type, "A JSON body of this type."),
            SchemaKey("form", .names(of: .shortOrLong(.type, .attribute), entryMayBeNull: false), "A URL-encoded form: fields by name, each one scalar or enum value."),
            SchemaKey("multipart", .names(of: .shortOrLong(.type, .attribute), entryMayBeNull: false), "A multipart form: parts by name, each `File`, a scalar or an enum."),
            SchemaKey("raw", .text, "Raw bytes with this content type (`application/octet-stream`): a `data: Data` property."),
        ],
        exactlyOneKey: true
    )
}
