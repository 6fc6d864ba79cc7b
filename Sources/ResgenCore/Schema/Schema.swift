/// A value from a schema file together with where it was written.
public struct Located<Value: Hashable & Sendable>: Hashable, Sendable {
    /// The value.
    public var value: Value
    /// Where it starts in its file.
    public var location: SourceLocation
    /// Whether the value stands in the source exactly as written on one line (see
    /// ``RawNode/textIsVerbatim``), so that ``location(atOffset:)`` can point inside it.
    public var isVerbatim: Bool

    /// Creates a located value.
    public init(_ value: Value, at location: SourceLocation, isVerbatim: Bool = true) {
        self.value = value
        self.location = location
        self.isVerbatim = isVerbatim
    }

    /// Where the UTF-8 byte `offset` of the value is: on the value's line when the source spells the value
    /// as it is, else the value's start (a diagnostic is never placed past a line's end).
    public func location(atOffset offset: Int) -> SourceLocation {
        isVerbatim ? location.advanced(by: offset) : location
    }
}

/// Stage 2's output: the schema as declared, every key read into plain values, nothing resolved
/// yet. Names may be unknown, duplicated or clash; the ``Validator`` finds that.
///
/// Declarations of all files of one API are gathered here in file order, then source order.
public struct Schema: Hashable, Sendable {
    /// The files the declarations came from, in the order they were read.
    public var files: [String] = []
    /// The `api:` block (one per API, in any one of its files).
    public var api: APIDecl?
    /// Every `api:` block found, to report duplicates.
    public var extraAPIs: [SourceLocation] = []
    /// `resources:` entries.
    public var resources: [ResourceDecl] = []
    /// `objects:` entries.
    public var objects: [ObjectDecl] = []
    /// `enums:` entries.
    public var enums: [EnumDecl] = []
    /// `requests:` entries.
    public var requests: [RequestDecl] = []
    /// `unions:` entries.
    public var unions: [UnionDecl] = []
    /// The `entry:` block (one per API), and every further one found, to report duplicates.
    public var entry: EntryDecl?
    public var extraEntries: [SourceLocation] = []

    /// Creates an empty schema.
    public init() {}
}

/// The `api:` block.
public struct APIDecl: Hashable, Sendable {
    /// `name`: the namespace enum of the generated code and the prefix of its file names.
    public var name: Located<String>?
    /// `format`: `jsonapi` or `hal`.
    public var format: Located<String>?
    /// `baseURL`.
    public var baseURL: Located<String>?
    /// `description`.
    public var description: String?
    /// `dateFormat`: how `Date` values are written on the wire.
    public var dateFormat: Located<String>?
    /// Where the block starts.
    public var location: SourceLocation
    /// `relationshipWrites`: how a HAL server takes relationships in request bodies, by default.
    public var relationshipWrites: HALWriteDecl? = nil
}

/// One entry of `resources:`.
public struct ResourceDecl: Hashable, Sendable {
    /// The key: the Swift type name.
    public var name: Located<String>
    /// `type`: JSON:API resource type.
    public var type: Located<String>?
    /// `path`: absolute collection path of a root resource, or the segment under its parent.
    public var path: Located<String>?
    /// `parent`: the resource this one is nested under.
    public var parent: Located<String>?
    /// `id`: spelling of the identifier type (default `String`).
    public var id: Located<String>?
    /// `operations`.
    public var operations: [Located<String>] = []
    /// Whether `operations` was given at all.
    public var operationsLocation: SourceLocation?
    /// `description`.
    public var description: String?
    /// `attributes`.
    public var attributes: [AttributeDecl] = []
    /// `relationships`.
    public var relationships: [RelationshipDecl] = []
    /// `includes`.
    public var includes: [IncludeSetDecl] = []
    /// `links`: HAL link relations beyond relationships.
    public var links: [LinkDecl] = []
    /// `paths`: further paths of the resource's collection, each with its own operations.
    public var paths: [ResourcePathDecl] = []
    /// `acceptsIncludes`: the include sets the resource's own path accepts (its `list` and `show`); nil when
    /// the key is absent (any).
    public var acceptsIncludes: [Located<String>]?
    /// `clientID`: whether a client may choose the id on create (JSON:API).
    public var clientID: Bool = false
    /// `sparseFieldsets`: whether to generate the `Sparse` twin that sparse fieldset responses decode
    /// into (JSON:API), and where the key was written (for the warning on other formats).
    public var sparseFieldsets: Bool = false
    public var sparseFieldsetsLocation: SourceLocation?
    /// `meta`: the type of the resource object's `meta` (JSON:API).
    public var meta: Located<String>?
    /// `documentMeta`: the type of the top-level `meta` of documents whose primary data is this
    /// resource (JSON:API).
    public var documentMeta: Located<String>?
    /// `pagination`: how the collection pages without `next` links.
    public var pagination: PaginationDecl?
    /// `list`: the typed parameters of the list operation.
    public var list: ListParametersDecl?
}

/// One attribute (of a resource or object), or one request parameter.
public struct AttributeDecl: Hashable, Sendable {
    /// The key: the Swift property name (before escaping).
    public var name: Located<String>
    /// The type spelling, e.g. `[String: Int]?`.
    public var type: Located<String>?
    /// `key`: the wire name when it differs from the name.
    public var key: Located<String>?
    /// `description`.
    public var description: String?
    /// `default`: the raw node, checked against the type by the validator.
    public var defaultValue: RawNode?
    /// `readOnly`.
    public var readOnly: Bool = false
    /// `writeOnly`, and where the key was written (for the conflict with `readOnly`).
    public var writeOnly: Bool = false
    public var writeOnlyLocation: SourceLocation?
    /// `dateFormat`: a format name, or `{ pattern: … }`; checked by the validator.
    public var dateFormat: RawNode?
    /// `value`: a fixed value (request headers and query items only).
    public var fixedValue: Located<String>?
    /// `join` (query items): how several values are sent, `comma` or `repeat`.
    public var join: Located<String>?
}

/// One entry of `relationships:`.
public struct RelationshipDecl: Hashable, Sendable {
    /// The key: the Swift property name.
    public var name: Located<String>
    /// The target resource or union name (without a trailing `?`).
    public var target: Located<String>?
    /// The target resources of a polymorphic relationship written inline (`toOne: [Book, Film]`); empty
    /// when one target is named.
    public var targets: [Located<String>] = []
    /// `toMany` rather than `toOne`.
    public var isToMany: Bool
    /// `toOne: Person?` or `optional: true`.
    public var isOptional: Bool
    /// `key`: the wire name.
    public var key: Located<String>?
    /// `rel`: the HAL link relation (may be a CURIE such as `ea:orders`).
    public var rel: Located<String>?
    /// `description`.
    public var description: String?
    /// `meta`: the type of the relationship object's `meta` (JSON:API).
    public var meta: Located<String>?
    /// `write`: how a HAL server takes the relationship in request bodies.
    public var write: HALWriteDecl? = nil
    /// `linkage`: when the server writes the relationship's `data` (JSON:API).
    public var linkage: Located<Linkage>? = nil

    /// When a server writes a relationship's linkage (`data`).
    public enum Linkage: String, CaseIterable, Hashable, Sendable {
        /// Whenever it writes the relationship: `null` and `[]` mean "none".
        case always
        /// Only when the relationship was included: `null` and `[]` say nothing (linkage unknown).
        case whenIncluded
    }
}

/// One entry of `unions:`: several resource types behind one relationship or collection.
public struct UnionDecl: Hashable, Sendable {
    /// One entry of `discriminator.values`: the property value that names a member.
    public struct PropertyValue: Hashable, Sendable {
        /// The member resource's name.
        public var member: Located<String>
        /// The value.
        public var value: Located<String>
    }

    /// How a HAL document tells the members apart (`discriminator:`).
    public enum Discriminator: Hashable, Sendable {
        /// `{ property: kind, values: { Book: book } }`: a property holding a value per member (by default
        /// the member's `type`).
        case property(Located<String>, values: [PropertyValue])
        /// `selfLink`: the collection path of the member's `self` link.
        case selfLink
        /// `embeddedKey`: the `_embedded` key, the member's `type`.
        case embeddedKey
    }

    /// The key: the Swift type name.
    public var name: Located<String>
    /// `members`: the resource names, in order.
    public var members: [Located<String>] = []
    /// Where `members` was written.
    public var membersLocation: SourceLocation?
    /// `type`: the name the union goes by (a HAL collection's `_embedded` key).
    public var type: Located<String>?
    /// `path`: the absolute path of the polymorphic collection.
    public var path: Located<String>?
    /// `operations`.
    public var operations: [Located<String>] = []
    /// Where `operations` was written.
    public var operationsLocation: SourceLocation?
    /// `description`.
    public var description: String?
    /// `includes`.
    public var includes: [IncludeSetDecl] = []
    /// `discriminator`.
    public var discriminator: Discriminator?
    /// Where `discriminator` was written.
    public var discriminatorLocation: SourceLocation?
}

/// One entry of `includes:`.
public struct IncludeSetDecl: Hashable, Sendable {
    /// The key: the include-set case name.
    public var name: Located<String>
    /// The dot paths, e.g. `comments.author` or `[comments].author`.
    public var paths: [Located<String>]
}

/// One entry of a resource's `links:` (HAL relations that are not relationships).
public struct LinkDecl: Hashable, Sendable {
    /// The key: the Swift name.
    public var name: Located<String>
    /// `rel`: the relation as the server names it.
    public var rel: Located<String>?
    /// `templated`.
    public var templated: Bool
    /// `description`.
    public var description: String?
}

/// One entry of `objects:`.
public struct ObjectDecl: Hashable, Sendable {
    /// The key: the Swift type name.
    public var name: Located<String>
    /// `description`.
    public var description: String?
    /// `attributes`.
    public var attributes: [AttributeDecl] = []
}

/// One entry of `enums:`.
public struct EnumDecl: Hashable, Sendable {
    /// One allowed value.
    public struct Value: Hashable, Sendable {
        /// The Swift case name, when given explicitly (`- { caseName: wire-value }`).
        public var caseName: Located<String>?
        /// The wire value.
        public var value: Located<String>
    }
    /// The key: the Swift type name.
    public var name: Located<String>
    /// `description`.
    public var description: String?
    /// `values`.
    public var values: [Value] = []
}

/// One entry of `requests:`.
public struct RequestDecl: Hashable, Sendable {
    /// The request body.
    public enum Body: Hashable, Sendable {
        /// `json: Type` (or `body: Type`).
        case json(Located<String>)
        /// `form: { field: Type }`.
        case form([AttributeDecl])
        /// `multipart: { part: Type }`; `File` parts carry file name and MIME type.
        case multipart([AttributeDecl])
        /// `raw: content/type`.
        case raw(Located<String>)
    }

    /// `auth:` values.
    public enum Auth: String, Hashable, Sendable, CaseIterable {
        /// The request needs credentials.
        case required
        /// The default.
        case none
    }

    /// The key: the Swift type name.
    public var name: Located<String>
    /// `method`.
    public var method: Located<String>?
    /// `path`: a template with `{param}` and `{param=default}`.
    public var path: Located<String>?
    /// `description`.
    public var description: String?
    /// `parameters`: types of path parameters (optional; untyped ones are `String`).
    public var parameters: [AttributeDecl] = []
    /// `query`.
    public var query: [AttributeDecl] = []
    /// `headers`.
    public var headers: [AttributeDecl] = []
    /// `body`.
    public var body: Body?
    /// Where `body` was written.
    public var bodyLocation: SourceLocation?
    /// `response`: a type spelling; absent means no content is expected.
    public var response: Located<String>?
    /// `includes`: named include sets of the response's resource.
    public var includes: [IncludeSetDecl] = []
    /// `auth: required`.
    public var requiresAuth: Bool = false
}
