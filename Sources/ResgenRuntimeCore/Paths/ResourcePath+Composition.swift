/// Appends a child step to the path of one instance of its parent.
///
/// ```swift
/// Article.show("1") / Comment.list()                     // GET /articles/1/comments
/// Post.show(1) / Comment.show(2) / Commenter.list()      // GET /posts/1/comments/2/commenters
/// ```
///
/// It compiles only when the step's `Parent` is the path's target and the path addresses an instance
/// (``Op/Show`` or ``Op/Instance``).
///
/// - Parameters:
///   - parent: The path of a parent instance.
///   - child: The step below it.
/// - Returns: The path of the child operation.
public func / <P, PO: AddressesInstance, C: ChildResource, O>(
    parent: ResourcePath<P, PO>,
    child: ChildStep<C, O>
) -> ResourcePath<C, O> where C.Parent == P {
    ResourcePath(uncheckedComponents: PathComponent.joined(parent.components, child.components), query: parent.query + child.query, acceptedIncludes: child.acceptedIncludes)
}
