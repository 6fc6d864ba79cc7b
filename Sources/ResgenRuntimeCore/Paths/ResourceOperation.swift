/// The operation that a ``ResourcePath`` or ``ChildStep`` stands for, as a phantom type.
///
/// The conforming types live in ``Op``. They are never instantiated; they only carry, in the type of a
/// path, which HTTP method it is meant for and whether it may be the parent of a child path.
public protocol ResourceOperation: Sendable {
    /// The HTTP method of the operation, or `nil` for an address that is not an operation
    /// (``Op/Instance``).
    static var method: HTTPMethod? { get }
}

/// An operation whose path addresses exactly one instance, and which may therefore be the parent of a
/// child path: ``Op/Show`` and ``Op/Instance``.
///
/// ``Op/Replace``, ``Op/Patch`` and ``Op/Delete`` also address one instance but do not adopt this
/// protocol, so that `Article.delete("1") / Comment.list()` does not compile.
public protocol AddressesInstance: ResourceOperation {}

/// An operation that can be sent as a request: every operation in ``Op`` except ``Op/Instance``.
///
/// Its ``ResourceOperation/method`` is never `nil`; ``httpMethod`` reads it without unwrapping.
public protocol ExecutableOperation: ResourceOperation {
    /// The HTTP method of the operation.
    static var httpMethod: HTTPMethod { get }
}

extension ExecutableOperation {
    /// The HTTP method of the operation; the same as ``httpMethod``.
    public static var method: HTTPMethod? { httpMethod }
}
