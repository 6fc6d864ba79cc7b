// Builders for further root collections (`/archived-tasks`). Each is available only when the collection
// adopts the matching capability protocol, so an operation its path does not grant is a compile error.

extension RootCollection {
    /// The components of the collection: `/archived-tasks`.
    static var collectionComponents: [PathComponent] { [.literal(collectionPath)] }

    /// The components of one instance: `/archived-tasks/{id}` (`…/{id}/` after a trailing slash).
    package static func instanceComponents(_ id: CollectionResource.ID) -> [PathComponent] {
        PathComponent.instance(of: collectionPath, id: CollectionResource.idComponent(id))
    }

    /// Addresses one instance without an operation, to reach its children: `/archived-tasks/{id}`.
    ///
    /// - Parameter id: The instance's ID.
    /// - Returns: A path that is not executable but may be the parent of a child step.
    public static func at(_ id: CollectionResource.ID) -> ResourcePath<CollectionResource, Op.Instance> {
        ResourcePath(uncheckedComponents: instanceComponents(id))
    }
}

extension RootCollection where Self: ListableCollection {
    /// Lists the collection: `GET /archived-tasks`.
    ///
    /// - Returns: The path of the request.
    public static func list() -> ResourcePath<CollectionResource, Op.List> {
        ResourcePath(uncheckedComponents: collectionComponents, acceptedIncludes: acceptedIncludes)
    }

    /// Lists the collection with query items its requests carry: `GET /archived-tasks?sort=-id`.
    ///
    /// - Parameter query: The query items, in order.
    /// - Returns: The path of the request.
    public static func list(query: [QueryItem]) -> ResourcePath<CollectionResource, Op.List> {
        ResourcePath(uncheckedComponents: collectionComponents, query: query, acceptedIncludes: acceptedIncludes)
    }
}

extension RootCollection where Self: ShowableCollection {
    /// Reads one instance: `GET /archived-tasks/{id}`.
    ///
    /// - Parameter id: The instance's ID.
    /// - Returns: The path of the request, which may also be the parent of a child step.
    public static func show(_ id: CollectionResource.ID) -> ResourcePath<CollectionResource, Op.Show> {
        ResourcePath(uncheckedComponents: instanceComponents(id), acceptedIncludes: acceptedIncludes)
    }
}

extension RootCollection where Self: CreatableCollection {
    /// Creates an instance in the collection: `POST /archived-tasks`.
    ///
    /// - Returns: The path of the request.
    public static func create() -> ResourcePath<CollectionResource, Op.Create> {
        ResourcePath(uncheckedComponents: collectionComponents)
    }
}

extension RootCollection where Self: ReplaceableCollection {
    /// Replaces one instance: `PUT /archived-tasks/{id}`.
    ///
    /// - Parameter id: The instance's ID.
    /// - Returns: The path of the request.
    public static func replace(_ id: CollectionResource.ID) -> ResourcePath<CollectionResource, Op.Replace> {
        ResourcePath(uncheckedComponents: instanceComponents(id))
    }
}

extension RootCollection where Self: PatchableCollection {
    /// Updates part of one instance: `PATCH /archived-tasks/{id}`.
    ///
    /// - Parameter id: The instance's ID.
    /// - Returns: The path of the request.
    public static func patch(_ id: CollectionResource.ID) -> ResourcePath<CollectionResource, Op.Patch> {
        ResourcePath(uncheckedComponents: instanceComponents(id))
    }
}

extension RootCollection where Self: DeletableCollection {
    /// Deletes one instance: `DELETE /archived-tasks/{id}`.
    ///
    /// - Parameter id: The instance's ID.
    /// - Returns: The path of the request.
    public static func delete(_ id: CollectionResource.ID) -> ResourcePath<CollectionResource, Op.Delete> {
        ResourcePath(uncheckedComponents: instanceComponents(id))
    }
}
