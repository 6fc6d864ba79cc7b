import Foundation
import HTTPTypes

/// How the server answered a write (create, replace, patch or delete), in each form JSON:API allows:
/// what `client.write(_:_:)` returns.
///
/// ```swift
/// switch try await client.write(Article.create(), new) {
/// case .resource(let article, _): show(article)                  // 200 or 201 with the resource
/// case .applied(let reply): show(new, meta: reply.meta)          // 204, or no primary data: done as sent
/// case .accepted(let reply): watch(reply.contentLocation)         // 202: queued, not done yet
/// }
/// ```
///
/// The plain calls (`create`, `replace`, `patch`) return the resource in the first two cases (for
/// ``applied(_:)`` the resource as sent, see <doc:JSONAPI>) and throw a ``ClientError`` of kind
/// ``ClientError/Kind/accepted`` for the third, since there is no resource yet.
public enum WriteOutcome<R: Resource>: Sendable {
    /// `200 OK` or `201 Created` with the resource as primary data: the resource as the server now has
    /// it (its id, defaults, computed attributes).
    case resource(R, WriteReply)
    /// `204 No Content`, or a `200`/`201` without primary data (no body, or only `meta`): the server did
    /// what was asked and changed nothing else, so the resource is what was sent (merged into what it
    /// was, for a patch).
    case applied(WriteReply)
    /// `202 Accepted`: the server took the request to process later; nothing is done yet.
    /// ``WriteReply/contentLocation`` (or ``WriteReply/location``) is where to follow it, when the
    /// server says.
    case accepted(WriteReply)

    /// The answer's status, header fields, `Location`, `Content-Location` and top-level `meta`.
    public var reply: WriteReply {
        switch self {
        case .resource(_, let reply), .applied(let reply), .accepted(let reply): reply
        }
    }

    /// The resource the server returned; nil when it returned none.
    public var resource: R? {
        if case .resource(let value, _) = self { value } else { nil }
    }

    /// Whether the server only accepted the write for later (`202 Accepted`).
    public var isAccepted: Bool {
        if case .accepted = self { true } else { false }
    }
}

/// What a write's answer says besides the resource.
public struct WriteReply: Sendable {
    /// The status: `200`, `201`, `202` or `204` (any 2xx).
    public var status: HTTPResponse.Status
    /// The response's header fields.
    public var headers: HTTPFields
    /// The URL the answer came from (after redirects); ``location`` and ``contentLocation`` are resolved
    /// against it.
    public var url: URL
    /// `Location`: the created resource (`201`), or where an accepted write's result will be.
    public var location: URL?
    /// `Content-Location`: for a `202 Accepted`, the status resource to poll (JSON:API's asynchronous
    /// processing recommendation); for a `200`/`201`, the URL of the returned representation.
    public var contentLocation: URL?
    /// The JSON:API document's top-level `meta` (a `200` with only `meta`, a `202`'s status), when the
    /// body is one.
    public var meta: JSONValue?
    /// The response body (empty for a `204`).
    public var body: Data

    /// Creates a reply.
    public init(status: HTTPResponse.Status, headers: HTTPFields, url: URL, meta: JSONValue? = nil, body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.url = url
        self.location = headers[.location].flatMap { URIReference.url($0, relativeTo: url) }
        self.contentLocation = headers[Self.contentLocationName].flatMap { URIReference.url($0, relativeTo: url) }
        self.meta = meta
        self.body = body
    }

    static let contentLocationName = HTTPField.Name("Content-Location")!
}
