/// The typed address of a request on a resource: which resource, which operation, and the path.
///
/// Paths are built by the static builders of ``RootResource`` (`Article.show("1")`) and extended with
/// `/` and a ``ChildStep`` (`Article.show("1") / Comment.list()`). The type parameters make misuse a
/// compile error: a child step only appends to a path of its own parent type, and only to a path that
/// addresses an instance (``AddressesInstance``).
///
/// - Note: `Target` and `Operation` are phantom types: two paths with the same components but different
///   types are different types, never compared.
public struct ResourcePath<Target: Resource, Operation: ResourceOperation>: Hashable, Sendable,
    CustomStringConvertible
{
    /// The components of the path, in order.
    public var components: [PathComponent]

    /// Query items the request always carries, before any a call adds: what a typed list builder
    /// (`Article.list(filter: …, sort: …)`, schema `list:`) or ``RootResource/list(query:)`` put there.
    /// Empty for every other builder.
    public var query: [QueryItem]

    /// The relationship paths a call on this path may include (schema `acceptsIncludes`), or `nil` for any of
    /// the resource's include sets: a call that includes others is refused before it is sent. Set by the
    /// builders of a path whose type names them (``RootResource/acceptedIncludes``, …).
    public var acceptedIncludes: Set<IncludePath>?

    /// Creates a path from components, without checking that they match `Target` and `Operation`.
    ///
    /// Generated code does not call this; it uses the builders on ``RootResource``. It is an escape hatch
    /// for hand-written code that needs a path the builders cannot express.
    ///
    /// - Parameters:
    ///   - components: The components, in order.
    ///   - query: Query items every request to the path carries.
    ///   - acceptedIncludes: The relationship paths a call may include, `nil` for any.
    public init(uncheckedComponents components: [PathComponent], query: [QueryItem] = [], acceptedIncludes: Set<IncludePath>? = nil) {
        self.components = components
        self.query = query
        self.acceptedIncludes = acceptedIncludes
    }

    /// The HTTP method of `Operation`, or `nil` for ``Op/Instance``.
    public var method: HTTPMethod? { Operation.method }

    /// The path, with values percent-encoded, for example `"/articles/1/comments"`.
    public var path: String { PathComponent.path(of: components) }

    /// The method and path, for example `"GET /articles/1"`; only the path when the method is `nil`.
    public var description: String {
        if let method { "\(method) \(path)" } else { path }
    }
}

extension ResourcePath where Operation: ExecutableOperation {
    /// The HTTP method of `Operation`, known to exist for executable operations.
    public var httpMethod: HTTPMethod { Operation.httpMethod }
}
