/// A resource whose collection lives at a fixed path, for example `/articles`.
///
/// Adopting this protocol, together with capability protocols such as ``IsShowable``, gives the type
/// static builders such as `show(_:)` that return a ``ResourcePath``.
public protocol RootResource: Resource {
    /// The path of the collection: a leading slash and no trailing slash, for example `"/articles"`.
    ///
    /// The text is used as given (it is not percent-encoded), so it may contain several segments,
    /// for example `"/api/v1/articles"`.
    static var collectionPath: String { get }
}
