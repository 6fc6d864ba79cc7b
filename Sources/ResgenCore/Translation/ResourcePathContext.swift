/// A further path of a resource's collection: the nested type `Task.InProject` and its conformances
/// (`Templates/Paths.mustache`). Keys start with `collection` so none falls through to the resource's
/// own path keys.
public struct ResourcePathContext: Encodable, Hashable, Sendable {
    /// As ``ResourceContext/access``.
    public var access: String
    /// The nested type's name (`InProject`).
    public var collectionTypeName: String
    /// Its doc comment lines.
    public var collectionDoc: [String]
    /// The capability protocols the path grants: `ListableCollection, …`.
    public var collectionCapabilities: [String]
    /// Whether it is a root collection.
    public var collectionIsRoot: Bool
    /// The collection path as a string literal (root collections).
    public var collectionRootPathLiteral: String?
    /// Whether it is below a parent instance.
    public var collectionIsChild: Bool
    /// The parent's type name (child collections).
    public var collectionParentName: String?
    /// The segment under the parent as a string literal (child collections).
    public var collectionSegmentLiteral: String?
    /// Whether the path accepts only some include sets (`acceptsIncludes`): the type then declares
    /// `acceptedIncludes`.
    public var collectionRestrictsIncludes: Bool = false
    /// The resource's `Include` cases the path accepts, escaped, schema order.
    public var collectionAcceptedIncludeCases: [String] = []
    /// The doc comment lines of `acceptedIncludes`.
    public var collectionAcceptedIncludesDoc: [String] = []
}
