import Foundation
import HTTPTypes
import ResgenRuntimeCore

/// What `<name>.resgen-partial.json` holds: which representation the bytes of `<name>.resgen-partial`
/// are the start of, so that a later download appends only the rest of that same representation.
///
/// A `206 Partial Content` continues the partial file only when it carries the same validator and the
/// same complete length as the response that began it (``continues(_:)``): a server or cache that
/// answers a `Range` whatever the `If-Range` says, with another version of the file, must not splice
/// two representations into one file (issue 46, finding 5: a `206` without an `ETag`, or with another
/// `Last-Modified` and length, was appended to the first version's bytes). Hence the complete length is
/// part of the record, and a download whose first response does not announce it is not resumable.
///
/// The record is outside input: a crash, a full disk, an older resgen or another program may have left
/// anything in the file. ``init(reading:)`` refuses whatever is not a record this version wrote (older
/// records lack the length and the response's validators, so their partial file starts over).
struct PartialDownloadRecord: Codable, Equatable, Sendable {
    /// The format this version writes and reads; a record of any other is not resumed from.
    static let currentFormat = 2
    /// The largest record read: a real one is a few hundred bytes (a URL, an entity tag and a date).
    static let maximumBytes = 64 << 10

    /// ``currentFormat`` when written.
    var format: Int
    /// The URL the download asked for (before redirects), which a resumed download must ask for again.
    var url: String
    /// The representation's complete length, in bytes: a `206` must name the same in its `Content-Range`.
    var length: Int64
    /// The `ETag` of the response that began the file, strong or weak, as sent: a `206` must carry the
    /// same one (RFC 9110 §15.3.7 requires it to send the `ETag` a `200` would have).
    var entityTag: String?
    /// The `Last-Modified` of the response that began the file, as sent: a `206` that carries one must
    /// carry the same, and must carry it when it is the validator (no strong `ETag`).
    var lastModified: String?

    /// A record of `response`, the first answer of a download of `url`; nil when the download cannot be
    /// resumed: no strong validator (a strong `ETag`, or a `Last-Modified` at least a minute before its
    /// `Date`), no announced length, or an encoded body (whose ranges count encoded bytes while the
    /// file holds decoded ones).
    init?(url: URL, response: HTTPResponse, length: Int64?) {
        let fields = response.headerFields
        guard let length, length > 0 else { return nil }
        if let encoding = fields[.contentEncoding].map(HTTPResponse.trimmingOptionalWhitespace), !encoding.isEmpty,
            encoding.lowercased() != "identity"
        {
            return nil
        }
        let entityTag = fields[.eTag].map { String(HTTPResponse.trimmingOptionalWhitespace($0)) }.flatMap { EntityTag(parsing: $0) }
        var lastModified: String?
        if let value = fields[.lastModified].map({ String(HTTPResponse.trimmingOptionalWhitespace($0)) }), Self.isDate(value) {
            lastModified = value
        }
        self.init(
            format: Self.currentFormat, url: url.absoluteString, length: length, entityTag: entityTag?.description,
            lastModified: lastModified)
        if entityTag.map({ !$0.isWeak }) != true {
            // §8.8.2.2: a Last-Modified is strong only when it is at least 60 seconds before the Date.
            let now = Date()
            guard let lastModified, let modified = HTTPDate.parse(lastModified, now: now),
                let date = fields[.date].flatMap({ HTTPDate.parse($0, now: now) }), date.timeIntervalSince(modified) >= 60
            else { return nil }
        }
    }

    /// A record with these fields (not checked: see ``isConsistent``).
    init(format: Int, url: String, length: Int64, entityTag: String?, lastModified: String?) {
        self.format = format
        self.url = url
        self.length = length
        self.entityTag = entityTag
        self.lastModified = lastModified
    }

    /// Reads a record from the bytes of its file.
    ///
    /// - Throws: ``Refusal`` when the bytes are not a consistent record of the current format.
    init(reading data: Data) throws(Refusal) {
        guard data.count <= Self.maximumBytes else { throw Refusal("the record is longer than \(Self.maximumBytes) bytes") }
        let record: PartialDownloadRecord
        do {
            record = try JSONDecoder().decode(PartialDownloadRecord.self, from: data)
        } catch {
            throw Refusal("the record is not one this version writes")
        }
        if let problem = record.inconsistency { throw Refusal(problem) }
        self = record
    }

    /// The record's bytes, as ``init(reading:)`` reads them.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(self)
    }

    /// Why the record cannot be resumed from, when it cannot; nil for a record ``init(url:response:length:)``
    /// could have made.
    var inconsistency: String? {
        guard format == Self.currentFormat else { return "the record's format is \(format), not \(Self.currentFormat)" }
        guard !url.isEmpty, url.utf8.count <= 16 << 10, URL(string: url) != nil else { return "the record's URL is not one" }
        guard length > 0 else { return "the record's length is \(length)" }
        if let entityTag {
            guard let tag = EntityTag(parsing: entityTag), tag.description == entityTag else {
                return "the record's entity tag is not one"
            }
        }
        if let lastModified, !Self.isDate(lastModified) { return "the record's Last-Modified is not an HTTP-date" }
        guard validator != nil else { return "the record has no strong validator" }
        return nil
    }

    /// The `If-Range` value: the entity tag when strong, else the `Last-Modified` date.
    var validator: String? {
        if let entityTag, entityTag.hasPrefix("\"") { return entityTag }
        return lastModified
    }

    /// Whether `response`, a `206` whose `Content-Range` is `part`, is more of the representation the
    /// record was made from: the same complete length, the same `ETag` when the record has one, and
    /// the same `Last-Modified` when the response has one or the date is the validator.
    func continues(_ response: HTTPResponse, part: ContentRange) -> Bool {
        guard part.completeLength == length else { return false }
        let fields = response.headerFields
        let tag = fields[.eTag].map { String(HTTPResponse.trimmingOptionalWhitespace($0)) }
        if let entityTag, tag != entityTag { return false }
        let modified = fields[.lastModified].map { String(HTTPResponse.trimmingOptionalWhitespace($0)) }
        if modified != nil || validator == lastModified, modified != lastModified { return false }
        return true
    }

    /// Whether `value` is an HTTP-date of visible ASCII (it is sent back in `If-Range`).
    private static func isDate(_ value: String) -> Bool {
        value.utf8.count <= 64 && value.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
            && HTTPDate.parse(value, now: Date(timeIntervalSince1970: 1_700_000_000)) != nil
    }

    /// Why a record file was not read.
    struct Refusal: Error, Equatable, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
