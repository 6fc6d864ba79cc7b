import Foundation
import HTTPTypes
import ResgenRuntimeCore

/// A response the cache keeps: its head and body, when it was requested and received (for its age,
/// RFC 9111 §4.2.3), the request field values it varies on, who may have it, and the resources it holds.
package struct StoredResponse: Sendable {
    /// The status code and reason phrase.
    package var status: HTTPResponse.Status
    /// The header fields, as received (and as updated by later `304`s).
    package var headerFields: HTTPFields
    /// The body, after any `Content-Encoding` was undone.
    package var body: Data
    /// When the request that fetched (or last revalidated) it was sent.
    package var requestTime: Date
    /// When its response arrived.
    package var responseTime: Date
    /// What `Vary` names, and the values the request had in those fields.
    package var vary: VaryFields
    package var varyValues: [String?]
    /// The credentials the request carried (the values of its credential fields, in order), or nil for
    /// none. A response stored with credentials is used only for requests with the same ones, unless it
    /// is ``isPublic``. Never written to disk (see ``HTTPCache``).
    package var credentials: [String]?
    /// The resources the document holds (primary data, included or embedded), as the codec names them
    /// (``CacheIdentities``): after a write to one of them this response is stale.
    package var identities: CacheIdentities

    /// Its `Cache-Control` directives, read when it was stored or last updated.
    package private(set) var cacheControl = CacheControl()
    /// Its freshness lifetime in seconds (``CacheFreshness/lifetime(of:)``), read when it was stored or updated.
    package private(set) var lifetime: Int?
    /// Its corrected initial age in seconds (RFC 9111 §4.2.3), from when it was stored or updated: its current
    /// age is this plus the time since ``responseTime``.
    package private(set) var correctedInitialAge: Double = 0

    package init(
        status: HTTPResponse.Status, headerFields: HTTPFields, body: Data, requestTime: Date, responseTime: Date, vary: VaryFields,
        varyValues: [String?], credentials: [String]?, identities: CacheIdentities
    ) {
        self.status = status
        self.headerFields = headerFields
        self.body = body
        self.requestTime = requestTime
        self.responseTime = responseTime
        self.vary = vary
        self.varyValues = varyValues
        self.credentials = credentials
        self.identities = identities
        readFreshness()
    }

    /// Reads what the fields say about freshness once, so that a hit parses nothing.
    private mutating func readFreshness() {
        cacheControl = CacheControl(parsing: headerFields[values: .cacheControl])
        lifetime = CacheFreshness.lifetime(of: self)
        correctedInitialAge = CacheFreshness.correctedInitialAge(of: self)
    }
    /// `public`: usable for a request with any (or no) credentials.
    package var isPublic: Bool { cacheControl.isPublic }
    /// Its validator for `If-None-Match`.
    package var entityTag: String? { headerFields[.eTag] }
    /// Its validator for `If-Modified-Since`.
    package var lastModified: String? { headerFields[.lastModified] }
    /// The bytes it costs to keep: body and fields.
    package var cost: Int { body.count + headerFields.reduce(0) { $0 + $1.name.rawName.utf8.count + $1.value.utf8.count + 4 } + 256 }

    /// Whether a later request with `fields` and `credentials` may be answered with this response:
    /// the same values in every field `Vary` names, and the same credentials unless it is public.
    package func matches(_ fields: HTTPFields, credentials: [String]?) -> Bool {
        guard !vary.matchesNothing, vary.values(in: fields) == varyValues else { return false }
        return self.credentials == credentials || isPublic
    }

    /// Takes the fields of a `304 Not Modified` into the stored head (RFC 9111 §3.2): every field the 304
    /// carries replaces the stored one of that name, except the ones describing the body's framing.
    package mutating func update(with notModified: HTTPResponse, requestTime: Date, responseTime: Date) {
        let framing: Set<HTTPField.Name> = [.contentLength, .contentEncoding, .transferEncoding, .contentRange]
        let names = Set(notModified.headerFields.map(\.name)).subtracting(framing)
        for name in names {
            headerFields[values: name] = notModified.headerFields[values: name]
        }
        self.requestTime = requestTime
        self.responseTime = responseTime
        readFreshness()
    }
}
