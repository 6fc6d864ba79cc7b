import Foundation
import HTTPTypes

/// What a response said besides its body: its status and header fields, and the validators and links
/// read from them. ``Client/fetchWithResponse(_:query:headers:)->(R,_)`` returns it beside the value.
public struct ResponseMetadata: Sendable {
    /// The status.
    public var status: HTTPResponse.Status
    /// The header fields (for a response answered by the ``HTTPCache``: the stored ones, with `Age`).
    public var headerFields: HTTPFields
    /// The URL the response came from, after redirects.
    public var url: URL

    /// Creates metadata.
    public init(status: HTTPResponse.Status, headerFields: HTTPFields, url: URL) {
        self.status = status
        self.headerFields = headerFields
        self.url = url
    }

    /// `ETag`: the validator to send back in `If-Match` (``HeaderField/ifMatch(_:)``) so that a write
    /// applies only to the representation read. Nil when absent or malformed.
    public var entityTag: EntityTag? { headerFields[.eTag].flatMap(EntityTag.init(parsing:)) }

    /// `Last-Modified`, when present and a valid HTTP-date.
    public var lastModified: Date? { headerFields[.lastModified].flatMap { HTTPDate.parse($0, now: Date()) } }

    /// `Location`, resolved against ``url``.
    public var location: URL? { headerFields[.location].flatMap { URIReference.url($0, relativeTo: url) } }

    /// `Content-Location`, resolved against ``url``.
    public var contentLocation: URL? { headerFields[.contentLocation].flatMap { URIReference.url($0, relativeTo: url) } }

    /// `Age` in seconds: set when the response was answered from a cache (the client's ``HTTPCache`` or
    /// one on the way).
    public var age: Int? { headerFields[.age].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
}
