import Foundation

/// Encodes a ``RequestBody`` into the bytes and content type a ``Transport`` sends.
///
/// Input: a described body. Output: an ``EncodedBody``.
///
/// | Body | Content type | Bytes |
/// |---|---|---|
/// | ``RequestBody/none`` | none | ``EncodedBody/empty`` |
/// | ``RequestBody/json(_:)`` | `application/json` | from ``encodeJSON``, in memory |
/// | ``RequestBody/form(_:)`` | `application/x-www-form-urlencoded` | ``formURLEncoded(_:)``, in memory |
/// | ``RequestBody/multipart(_:)`` | `multipart/form-data; boundary=…` | from ``multipart`` |
/// | ``RequestBody/raw(_:contentType:)`` | the given one | as given |
public struct RequestBodyEncoder: Sendable {
    /// The content type of JSON bodies.
    public static let jsonContentType = "application/json"

    /// The content type of form bodies.
    public static let formContentType = "application/x-www-form-urlencoded"

    /// Encodes a JSON body's value; the client's JSON configuration lives here.
    public var encodeJSON: @Sendable (any Encodable & Sendable) throws -> Data

    /// Encodes multipart bodies.
    public var multipart: MultipartEncoder

    /// Creates an encoder.
    ///
    /// - Parameters:
    ///   - encodeJSON: Encodes a JSON body's value; a default `JSONEncoder` by default.
    ///   - multipart: Encodes multipart bodies.
    public init(
        encodeJSON: @escaping @Sendable (any Encodable & Sendable) throws -> Data = { try JSONEncoder().encode($0) },
        multipart: MultipartEncoder = MultipartEncoder()
    ) {
        self.encodeJSON = encodeJSON
        self.multipart = multipart
    }

    /// Encodes `body`.
    ///
    /// - Parameter body: The body to encode.
    /// - Returns: The content type and the bytes.
    /// - Throws: The error of ``encodeJSON``, or a ``MultipartEncoder/Error`` or file system error from
    ///   ``multipart``.
    public func encode(_ body: RequestBody) throws -> EncodedBody {
        switch body {
        case .none:
            .empty
        case .json(let value):
            EncodedBody(contentType: Self.jsonContentType, body: .data(try encodeJSON(value)))
        case .form(let items):
            EncodedBody(contentType: Self.formContentType, body: .data(Self.formURLEncoded(items)))
        case .multipart(let parts):
            try multipart.encode(parts)
        case .raw(let data, let contentType):
            EncodedBody(contentType: contentType, body: .data(data))
        }
    }
}
