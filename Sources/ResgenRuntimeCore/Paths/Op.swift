/// The namespace of the operation phantom types used by ``ResourcePath`` and ``ChildStep``.
///
/// | Type | Method | Addresses |
/// | --- | --- | --- |
/// | ``List`` | `GET` | the collection |
/// | ``Show`` | `GET` | one instance |
/// | ``Create`` | `POST` | the collection |
/// | ``Replace`` | `PUT` | one instance |
/// | ``Patch`` | `PATCH` | one instance |
/// | ``Delete`` | `DELETE` | one instance |
/// | ``Instance`` | none (`nil`) | one instance, only as a parent of a child path |
public enum Op {
    /// Lists a collection: `GET /articles`.
    public enum List: ExecutableOperation {
        /// `GET`.
        public static var httpMethod: HTTPMethod { .get }
    }

    /// Reads one instance: `GET /articles/1`. May be the parent of a child path.
    public enum Show: ExecutableOperation, AddressesInstance {
        /// `GET`.
        public static var httpMethod: HTTPMethod { .get }
    }

    /// Creates an instance in a collection: `POST /articles`.
    public enum Create: ExecutableOperation {
        /// `POST`.
        public static var httpMethod: HTTPMethod { .post }
    }

    /// Replaces one instance: `PUT /articles/1`.
    public enum Replace: ExecutableOperation {
        /// `PUT`.
        public static var httpMethod: HTTPMethod { .put }
    }

    /// Updates part of one instance: `PATCH /articles/1`.
    public enum Patch: ExecutableOperation {
        /// `PATCH`.
        public static var httpMethod: HTTPMethod { .patch }
    }

    /// Deletes one instance: `DELETE /articles/1`.
    public enum Delete: ExecutableOperation {
        /// `DELETE`.
        public static var httpMethod: HTTPMethod { .delete }
    }

    /// The address of one instance, with no operation: `/articles/1`.
    ///
    /// It exists so that children of a resource can be reached even when the parent itself cannot be
    /// shown, as in `Article.at("1") / Comment.list()`. It is not executable: its method is `nil` and it
    /// does not adopt ``ExecutableOperation``.
    public enum Instance: AddressesInstance {
        /// `nil`: an instance address is not a request on its own.
        public static var method: HTTPMethod? { nil }
    }
}
