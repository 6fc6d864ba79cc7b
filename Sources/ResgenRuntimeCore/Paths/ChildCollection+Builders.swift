// Builders for further collections below a parent instance (`/projects/{id}/tasks`). They return
// steps, which become executable paths only when appended with `/` to a path of a parent instance.
// Each is available only when the collection adopts the matching capability protocol.

extension ChildCollection {
    /// The components of the collection below a parent: `/tasks`.
    static var collectionComponents: [PathComponent] { [.literal("/" + pathSegment)] }

    /// The components of one instance below a parent: `/tasks/{id}`.
    package static func instanceComponents(_ id: CollectionResource.ID) -> [PathComponent] {
        PathComponent.instance(of: "/" + pathSegment, id: CollectionResource.idComponent(id))
    }

    /// Addresses one instance without an operation, to reach its own children: `…/tasks/{id}`.
    ///
    /// - Parameter id: The instance's ID.
    /// - Returns: A step that is not executable but, once anchored, may be the parent of another step.
    public static func at(_ id: CollectionResource.ID) -> CollectionStep<Self, Op.Instance> {
        CollectionStep(uncheckedComponents: instanceComponents(id))
    }
}

extension ChildCollection where Self: ListableCollection {
    /// Lists the collection below a parent: `GET …/tasks`.
    ///
    /// - Returns: The step of the request.
    public static func list() -> CollectionStep<Self, Op.List> {
        CollectionStep(uncheckedComponents: collectionComponents, acceptedIncludes: acceptedIncludes)
    }

    /// Lists the collection below a parent with query items its requests carry: `GET …/tasks?sort=-id`.
    ///
    /// - Parameter query: The query items, in order.
    /// - Returns: The step of the request.
    public static func list(query: [QueryItem]) -> CollectionStep<Self, Op.List> {
        CollectionStep(uncheckedComponents: collectionComponents, query: query, acceptedIncludes: acceptedIncludes)
    }
}

extension ChildCollection where Self: ShowableCollection {
    /// Reads one instance below a parent: `GET …/tasks/{id}`.
    ///
    /// - Parameter id: The instance's ID.
    /// - Returns: The step of the request, which once anchored may be the parent of another step.
    public static func show(_ id: CollectionResource.ID) -> CollectionStep<Self, Op.Show> {
        CollectionStep(uncheckedComponents: instanceComponents(id), acceptedIncludes: acceptedIncludes)
    }
}

extension ChildCollection where Self: CreatableCollection {
    /// Creates an instance in the collection below a parent: `POST …/tasks`.
    ///
    /// - Returns: The step of the request.
    public static func create() -> CollectionStep<Self, Op.Create> {
        CollectionStep(uncheckedComponents: collectionComponents)
    }
}

extension ChildCollection where Self: ReplaceableCollection {
    /// Replaces one instance below a parent: `PUT …/tasks/{id}`.
    ///
    /// - Parameter id: The instance's ID.
    /// - Returns: The step of the request.
    public static func replace(_ id: CollectionResource.ID) -> CollectionStep<Self, Op.Replace> {
        CollectionStep(uncheckedComponents: instanceComponents(id))
    }
}

extension ChildCollection where Self: PatchableCollection {
    /// Updates part of one instance below a parent: `PATCH …/tasks/{id}`.
    ///
    /// - Parameter id: The instance's ID.
    /// - Returns: The step of the request.
    public static func patch(_ id: CollectionResource.ID) -> CollectionStep<Self, Op.Patch> {
        CollectionStep(uncheckedComponents: instanceComponents(id))
    }
}

extension ChildCollection where Self: DeletableCollection {
    /// Deletes one instance below a parent: `DELETE …/tasks/{id}`.
    ///
    /// - Parameter id: The instance's ID.
    /// - Returns: The step of the request.
    public static func delete(_ id: CollectionResource.ID) -> CollectionStep<Self, Op.Delete> {
        CollectionStep(uncheckedComponents: instanceComponents(id))
    }
}
