/// A further path at which a resource's collection lives, beside the resource's own (issue 25, item 15).
///
/// One resource can be served at several paths: tasks at `/tasks` and at `/projects/{id}/tasks`,
/// feedback at `/feedback/` and at `/talks/{id}/feedback/`. The resource's own path is declared by
/// adopting ``RootResource`` or ``ChildResource``; each further path is a type of its own (generated as
/// a nested enum, `Task.InProject`) that adopts ``RootCollection`` or ``ChildCollection`` and the
/// capabilities its path grants (``ListableCollection``, …). Its builders return paths of ``CollectionResource``,
/// so everything a client does with `Task.list()` it does with `Project.show("1") / Task.InProject.list()`,
/// and an operation the path does not grant, or a wrong parent, does not compile.
public protocol ResourceCollection {
    /// The resource the collection holds.
    ///
    /// Not named `Target`: generated code declares it (`typealias CollectionResource = Task`) inside a
    /// type nested in the resource, where a name a schema may well give a resource would hide it.
    associatedtype CollectionResource: Resource

    /// The relationship paths a call may include on this path (`list` and `show`), or `nil` for any of the
    /// resource's include sets (the default). Generated from the schema's `acceptsIncludes`: a call whose
    /// include sets reach beyond them is refused before anything is sent (``ClientError/Kind/invalidRequest``).
    static var acceptedIncludes: Set<IncludePath>? { get }
}

/// A further collection of ``ResourceCollection/CollectionResource`` at a fixed path, for example `/archived-tasks`.
public protocol RootCollection: ResourceCollection {
    /// The path of the collection with a leading slash, used as written (a trailing slash is kept, and
    /// instances then end in one too), like ``RootResource/collectionPath``.
    static var collectionPath: String { get }
}

/// A further collection of ``ResourceCollection/CollectionResource`` below one instance of ``Parent``, for example
/// `/projects/{id}/tasks`.
///
/// Its builders return a ``CollectionStep``, appended with `/` to a path of a parent instance:
///
/// ```swift
/// let tasks = Project.show("1") / Task.InProject.list()   // GET /projects/1/tasks
/// ```
public protocol ChildCollection: ResourceCollection {
    /// The resource whose instances hold the collection.
    associatedtype Parent: Resource

    /// The path segment of the collection below a parent instance, without a leading slash, used as
    /// written, like ``ChildResource/pathSegment``.
    static var pathSegment: String { get }
}
