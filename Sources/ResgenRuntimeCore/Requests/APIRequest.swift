/// A free-form request that generated code declares for an endpoint outside the resource model
/// (as Crane does), for example `POST /session` or `GET /search`.
///
/// Only ``method``, ``pathComponents`` and the ``Response`` type are required; the rest have defaults.
public protocol APIRequest: Sendable {
    /// The type the response body decodes to; ``EmptyResponse`` when there is no body.
    associatedtype Response: Decodable & Sendable

    /// The HTTP method of the request.
    static var method: HTTPMethod { get }

    /// Whether the request must carry credentials. Defaults to `false`.
    static var requiresAuth: Bool { get }

    /// The components of the path, for example `[.literal("/users/"), .value(name), .literal("/repos")]`.
    var pathComponents: [PathComponent] { get }

    /// Query items every request of this type sends (fixed `value:`s in the schema). Defaults to none.
    static var defaultQueryItems: [QueryItem] { get }

    /// Header fields every request of this type sends (fixed `value:`s in the schema). Defaults to none.
    static var defaultHeaders: [HeaderField] { get }

    /// The query items of this instance, in order; they replace default items of the same name.
    /// Defaults to none.
    var queryItems: [QueryItem] { get }

    /// The header fields of this instance, in order; they replace default fields of the same name
    /// (case-insensitively). Defaults to none.
    var headers: [HeaderField] { get }

    /// The body. Defaults to ``RequestBody/none``.
    var body: RequestBody { get }
}

extension APIRequest {
    /// `false`: requests do not need credentials unless they say so.
    public static var requiresAuth: Bool { false }

    /// No default query items.
    public static var defaultQueryItems: [QueryItem] { [] }

    /// No default header fields.
    public static var defaultHeaders: [HeaderField] { [] }

    /// No query items.
    public var queryItems: [QueryItem] { [] }

    /// No header fields.
    public var headers: [HeaderField] { [] }

    /// No body.
    public var body: RequestBody { .none }

    /// The path, with values percent-encoded as in ``ResourcePath/path``.
    public var path: String { PathComponent.path(of: pathComponents) }
}
