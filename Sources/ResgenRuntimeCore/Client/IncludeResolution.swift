/// How a wire format resolves the includes of a call (`client.fetch(Article.show(1), including: .full)`).
/// A codec describes it; the ``Client`` carries it out.
public enum IncludeResolution: Sendable {
    /// The format has no includes (plain JSON): asking for them is a ``ClientError/Kind/invalidRequest``.
    case unsupported
    /// Resolve by following links after the request: HAL takes `_embedded` resources or follows links,
    /// with its ``HALTraversalOptions`` (see `HALTraversalEngine`).
    case traversal(any IncludeTraversal)
    /// JSON:API: ask for a compound document with `include=`; the codec resolves `included` while
    /// decoding, along ``ResponseContext/includes``.
    case compoundDocument
}
