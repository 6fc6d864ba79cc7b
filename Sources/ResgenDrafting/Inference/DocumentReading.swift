import ResgenCore

/// What one fetched document contributes to a draft: its resources, which of them were fetched as
/// an instance or as a collection (the operations a draft may claim), and the links worth fetching
/// next.
struct DocumentReading: Hashable, Sendable {
    var format: WireFormat
    /// The origin the document came from.
    var origin: String
    /// Every resource object in the document: primary, included, embedded.
    var samples: [ResourceSample] = []
    /// Type key → paths fetched as one instance of it (`show`).
    var shownPaths: [String: [String]] = [:]
    /// Type key → paths fetched as a collection of it (`list`).
    var listedPaths: [String: [String]] = [:]
    /// Type key → include paths the URL asked for (JSON:API `include=`).
    var includePaths: [String: [String]] = [:]
    /// Collections fetched whose items are of several types (polymorphic collections); their items'
    /// types are in neither `listedPaths` nor `includePaths`: the path lists the union, not each member.
    var mixedCollections: [MixedCollection] = []
    /// HAL: `[owner type key, relation]` → the types of an `_embedded` array that mixes several.
    var mixedEmbeds: [[String]: MixedMembers] = [:]
    /// HAL entry points (`GET /`): documents of links, not resources.
    var entryPoints: [EntryPoint] = []
    /// Absolute URLs worth fetching next: one related link per type and relationship, the `self`
    /// link of a collection's first item.
    var followUps: [String] = []
    /// JSON:API: `[type key, relationship key]` → the absolute link followed for it (its `related` link,
    /// else its `self` link): where its target can be seen when its linkage is empty.
    var relationshipLinks: [[String]: String] = [:]
    /// The absolute URL the document was fetched from.
    var url: String?
    /// JSON:API: the shape of the primary data, as a relationship's linkage would have it (an object of
    /// one type, an array of several, `null`); nil when there is none.
    var primaryShape: ResourceSample.RelationshipShape?
    /// Type key → how a collection of it pages, when the document had no `next` link but page state
    /// in `meta`.
    var pagination: [String: PaginationGuess] = [:]
    /// Type key → the `[name, value]` query items of the URLs its list was fetched from and linked to
    /// (filters and sort keys for `list:`).
    var listQueryItems: [String: [[String]]] = [:]
}

/// An API's entry point (`GET /`): a document of links to its collections and searches. It is no
/// resource, so the draft names it in a comment with its links rather than as a resource.
struct EntryPoint: Hashable, Sendable {
    /// One link of the entry point.
    struct Link: Hashable, Sendable {
        /// The relation, in its compact CURIE form.
        var rel: String
        var href: String
        var templated: Bool
    }

    /// The path it was fetched at.
    var path: String
    var links: [Link] = []
}
