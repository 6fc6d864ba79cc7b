/// A relative address below an instance of `Target.Parent`, such as `comments` or `comments/2`.
///
/// A step is not executable on its own and is not a ``ResourcePath``. Append it to a path that
/// addresses a parent instance to get one:
///
/// ```swift
/// Article.show("1") / Comment.show("2")   // ResourcePath<Comment, Op.Show>: GET /articles/1/comments/2
/// ```
public struct ChildStep<Target: ChildResource, Operation: ResourceOperation>: Hashable, Sendable {
    /// The components of the step, each literal starting with `/`, for example
    /// `[.literal("/comments/"), .value("2")]`.
    public var components: [PathComponent]

    /// Query items the anchored path's requests carry: what a typed list builder put there.
    public var query: [QueryItem]

    /// The relationship paths a call on this path may include (schema `acceptsIncludes`), or `nil` for any of
    /// the resource's include sets: a call that includes others is refused before it is sent. Set by the
    /// builders of a path whose type names them (``RootResource/acceptedIncludes``, …).
    public var acceptedIncludes: Set<IncludePath>?

    /// Creates a step from components, without checking that they match `Target` and `Operation`.
    ///
    /// Generated code does not call this; it uses the builders on ``ChildResource``.
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
