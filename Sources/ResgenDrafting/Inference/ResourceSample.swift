import ResgenCore

/// One resource object as a document showed it: the raw material of a draft resource, before any
/// type is decided.
struct ResourceSample: Hashable, Sendable {
    /// Where the type key came from, for the draft's comments.
    enum TypeSource: Hashable, Sendable {
        /// JSON:API's `type` member.
        case jsonapiType
        /// The collection segment of the `self` link (`/contacts/1` → `contacts`).
        case selfPath
        /// The `_embedded` key or link relation it was found under (HAL, without a `self` link).
        case relation(String)
        /// The URL it was fetched from.
        case fetchedURL
        /// The value of this property, which tells the items of a mixed HAL `_embedded` array apart.
        case property(String)
    }

    /// What a relationship looked like in this sample.
    enum RelationshipShape: Hashable, Sendable {
        /// One resource, of the type key given when known.
        case toOne(String?)
        /// Several (a JSON:API array, a HAL link array, embedded array, or a link to a collection),
        /// with the type keys seen.
        case toMany([String])
        /// JSON:API `data: null`.
        case null
        /// Present without linkage (only links or meta): the cardinality is unknown.
        case unknown
    }

    /// A relationship (JSON:API) or link relation that leads to resources (HAL).
    struct Relationship: Hashable, Sendable {
        /// The JSON:API relationship name, or the HAL link relation as written (`ea:orders`).
        var key: String
        var shape: RelationshipShape
        /// Whether it was embedded (HAL `_embedded`): included in the response.
        var embedded: Bool = false
    }

    /// A HAL link that does not lead to a resource of this API: templated, or on another origin.
    struct Link: Hashable, Sendable {
        var rel: String
        var templated: Bool
    }

    /// The JSON:API type, or for HAL the collection name the type was read from.
    var typeKey: String
    var typeSource: TypeSource
    /// The id as written (`"42"` or `42`), when there is one.
    var id: String?
    /// Whether the id was a JSON integer (HAL `"id": 42`).
    var idIsInteger = false
    /// The `self` link.
    var selfLink: LinkTarget?
    /// Attributes in document order, by wire key.
    var attributes: [JSONNode.Member]
    var relationships: [Relationship]
    var links: [Link] = []
}
