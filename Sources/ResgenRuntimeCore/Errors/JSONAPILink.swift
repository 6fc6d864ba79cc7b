import Foundation

/// A JSON:API link: a URI-reference string, or a link object with `href` and the other members JSON:API
/// 1.1 defines (`rel`, `describedby`, `title`, `type`, `hreflang`, `meta`).
///
/// ``href`` is kept as the server wrote it; ``url`` is it resolved against ``base``, the URL of the
/// document the link came from (links are URI-references: `"related": "/tasks/1/comments"` is relative).
/// Every link a ``JSONAPICodec`` decodes for a ``Client`` has its ``base``: document, resource and
/// relationship links and pagination links alike.
///
/// Two links are equal when they lead to the same target (``url``, or ``href`` when it does not resolve)
/// with the same members: the same relative href read from two documents differs, one written absolute
/// and relative from the same document does not.
public struct JSONAPILink: Codable, Hashable, Sendable {
    /// The target as the server wrote it (absolute or relative).
    public var href: String
    /// The link object's `meta`.
    public var meta: JSONValue?
    /// The URL of the document the link came from, which a relative ``href`` resolves against; nil for a
    /// link decoded without one (`JSONAPICodec.decodeDocument` without `baseURL`), whose ``url`` is then
    /// ``href`` as written.
    public var base: URL?
    /// The members most links lack, boxed: links are on every resource a server like
    /// djangorestframework-jsonapi writes, so a link stays small.
    private var details: Details?

    /// The link's relation type (`rel`), when the server says it.
    public var rel: String? {
        get { details?.values.rel }
        set { update { $0.rel = newValue } }
    }
    /// A link to a description document (OpenAPI, JSON Schema) of the target (`describedby`).
    public var describedby: JSONAPILink? {
        get { details?.values.describedby }
        set { update { $0.describedby = newValue } }
    }
    /// A human-readable label (`title`).
    public var title: String? {
        get { details?.values.title }
        set { update { $0.title = newValue } }
    }
    /// The media type of the target (`type`).
    public var type: String? {
        get { details?.values.type }
        set { update { $0.type = newValue } }
    }
    /// The language(s) of the target (`hreflang`: one string, or an array of them, on the wire).
    public var hreflang: [String]? {
        get { details?.values.hreflang }
        set { update { $0.hreflang = newValue } }
    }

    /// Creates a link.
    public init(href: String, meta: JSONValue? = nil) {
        self.href = href
        self.meta = meta
    }

    /// Creates a link object with any of its members.
    public init(
        href: String, rel: String? = nil, describedby: JSONAPILink? = nil, title: String? = nil, type: String? = nil,
        hreflang: [String]? = nil, meta: JSONValue? = nil, base: URL? = nil
    ) {
        self.href = href
        self.meta = meta
        self.base = base
        self.details = Details(Details.Values(rel: rel, describedby: describedby, title: title, type: type, hreflang: hreflang))
    }

    /// The absolute target URL: ``href`` resolved against ``base``; nil for an href that is not a
    /// URI-reference.
    public var url: URL? {
        guard let base else { return URL(string: href) }
        return URIReference.url(href, relativeTo: base)
    }

    /// The target URL, a relative ``href`` resolved against `base` (or, when it is nil, against the
    /// link's own ``base``).
    public func url(relativeTo base: URL?) -> URL? {
        URIReference.url(href, relativeTo: base ?? self.base)
    }

    /// Changes the seldom members: a new box, so copies of the link keep theirs (value semantics).
    private mutating func update(_ change: (inout Details.Values) -> Void) {
        var values = details?.values ?? Details.Values()
        change(&values)
        details = Details(values)
    }

    private enum CodingKeys: String, CodingKey { case href, rel, describedby, title, type, hreflang, meta }

    /// Decodes a link string or link object; a relative href resolves against the document URL the
    /// ``JSONAPICodec`` puts in the decoder's `userInfo`.
    public init(from decoder: any Decoder) throws {
        let base = decoder.userInfo[.jsonAPIDocumentURL] as? URL
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self.init(href: text)
            self.base = base
            return
        }
        let object = try decoder.container(keyedBy: CodingKeys.self)
        var hreflang: [String]?
        if let one = try? object.decodeIfPresent(String.self, forKey: .hreflang) {
            hreflang = [one]
        } else {
            hreflang = try object.decodeIfPresent([String].self, forKey: .hreflang)
        }
        self.init(
            href: try object.decode(String.self, forKey: .href), rel: try object.decodeIfPresent(String.self, forKey: .rel),
            describedby: try object.decodeIfPresent(JSONAPILink.self, forKey: .describedby),
            title: try object.decodeIfPresent(String.self, forKey: .title), type: try object.decodeIfPresent(String.self, forKey: .type),
            hreflang: hreflang, meta: try object.decodeIfPresent(JSONValue.self, forKey: .meta), base: base)
    }

    /// Writes the link as a string when it has no other member than `href`, else as a link object (one
    /// `hreflang` as a string). ``base`` is not written: ``href`` stays as the server wrote it.
    public func encode(to encoder: any Encoder) throws {
        guard meta != nil || details != nil else {
            var single = encoder.singleValueContainer()
            return try single.encode(href)
        }
        var object = encoder.container(keyedBy: CodingKeys.self)
        try object.encode(href, forKey: .href)
        try object.encodeIfPresent(rel, forKey: .rel)
        try object.encodeIfPresent(describedby, forKey: .describedby)
        try object.encodeIfPresent(title, forKey: .title)
        try object.encodeIfPresent(type, forKey: .type)
        if let hreflang {
            if hreflang.count == 1 { try object.encode(hreflang[0], forKey: .hreflang) } else { try object.encode(hreflang, forKey: .hreflang) }
        }
        try object.encodeIfPresent(meta, forKey: .meta)
    }

    /// What two links are compared by: the target (resolved when it can be) and the members.
    private var target: String { url?.absoluteString ?? href }

    public static func == (lhs: JSONAPILink, rhs: JSONAPILink) -> Bool {
        lhs.target == rhs.target && lhs.meta == rhs.meta && lhs.details == rhs.details
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(target)
        hasher.combine(meta)
        hasher.combine(details)
    }
}

extension CodingUserInfoKey {
    /// The URL of the JSON:API document being decoded (a `URL`): relative links resolve against it.
    package static let jsonAPIDocumentURL = CodingUserInfoKey(rawValue: "resgen.jsonapi.documentURL")!
}
