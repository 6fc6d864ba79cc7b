/// A resource whose collection lives at a fixed path, for example `/articles`.
///
/// Adopting this protocol, together with capability protocols such as ``IsShowable``, gives the type
/// static builders such as `show(_:)` that return a ``ResourcePath``.
public protocol RootResource: Resource {
    /// The path of the collection with a leading slash, for example `"/articles"`.
    ///
    /// The text is used as given (it is not percent-encoded), so it may contain several segments,
    /// for example `"/api/v1/articles"`. A trailing slash (`"/books/"`) is kept, and instances then
    /// end in one too (`/books/1/`), as the servers that spell their collections that way expect.
    static var collectionPath: String { get }

    /// The relationship paths a call may include on this resource's own path (`list` and `show`), or `nil` for any
    /// of the resource's include sets (the default). Generated from the schema's `acceptsIncludes`: a call
    /// whose include sets reach beyond them is refused before anything is sent (``ClientError/Kind/invalidRequest``).
    static var acceptedIncludes: Set<IncludePath>? { get }
}
