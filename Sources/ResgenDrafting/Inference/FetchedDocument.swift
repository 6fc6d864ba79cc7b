import ResgenCore

/// One response `resgen infer` fetched: the input of inference, recorded as it arrived so inference
/// itself never touches the network (and golden tests replay recorded responses).
public struct FetchedDocument: Hashable, Sendable {
    /// The absolute URL the body came from (after redirects); relative links resolve against it.
    public var url: String
    /// The `Content-Type` field value, if the server sent one.
    public var contentType: String?
    /// The body, as text (a body that is not UTF-8 is not JSON anyway).
    public var body: String

    /// Creates a document.
    public init(url: String, contentType: String?, body: String) {
        self.url = url
        self.contentType = contentType
        self.body = body
    }
}
