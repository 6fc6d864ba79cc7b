import ResgenCore

/// A drafted schema before it is written: what inference decided, with a comment for each guess.
/// ``DraftWriter`` turns it into YAML; nothing here knows YAML.
struct Draft: Sendable {
    /// An attribute (of a resource or an object).
    struct Attribute: Sendable {
        /// The Swift property name.
        var name: String
        /// The wire key (written as `key:` when it differs from `name`).
        var key: String
        /// The type spelling (`String`, `Date?`, `[ArticleTag]`); nil when no type fits: then the
        /// attribute is written commented out, with `comment` saying why.
        var type: String?
        /// How a `Date` is written when not in the API's format, in the order `dateFormat:` lists them
        /// (the first is the one sent); empty for the API's format.
        var dateFormats: [DateFormat] = []
        var comment: String?
        /// The doc comment (`description:`), from an OpenAPI document's `description`.
        var description: String? = nil
        var readOnly = false
        var writeOnly = false
        /// The `default:` as YAML text (`0`, `draft`, `[]`), already fitting the type.
        var defaultValue: String? = nil

        /// One format name (`date`) as the only date format; nil for none.
        var dateFormat: String? {
            get { if case .name(let name)? = dateFormats.first, dateFormats.count == 1 { name } else { nil } }
            set { dateFormats = newValue.map { [.name($0)] } ?? [] }
        }
    }

    /// One entry of an attribute's `dateFormat:`.
    enum DateFormat: Hashable, Sendable {
        /// A format name: `date`, `iso8601`, ….
        case name(String)
        /// A Unicode date pattern (`yyyy-MM-dd HH:mm:ss`).
        case pattern(String)
    }

    /// A relationship.
    struct Relationship: Sendable {
        var name: String
        /// The wire key (JSON:API) or link relation (HAL).
        var key: String
        var toMany: Bool
        /// The target resource's (or union's) name; nil when unknown (written commented out) or when
        /// `targets` lists several.
        var target: String?
        /// The target resources of a polymorphic relationship written inline (`toMany: [Book, Film]`,
        /// JSON:API); empty otherwise.
        var targets: [String] = []
        /// The type keys of the targets seen, in first-seen order (include paths walk through them).
        var targetKeys: [String] = []
        var optional: Bool
        var comment: String?
        var description: String? = nil
        /// JSON:API `linkage: whenIncluded`: the server wrote empty linkage, and the target was seen
        /// through the relationship's link.
        var linkageWhenIncluded = false
    }

    /// A union: several resource types behind one relationship or one collection.
    struct Union: Sendable {
        var name: String
        /// The name it goes by (a HAL collection's `_embedded` key); nil for the default.
        var type: String?
        var members: [String]
        var membersComment: String?
        /// A polymorphic collection's path (its operations are `[list]`).
        var path: String?
        var pathComment: String?
        var includes: [IncludeSet] = []
        /// HAL: the `discriminator:` value as YAML (`{ property: kind }`, `selfLink`, `embeddedKey`).
        var discriminator: String?
        var discriminatorComment: String?
        /// Why it could not be drafted: then it is written commented out.
        var refusal: String?
        /// What its `operations: [list]` comment says; nil for infer's "fetched".
        var operationsComment: String? = nil
    }

    /// A named include set.
    struct IncludeSet: Sendable {
        var name: String
        var paths: [String]
        /// Where the paths come from; nil for infer's "the include= of the URLs fetched", empty for none.
        var comment: String? = nil
    }

    /// A HAL link that is not a relationship.
    struct Link: Sendable {
        var name: String
        var rel: String
        var templated: Bool
    }

    /// A resource.
    struct Resource: Sendable {
        var name: String
        var type: String
        var typeComment: String?
        /// A root collection path (`/articles`), or with `parent` one segment.
        var path: String?
        var parent: String?
        var placementComment: String?
        /// The id type when not `String`.
        var id: String?
        var idComment: String?
        /// `list`, `show`: what was fetched.
        var operations: [String] = []
        var attributes: [Attribute] = []
        var relationships: [Relationship] = []
        var includes: [IncludeSet] = []
        var links: [Link] = []
        /// Samples seen, for the header comment.
        var sampleCount = 0
        var description: String? = nil
        /// `sparseFieldsets: true` (JSON:API: a `fields[type]` parameter was seen).
        var sparseFieldsets = false
        /// Where the operations come from, said in their comment instead of "fetched" (and then no
        /// "not tried" line): `import-openapi` knows every operation the document declares.
        var operationsSource: String? = nil
        /// Comment lines written after `type:` (filters, sorting and paging the document declares).
        var notes: [String] = []
        /// Further paths of the same collection (`paths:`), as `import-openapi` finds them.
        var furtherPaths: [FurtherPath] = []
        /// `pagination:`, when a list showed page state in `meta` and no `next` link.
        var pagination: PaginationGuess? = nil
        /// `list:`, when the URLs of its list carried filters or sort keys.
        var list: ListGuess? = nil
        /// `acceptsIncludes:` of its own path, when that path takes only some of its include sets
        /// (`import-openapi`: the `include` enums of its GET operations), and why.
        var acceptsIncludes: [String]? = nil
        var acceptsIncludesComment: String? = nil
    }

    /// One entry of a resource's `paths:`: the same collection served at another place.
    struct FurtherPath: Sendable {
        var name: String
        /// The resource whose instances hold it; nil for an absolute path.
        var parent: String?
        var path: String
        var operations: [String]
        var comment: String
        /// `acceptsIncludes:`, when the path takes only some of the resource's include sets.
        var acceptsIncludes: [String]? = nil
    }

    /// A value object (a nested JSON object).
    struct Object: Sendable {
        var name: String
        var comment: String?
        var attributes: [Attribute]
        var description: String? = nil
    }

    /// A string enum.
    struct Enum: Sendable {
        var name: String
        var comment: String?
        var values: [String]
        /// Case names for values whose derived name would clash or is not allowed (`-id` beside `id`).
        var caseNames: [String: String] = [:]
        var description: String? = nil
    }

    /// A free-form request (`requests:`): an operation that is no resource operation.
    struct Request: Sendable {
        var name: String
        var comment: String?
        var description: String?
        var method: String
        var path: String
        /// Path parameters, query items and header fields: `key` is the wire name, `type` nil when no
        /// type fits (written commented out with `comment`).
        var parameters: [Attribute] = []
        var query: [Attribute] = []
        var headers: [Attribute] = []
        /// The JSON body's type.
        var body: String?
        var bodyComment: String?
        /// The response type.
        var response: String?
        var responseComment: String?
        /// Why it could not be drafted: then it is written commented out.
        var refusal: String?
        /// What its `operations: [list]` comment says; nil for infer's "fetched".
        var operationsComment: String? = nil
    }

    /// An API entry point (`GET /`): written as a comment naming it and its links.
    struct EntryPoint: Sendable {
        /// One link, with the resource whose collection it leads to, when one does.
        struct Link: Sendable {
            var rel: String
            var href: String
            var templated: Bool
            var resource: String?
        }

        var path: String
        var links: [Link]
    }

    var name: String
    var format: WireFormat
    var baseURL: String?
    /// Comment lines at the top.
    var header: [String]
    var resources: [Resource]
    var unions: [Union] = []
    var objects: [Object]
    var entryPoints: [EntryPoint] = []
    var enums: [Enum] = []
    var requests: [Request] = []
}
