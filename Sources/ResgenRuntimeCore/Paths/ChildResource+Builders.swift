// Builders for child resources. They return relative steps, which become executable paths only
// when appended with `/` to a path of a parent instance. Each is available only when the resource
// adopts the matching capability protocol.
//
// A resource may be both a root and a child (`/notes` and `/articles/{id}/notes`). Its builders then
// differ only in their return type, so these are marked `@_disfavoredOverload`: with no type context,
// `Note.list()` is the root path; after `/` (or wherever a `ChildStep` is expected) only the child
// step fits and is chosen. For resources that are only children the attribute changes nothing.

extension ChildResource {
    /// The components of the collection below a parent: `/comments`.
    static var collectionComponents: [PathComponent] { [.literal("/" + pathSegment)] }

    /// The components of one instance below a parent: `/comments/{id}`.
    package static func instanceComponents(_ id: ID) -> [PathComponent] {
        PathComponent.instance(of: "/" + pathSegment, id: idComponent(id))
    }

    /// Addresses one instance without an operation, to reach its own children: `/comments/{id}`.
    ///
    /// - Parameter id: The instance's ID.
    /// - Returns: A step that is not executable but, once anchored, may be the parent of another step.
    @_disfavoredOverload
    public static func at(_ id: ID) -> ChildStep<Self, Op.Instance> {
        ChildStep(uncheckedComponents: instanceComponents(id))
    }
}

extension ChildResource where Self: IsListable {
    /// Lists the collection below a parent: `GET …/comments`.
    ///
    /// - Returns: The step of the request.
    @_disfavoredOverload
    public static func list() -> ChildStep<Self, Op.List> {
        ChildStep(uncheckedComponents: collectionComponents, acceptedIncludes: acceptedIncludes)
    }

    /// Lists the collection below a parent with query items its requests carry: `GET …/comments?sort=-id`.
    ///
    /// - Parameter query: The query items, in order.
    /// - Returns: The step of the request.
    @_disfavoredOverload
    public static func list(query: [QueryItem]) -> ChildStep<Self, Op.List> {
        ChildStep(uncheckedComponents: collectionComponents, query: query, acceptedIncludes: acceptedIncludes)
    }
}

extension ChildResource where Self: IsShowable {
    /// Reads one instance below a parent: `GET …/comments/{id}`.
    ///
    /// - Parameter id: The instance's ID.
    /// - Returns: The step of the request, which once anchored may be the parent of another step.
    @_disfavoredOverload
    public static func show(_ id: ID) -> ChildStep<Self, Op.Show> {
        ChildStep(uncheckedComponents: instanceComponents(id), acceptedIncludes: acceptedIncludes)
    }
}

extension ChildResource where Self: IsCreatable {
    /// Creates an instance in the collection below a parent: `POST …/comments`.
    ///
    /// - Returns: The step of the request.
    @_disfavoredOverload
    public static func create() -> ChildStep<Self, Op.Create> {
        ChildStep(uncheckedComponents: collectionComponents)
    }
}

extension ChildResource where Self: IsReplaceable {
    /// Replaces one instance below a parent: `PUT …/comments/{id}`.
    ///
    /// - Parameter id: The instance's ID.
    /// - Returns: The step of the request.
    @_disfavoredOverload
    public static func replace(_ id: ID) -> ChildStep<Self, Op.Replace> {
        ChildStep(uncheckedComponents: instanceComponents(id))
    }
}

extension ChildResource where Self: IsPatchable {
    /// Updates part of one instance below a parent: `PATCH …/comments/{id}`.
    ///
    /// - Parameter id: The instance's ID.
    /// - Returns: The step of the request.
    @_disfavoredOverload
    public static func patch(_ id: ID) -> ChildStep<Self, Op.Patch> {
        ChildStep(uncheckedComponents: instanceComponents(id))
    }
}

extension ChildResource where Self: IsDeletable {
    /// Deletes one instance below a parent: `DELETE …/comments/{id}`.
    ///
    /// - Parameter id: The instance's ID.
    /// - Returns: The step of the request.
    @_disfavoredOverload
    public static func delete(_ id: ID) -> ChildStep<Self, Op.Delete> {
        ChildStep(uncheckedComponents: instanceComponents(id))
    }
}
