import Foundation
import HTTPTypes
import ResgenRuntimeCore

/// A response the cache keeps: its head and body, when it was requested and received (for its age,
/// RFC 9111 §4.2.3), the request field values it varies on, who may have it, and the resources it holds.
///
/// It holds no secret of the request: its ``identity`` and ``varyValues`` are keyed digests
/// (``CacheKeyer``), and its head never holds `Set-Cookie` (``storedFields(of:)``).
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
    /// What `Vary` names, and the digests of the values the request had in those fields
    /// (``VaryFields/digests(in:keyer:)``).
    package var vary: VaryFields
    package var varyValues: [String?]
    /// Who the request was made for (``RequestIdentity``), or nil for an anonymous request. A response is
    /// used only for requests of the same identity, unless it is ``isPublic``.
    package var identity: String?
    /// The resources the document holds (primary data, included or embedded), as the codec names them
    /// (``CacheIdentities``): after a write to one of them this response is stale. Empty, with
    /// ``invalidatesByPathOnly`` set, when there were more than the cache keeps for one response.
    package var identities: CacheIdentities
    /// Whether the document held more resources than ``limitingIdentities(to:)`` keeps: then a write to
    /// one of them makes it stale only through its URL's path (the target, its collection), not through
    /// the resources it included.
    package var invalidatesByPathOnly = false

    /// Its `Cache-Control` directives, read when it was stored or last updated.
    package private(set) var cacheControl = CacheControl()
    /// Its freshness lifetime in seconds (``CacheFreshness/lifetime(of:)``), read when it was stored or updated.
    package private(set) var lifetime: Int?
    /// Its corrected initial age in seconds (RFC 9111 §4.2.3), from when it was stored or updated: its current
    /// age is this plus the time since ``responseTime``.
    package private(set) var correctedInitialAge: Double = 0

    package init(
        status: HTTPResponse.Status, headerFields: HTTPFields, body: Data, requestTime: Date, responseTime: Date, vary: VaryFields,
        varyValues: [String?], identity: String?, identities: CacheIdentities
    ) {
        self.status = status
        self.headerFields = headerFields
        self.body = body
        self.requestTime = requestTime
        self.responseTime = responseTime
        self.vary = vary
        self.varyValues = varyValues
        self.identity = identity
        self.identities = identities
        readFreshness()
    }

    /// Reads what the fields say about freshness once, so that a hit parses nothing.
    private mutating func readFreshness() {
        cacheControl = CacheControl(parsing: headerFields[values: .cacheControl])
        lifetime = CacheFreshness.lifetime(of: self)
        correctedInitialAge = CacheFreshness.correctedInitialAge(of: self)
    }
    /// `public`: usable for a request of any (or no) identity.
    package var isPublic: Bool { cacheControl.isPublic }
    /// `private`: meant for the one user who asked.
    package var isPrivate: Bool { cacheControl.isPrivate }
    /// Its validator for `If-None-Match`.
    package var entityTag: String? { headerFields[.eTag] }
    /// Its validator for `If-Modified-Since`.
    package var lastModified: String? { headerFields[.lastModified] }
    /// The bytes it costs to keep: body, fields and the names of the resources it holds (each a string in
    /// two sets; a document of 140,000 included resources holds megabytes of them).
    package var cost: Int {
        body.count + headerFields.reduce(0) { $0 + $1.name.rawName.utf8.count + $1.value.utf8.count + 4 } + identities.cost + 256
    }

    /// Whether a later request with `varyDigests` (its values of the fields ``vary`` names, as
    /// ``VaryFields/digests(in:keyer:)`` gives them) and `identity` may be answered with this response:
    /// the same values in every field `Vary` names, and the same identity unless it is public.
    package func matches(varyDigests: [String?], identity: String?) -> Bool {
        guard !vary.matchesNothing, varyDigests == varyValues else { return false }
        return self.identity == identity || isPublic
    }

    /// Whether this response answers the same requests as `other`: the same `Vary` fields and values, and
    /// the same identity. Storing one replaces the other.
    package func answersLike(_ other: StoredResponse) -> Bool {
        varyValues == other.varyValues && vary == other.vary && identity == other.identity
    }

    /// Keeps the resources the document holds only when they are at most `count` names of at most `bytes`
    /// UTF-8 bytes together; otherwise keeps none and marks it ``invalidatesByPathOnly``. What a cache
    /// keeps per response stays bounded whatever the document includes, and so does its file's metadata.
    package mutating func limitingIdentities(to count: Int, bytes: Int) {
        guard identities.all.count > count || identities.all.reduce(0, { $0 + $1.utf8.count }) > bytes else { return }
        identities = .none
        invalidatesByPathOnly = true
    }

    /// The fields of a response as the cache keeps them: without `Set-Cookie` (and the obsolete
    /// `Set-Cookie2`), which hands one user's session to whoever is answered from the store, and which a
    /// cache file must never hold.
    package static func storedFields(of fields: HTTPFields) -> HTTPFields {
        var fields = fields
        fields[values: .setCookie] = []
        if let setCookie2 = HTTPField.Name("Set-Cookie2") { fields[values: setCookie2] = [] }
        return fields
    }

    /// Whether a `304 Not Modified` speaks of this response's representation (RFC 9111 §4.3.4), so that it
    /// may update it: its `ETag`, when it has one, is this one's (compared strongly when the 304's is
    /// strong, weakly when weak); else its `Last-Modified`, when it has one, is the same date as this
    /// one's. A 304 with neither is taken as this one's: the request asked about this one alone.
    ///
    /// Updating on another validator would label the stored body with a tag the client never read, and a
    /// later `If-Match` write would claim that version.
    package func isSameRepresentation(as notModified: HTTPResponse) -> Bool {
        if let value = notModified.headerFields[.eTag] {
            guard let theirs = EntityTag(parsing: value), let ours = entityTag.flatMap({ EntityTag(parsing: $0) }) else { return false }
            return theirs.isWeak ? theirs.matchesWeakly(ours) : theirs.matchesStrongly(ours)
        }
        if let value = notModified.headerFields[.lastModified] {
            guard let ours = lastModified else { return false }
            if value == ours { return true }
            guard let theirDate = HTTPDate.parse(value, now: responseTime), let ourDate = HTTPDate.parse(ours, now: responseTime) else { return false }
            return theirDate == ourDate
        }
        return true
    }

    /// Takes the fields of a `304 Not Modified` into the stored head (RFC 9111 §3.2): every field the 304
    /// carries replaces the stored one of that name, except the ones describing the body's framing.
    package mutating func update(with notModified: HTTPResponse, requestTime: Date, responseTime: Date) {
        let framing: Set<HTTPField.Name> = [.contentLength, .contentEncoding, .transferEncoding, .contentRange]
        let names = Set(Self.storedFields(of: notModified.headerFields).map(\.name)).subtracting(framing)
        for name in names {
            headerFields[values: name] = notModified.headerFields[values: name]
        }
        self.requestTime = requestTime
        self.responseTime = responseTime
        readFreshness()
    }
}
