import Foundation

/// The body of an ``APIRequest``, described rather than encoded: the HTTP layer encodes it.
public enum RequestBody: Sendable {
    /// No body.
    case none
    /// A value to encode as JSON (`application/json`).
    case json(any Encodable & Sendable)
    /// Items to encode as a form (`application/x-www-form-urlencoded`).
    case form([QueryItem])
    /// Parts to encode as `multipart/form-data`.
    case multipart([MultipartPart])
    /// Bytes sent as given, with their content type.
    case raw(Data, contentType: String)

    /// Whether the body is ``none``.
    public var isEmpty: Bool {
        if case .none = self { true } else { false }
    }
}
