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
    /// Absolute URLs worth fetching next: one related link per type and relationship, the `self`
    /// link of a collection's first item.
    var followUps: [String] = []
}
