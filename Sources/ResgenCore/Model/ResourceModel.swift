/// Stage 3's output: a schema that is known to be valid.
///
/// Every reference resolves, every Swift name is a valid identifier (escaping keywords is left to the
/// translator, which spells the code) and unique in its scope, every type is known. Later stages rely
/// on that and use `precondition` rather than diagnostics.
public struct ResourceModel: Hashable, Sendable {
    /// The `api:` block.
    public var api: APIInfo
    /// Resources, sorted by name.
    public var resources: [ResourceInfo]
    /// Objects, sorted by name.
    public var objects: [ObjectInfo]
    /// Enums, sorted by name.
    public var enums: [EnumInfo]
    /// Free-form requests, sorted by name.
    public var requests: [RequestInfo]
    /// Unions of resources (declared and inline), sorted by name.
    public var unions: [UnionInfo] = []
    /// The entry point (`entry:`), when the schema declares one.
    public var entry: EntryInfo?
}

/// The API as a whole.
public struct APIInfo: Hashable, Sendable {
    /// Swift name of the namespace enum and prefix of the file names.
    public var name: String
    /// The wire format.
    public var format: WireFormat
    /// The default base URL, when the schema gives one.
    public var baseURL: String?
    /// `description`.
    public var description: String?
    /// The date format.
    public var dateFormat: DateFormat
}

/// A literal default value, already checked against its property's type.
public enum DefaultValue: Hashable, Sendable {
    case string(String)
    case integer(String)
    case number(String)
    case bool(Bool)
    /// A case of an enum: the Swift case name.
    case enumCase(String)
    case url(String)
    case uuid(String)
    case null
    case emptyArray
    case emptyDictionary
}

/// An attribute of a resource or object, or a parameter of a request.
public struct PropertyInfo: Hashable, Sendable {
    /// The name as written in the schema.
    public var name: String
    /// The Swift identifier (unescaped; may be a keyword).
    public var swiftName: String
    /// The name on the wire (JSON key, query item name or header name).
    public var wireKey: String
    /// The type.
    public var type: TypeRef
    /// `description`.
    public var description: String?
    /// `default`.
    public var defaultValue: DefaultValue?
    /// `readOnly`.
    public var readOnly: Bool
    /// `writeOnly`: sent on create and update, never expected back (optional in the decoded model).
    public var writeOnly: Bool = false
    /// `dateFormat`: how this `Date` is written, when not the API's format.
    public var dateFormat: AttributeDateFormat?
    /// A fixed value: the property is not a parameter but always sends this text.
    public var fixedValue: String?
    /// A query item of several values sent as one item, joined by commas (`join: comma`).
    public var joinsWithComma: Bool = false
    /// Where the declaration is, as a key path (`resources.Article.attributes.title`) for remarks.
    public var keyPath: String
}

/// A relationship of a resource.
public struct RelationshipInfo: Hashable, Sendable {
    /// The name as written in the schema.
    public var name: String
    /// The Swift identifier.
    public var swiftName: String
    /// The JSON:API relationship name / JSON key.
    public var wireKey: String
    /// The HAL link relation (may be a CURIE).
    public var rel: String
    /// The target resource's name.
    public var target: String
    /// To-many rather than to-one.
    public var isToMany: Bool
    /// Whether the relationship may be absent or null.
    public var isOptional: Bool
    /// `description`.
    public var description: String?
    /// Key path for remarks.
    public var keyPath: String
    /// The declared type of the relationship object's `meta` (JSON:API), if any.
    public var metaType: TypeRef? = nil
    /// HAL: how request bodies write the relationship; nil when they do not (see `Validator+HALWrites.swift`).
    public var halWrite: HALWriteInfo? = nil
    /// JSON:API `linkage: whenIncluded`: an empty linkage (`null`, `[]`) reads as unknown, not as none.
    public var linkageWhenIncluded: Bool = false
}

/// One step of an include path.
public struct IncludeStepInfo: Hashable, Sendable {
    /// The relationship's wire key.
    public var wireKey: String
    /// The relationship's HAL link relation.
    public var rel: String
    /// Whether the step goes through a to-many relationship.
    public var isToMany: Bool
}

/// A named include set.
public struct IncludeSetInfo: Hashable, Sendable {
    /// The name as written in the schema.
    public var name: String
    /// The Swift case name.
    public var swiftName: String
    /// The paths, each a list of steps.
    public var paths: [[IncludeStepInfo]]
}

/// A HAL link relation that is not a relationship.
public struct LinkInfo: Hashable, Sendable {
    /// The Swift case name.
    public var swiftName: String
    /// The relation.
    public var rel: String
    /// Whether the link is an RFC 6570 template.
    public var templated: Bool
    /// `description`.
    public var description: String?
}

/// Where a resource lives in the URL space.
public enum ResourcePlacement: Hashable, Sendable {
    /// Not addressable on its own (only reached through relationships).
    case none
    /// A root collection at an absolute path such as `/articles`.
    case root(path: String)
    /// Nested under `parent`: `<parent instance>/<segment>`.
    case child(parent: String, segment: String)
}

/// A resource.
public struct ResourceInfo: Hashable, Sendable {
    /// The Swift type name.
    public var name: String
    /// The JSON:API type.
    public var wireType: String
    /// Root, child or neither.
    public var placement: ResourcePlacement
    /// The identifier type.
    public var idType: BuiltinType
    /// Allowed operations, canonical order.
    public var operations: [ResourceOperationKind]
    /// `description`.
    public var description: String?
    /// Attributes in schema order.
    public var attributes: [PropertyInfo]
    /// Relationships in schema order.
    public var relationships: [RelationshipInfo]
    /// Include sets in schema order.
    public var includeSets: [IncludeSetInfo]
    /// Extra HAL links in schema order.
    public var links: [LinkInfo]
    /// Whether the client may choose the id on create.
    public var clientID: Bool
    /// Whether the resource gets a `Sparse` twin (JSON:API sparse fieldsets).
    public var sparseFieldsets: Bool
    /// The declared type of the resource object's `meta` (JSON:API), if any.
    public var metaType: TypeRef? = nil
    /// The declared type of its documents' top-level `meta` (JSON:API), if any.
    public var documentMetaType: TypeRef? = nil
    /// Further paths of its collection (`paths:`), in schema order.
    public var paths: [ResourcePathInfo] = []
    /// The include sets its own path accepts (`acceptsIncludes`), schema order; nil for any.
    public var acceptedIncludes: [IncludeSetInfo]? = nil
    /// How its collection pages without `next` links (`pagination:`), if declared.
    public var pagination: PaginationInfo? = nil
    /// The typed parameters of its list operation (`list:`), if declared.
    public var list: ListParametersInfo? = nil
}

/// A union of resources: the target of a polymorphic relationship, or a polymorphic collection.
public struct UnionInfo: Hashable, Sendable {
    /// One member.
    public struct Member: Hashable, Sendable {
        /// The Swift case name (unescaped): the lowerCamelCase resource name.
        public var caseName: String
        /// The resource's Swift type name.
        public var resource: String
    }

    /// How a HAL document tells the members apart.
    public enum Discriminator: Hashable, Sendable {
        /// A property holding each member's value (its `type`), values parallel to the members.
        case property(String, values: [String])
        /// The member's collection path begins the `self` link's path, paths parallel to the members.
        case selfLink(paths: [String])
        /// The `_embedded` key, keys parallel to the members.
        case embeddedKey(keys: [String])
    }

    /// The Swift type name.
    public var name: String
    /// The name the union goes by (`resourceType`).
    public var wireType: String
    /// The members, in schema order.
    public var members: [Member]
    /// Root collection path, or none.
    public var placement: ResourcePlacement
    /// Allowed operations (`list` at most).
    public var operations: [ResourceOperationKind]
    /// `description`, or for an inline union the words generated for it.
    public var description: String?
    /// Include sets in schema order.
    public var includeSets: [IncludeSetInfo]
    /// HAL only.
    public var discriminator: Discriminator?
    /// Where it is declared, as a key path for remarks (`unions.Item`, or the relationship for an inline
    /// union).
    public var keyPath: String
}

/// A value struct.
public struct ObjectInfo: Hashable, Sendable {
    /// The Swift type name.
    public var name: String
    /// `description`.
    public var description: String?
    /// Attributes in schema order.
    public var attributes: [PropertyInfo]
}

/// A string enum.
public struct EnumInfo: Hashable, Sendable {
    /// One case.
    public struct Case: Hashable, Sendable {
        /// The Swift case name.
        public var swiftName: String
        /// The wire value.
        public var value: String
    }
    /// The Swift type name.
    public var name: String
    /// `description`.
    public var description: String?
    /// The known cases in schema order.
    public var cases: [Case]
}

/// A piece of a request path template.
public enum PathPiece: Hashable, Sendable {
    /// Literal path text.
    case literal(String)
    /// A parameter: the Swift name of the property holding its value.
    case parameter(String)
}

/// A free-form request.
public struct RequestInfo: Hashable, Sendable {
    /// The body.
    public enum Body: Hashable, Sendable {
        case json(TypeRef)
        case form([PropertyInfo])
        case multipart([PropertyInfo])
        case raw(contentType: String)
    }
    /// The Swift type name.
    public var name: String
    /// The HTTP method, uppercase.
    public var method: String
    /// The path template split into pieces.
    public var path: [PathPiece]
    /// Path parameters in path order.
    public var pathParameters: [PropertyInfo]
    /// Query items.
    public var query: [PropertyInfo]
    /// Headers.
    public var headers: [PropertyInfo]
    /// The body, if any.
    public var body: Body?
    /// The response type; nil means an empty response.
    public var response: TypeRef?
    /// Named include sets of the response's resource (``includeRoot``), see `Validator+RequestIncludes.swift`.
    public var includeSets: [IncludeSetInfo] = []
    /// The resource the include sets start at: the response's, or its array's element.
    public var includeRoot: String? = nil
    /// Whether the request needs credentials.
    public var requiresAuth: Bool
    /// `description`.
    public var description: String?
}
