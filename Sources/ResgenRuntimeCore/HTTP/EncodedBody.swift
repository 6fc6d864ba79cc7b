/// A request body after encoding: the bytes and the `Content-Type` that describes them.
public struct EncodedBody: Sendable {
    /// The `Content-Type` header value, or nil for no body.
    public var contentType: String?
    /// The bytes to send.
    public var body: OutgoingBody

    /// Creates an encoded body.
    public init(contentType: String?, body: OutgoingBody) {
        self.contentType = contentType
        self.body = body
    }

    /// No body at all.
    public static let empty = EncodedBody(contentType: nil, body: .none)
}
