// Builders for root resources. Each is available only when the resource adopts the matching
// capability protocol, so calling one the schema does not allow is a compile error.

extension RootResource {
    /// The components of the collection: `/articles`.
    static var collectionComponents: [PathComponent] { [.literal(collectionPath)] }

    /// The components of one instance: `/articles/{id}` (`/books/{id}/` when the collection's path
    /// ends in `/`).
    package static func instanceComponents(_ id: ID) -> [PathComponent] {
        PathComponent.instance(of: collectionPath, id: idComponent(id))
    }

    /// Addresses one instance without an operation, to reach its children: `/articles/{id}`.
    ///
    /// Use it when the resource itself is not ``IsShowable``: `Article.at("1") / Comment.list()`.
    ///
    /// - Parameter id: The instance's ID.
    /// - Returns: A path that is not executable but may be the parent of a ``ChildStep``.
    public static func at(_ id: ID) -> ResourcePath<Self, Op.Instance> {
        ResourcePath(uncheckedComponents: instanceComponents(id))
    }
}

extension RootResource where Self: IsListable {
    /// Lists the collection: `GET /articles`.
    ///
    /// - Returns: The path of the request.
    public static func list() -> ResourcePath<Self, Op.List> {
        ResourcePath(uncheckedComponents: collectionComponents, acceptedIncludes: acceptedIncludes)
    }

    /// Lists the collection with query items every request of the path carries: `GET /articles?sort=-title`.
    ///
    /// The typed list builders of a schema's `list:` (`Article.list(filter: …, sort: …)`) call it; it
    /// is also the way to put a query no schema declares into a path.
    ///
    /// - Parameter query: The query items, in order.
    /// - Returns: The path of the request.
    public static func list(query: [QueryItem]) -> ResourcePath<Self, Op.List> {
        ResourcePath(uncheckedComponents: collectionComponents, query: query, acceptedIncludes: acceptedIncludes)
    }
}

extension RootResource where Self: IsShowable {
    /// Reads one instance: `GET /articles/{id}`.
    ///
    /// - Parameter id: The instance's ID.
    /// - Returns: The path of the request, which may also be the parent of a ``ChildStep``.
    public static func show(_ id: ID) -> ResourcePath<Self, Op.Show> {
        ResourcePath(uncheckedComponents: instanceComponents(id), acceptedIncludes: acceptedIncludes)
    }
}

extension RootResource where Self: IsCreatable {
    /// Creates an instance in the collection: `POST /articles`.
    ///
    /// - Returns: The path of the request.
    public static func create() -> ResourcePath<Self, Op.Create> {
        ResourcePath(uncheckedComponents: collectionComponents)
    }
}

extension RootResource where Self: IsReplaceable {
    /// Replaces one instance: `PUT /articles/{id}`.
    ///
    /// - Parameter id: The instance's ID.
    /// - Returns: The path of the request.
    public static func replace(_ id: ID) -> ResourcePath<Self, Op.Replace> {
        ResourcePath(uncheckedComponents: instanceComponents(id))
    }
}

extension RootResource where Self: IsPatchable {
    /// Updates part of one instance: `PATCH /articles/{id}`.
    ///
    /// - Parameter id: The instance's ID.
    /// - Returns: The path of the request.
    public static func patch(_ id: ID) -> ResourcePath<Self, Op.Patch> {
        ResourcePath(uncheckedComponents: instanceComponents(id))
    }
}

extension RootResource where Self: IsDeletable {
    /// Deletes one instance: `DELETE /articles/{id}`.
    ///
    /// - Parameter id: The instance's ID.
    /// - Returns: The path of the request.
    public static func delete(_ id: ID) -> ResourcePath<Self, Op.Delete> {
        ResourcePath(uncheckedComponents: instanceComponents(id))
    }
}
