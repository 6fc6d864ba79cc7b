/// A resource whose collection lives below one instance of its parent,
/// for example `/articles/{id}/comments`.
///
/// Adopting this protocol, together with capability protocols such as ``IsListable``, gives the type
/// static builders such as `list()` that return a ``ChildStep``. A step is only a relative address: it
/// becomes an executable ``ResourcePath`` when appended with `/` to a path that addresses an instance
/// of ``Parent``:
///
/// ```swift
/// let comments = Article.show("1") / Comment.list()   // GET /articles/1/comments
/// ```
public protocol ChildResource: Resource {
    /// The resource whose instances hold this resource's collection.
    associatedtype Parent: Resource

    /// The path segment of the collection below a parent instance, without a leading slash, for
    /// example `"comments"`, or `"comments/"` when the API's paths end in a slash (instances then do
    /// too: `comments/7/`).
    ///
    /// The text is used as given (it is not percent-encoded).
    static var pathSegment: String { get }

    /// The relationship paths a call may include on this resource's own path (`list` and `show`), or `nil` for any
    /// of the resource's include sets (the default). Generated from the schema's `acceptsIncludes`: a call
    /// whose include sets reach beyond them is refused before anything is sent (``ClientError/Kind/invalidRequest``).
    static var acceptedIncludes: Set<IncludePath>? { get }
}
