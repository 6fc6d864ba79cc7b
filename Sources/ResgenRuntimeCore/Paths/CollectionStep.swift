/// A relative address in a further collection below an instance of `Collection.Parent`, such as
/// `tasks` or `tasks/2`: what the builders of a ``ChildCollection`` return.
///
/// Like a ``ChildStep`` it is not executable on its own; append it to a path that addresses a parent
/// instance to get a ``ResourcePath`` of the collection's `CollectionResource`:
///
/// ```swift
/// Project.show("1") / Task.InProject.show("2")   // ResourcePath<Task, Op.Show>: GET /projects/1/tasks/2
/// ```
public struct CollectionStep<Collection: ChildCollection, Operation: ResourceOperation>: Hashable, Sendable {
    /// The components of the step, each literal starting with `/`, for example
    /// `[.literal("/tasks/"), .value("2")]`.
    public var components: [PathComponent]

    /// Query items the anchored path's requests carry: what a typed list builder put there.
    public var query: [QueryItem]

    /// The relationship paths a call on this path may include (schema `acceptsIncludes`), or `nil` for any of
    /// the resource's include sets: a call that includes others is refused before it is sent. Set by the
    /// builders of a path whose type names them (``RootResource/acceptedIncludes``, …).
    public var acceptedIncludes: Set<IncludePath>?

    /// Creates a step from components, without checking that they match `Collection` and `Operation`.
    ///
    /// Generated code does not call this; it uses the builders on ``ChildCollection``.
    ///
    /// - Parameters:
    ///   - components: The components, in order; the first should start with `/`.
    ///   - query: Query items the anchored path's requests carry.
    ///   - acceptedIncludes: The relationship paths a call may include, `nil` for any.
    public init(uncheckedComponents components: [PathComponent], query: [QueryItem] = [], acceptedIncludes: Set<IncludePath>? = nil) {
        self.components = components
        self.query = query
        self.acceptedIncludes = acceptedIncludes
    }
}

/// Appends a step of a further collection to the path of one instance of its parent.
///
/// ```swift
/// Project.show("1") / Task.InProject.list()          // GET /projects/1/tasks
/// Person.at(7) / Comment.ByAuthor.create()           // POST /people/7/comments
/// ```
///
/// It compiles only when the collection's `Parent` is the path's target and the path addresses an
/// instance (``Op/Show`` or ``Op/Instance``). The result is a path of the collection's
/// `CollectionResource`, usable wherever the resource's own paths are.
///
/// - Parameters:
///   - parent: The path of a parent instance.
///   - child: The step below it.
/// - Returns: The path of the operation on the collection's resource.
public func / <P, PO: AddressesInstance, C: ChildCollection, O>(
    parent: ResourcePath<P, PO>,
    child: CollectionStep<C, O>
) -> ResourcePath<C.CollectionResource, O> where C.Parent == P {
    ResourcePath(uncheckedComponents: PathComponent.joined(parent.components, child.components), query: parent.query + child.query, acceptedIncludes: child.acceptedIncludes)
}
