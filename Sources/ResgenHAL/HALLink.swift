import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// One HAL link object: `{"href": "/contacts/2", "title": "Ann"}`, with every property HAL defines.
///
/// `href` is kept as the server wrote it; ``url`` is it resolved against the URL of the document the
/// link came from (HAL servers often write relative hrefs). A templated link (RFC 6570) has no ``url``
/// until it is expanded.
public struct HALLink: Hashable, Sendable, Codable {
    /// The target, as written: a URI, a relative reference, or an RFC 6570 template.
    public var href: String
    /// A human-readable label.
    public var title: String?
    /// The properties links seldom have, boxed (`nil` when none is set): stored inline, they made a link
    /// 136 bytes on Linux, and links are the bulk of a decoded HAL document (a link is now 64).
    private var seldom: SeldomProperties?
    /// The URL of the document the link came from, which a relative ``href`` resolves against.
    public var base: URL?
    /// Whether ``href`` is an RFC 6570 URI template.
    public var templated: Bool

    /// The media type expected at the target.
    public var type: String? {
        get { seldom?.type }
        set { update { $0.type = newValue } }
    }
    /// A URL that explains the link's deprecation; present means deprecated.
    public var deprecation: String? {
        get { seldom?.deprecation }
        set { update { $0.deprecation = newValue } }
    }
    /// A secondary key for choosing among links of the same relation.
    public var name: String? {
        get { seldom?.name }
        set { update { $0.name = newValue } }
    }
    /// A profile URI of the target resource.
    public var profile: String? {
        get { seldom?.profile }
        set { update { $0.profile = newValue } }
    }
    /// The language of the target.
    public var hreflang: String? {
        get { seldom?.hreflang }
        set { update { $0.hreflang = newValue } }
    }

    /// Creates a link.
    public init(
        href: String, templated: Bool = false, type: String? = nil, deprecation: String? = nil, name: String? = nil,
        profile: String? = nil, title: String? = nil, hreflang: String? = nil, base: URL? = nil
    ) {
        self.href = href
        self.templated = templated
        self.title = title
        self.base = base
        self.seldom = SeldomProperties(type: type, deprecation: deprecation, name: name, profile: profile, hreflang: hreflang)
    }

    /// Changes the seldom properties: a new box, so that copies of the link keep theirs (value semantics).
    private mutating func update(_ change: (inout SeldomProperties.Values) -> Void) {
        var values = seldom?.values ?? SeldomProperties.Values()
        change(&values)
        seldom = SeldomProperties(values)
    }

    /// The absolute target URL: ``href`` resolved against ``base``; `nil` for a templated link (expand
    /// it first) or an href that is not a URI reference.
    public var url: URL? {
        guard !templated else { return nil }
        return URIReference.url(href, relativeTo: base)
    }

    /// Whether the link is deprecated (it has a ``deprecation`` URL).
    public var isDeprecated: Bool { deprecation != nil }

    enum CodingKeys: String, CodingKey {
        case href, templated, type, deprecation, name, profile, title, hreflang
    }

    /// Decodes a link object; a relative href resolves against `CodingUserInfoKey.halDocumentURL`.
    public init(from decoder: any Decoder) throws {
        try self.init(container: decoder.container(keyedBy: CodingKeys.self), base: decoder.userInfo[.halDocumentURL] as? URL)
    }

    init(container: KeyedDecodingContainer<CodingKeys>, base: URL?) throws {
        // Ask for each of the eight keys rather than visiting `allKeys`: with JSONDecoder, `allKeys` builds
        // and casts three arrays through unspecialized generic code, which measured slower than seven
        // lookups that miss, and links are the bulk of a HAL document.
        let href = try container.decode(String.self, forKey: .href)
        // A `templated` that is not a Boolean (`"true"`, `1`) counts as false: the href is then used as
        // written, which is what a client that does not know templates would do.
        let templated = (try? container.decodeIfPresent(Bool.self, forKey: .templated)) == true
        let type = try container.decodeIfPresent(String.self, forKey: .type)
        let deprecation = try container.decodeIfPresent(String.self, forKey: .deprecation)
        let name = try container.decodeIfPresent(String.self, forKey: .name)
        let profile = try container.decodeIfPresent(String.self, forKey: .profile)
        let title = try container.decodeIfPresent(String.self, forKey: .title)
        let hreflang = try container.decodeIfPresent(String.self, forKey: .hreflang)
        self.init(
            href: href, templated: templated, type: type, deprecation: deprecation, name: name, profile: profile, title: title,
            hreflang: hreflang, base: base)
    }

    /// Encodes the link object as HAL writes it (``base`` is not part of it).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(href, forKey: .href)
        if templated { try container.encode(true, forKey: .templated) }
        try container.encodeIfPresent(type, forKey: .type)
        try container.encodeIfPresent(deprecation, forKey: .deprecation)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(profile, forKey: .profile)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(hreflang, forKey: .hreflang)
    }
}

extension HALLink {
    /// The absolute target URL with a templated ``href`` expanded (RFC 6570) with `variables`, resolved
    /// against ``base``; an href that is not templated is resolved as is.
    ///
    /// - Throws: ``URITemplate/Error`` when the template is malformed or a value does not fit it.
    public func url(expanding variables: [String: URITemplate.Value]) throws -> URL? {
        guard templated else { return url }
        let expanded = try URITemplate(href).expand(variables)
        return URIReference.url(expanded, relativeTo: base)
    }

    /// The absolute target URL with a templated ``href`` expanded with layered variables (per-client
    /// defaults, the call's values, the call's removals of defaults).
    public func url(expanding variables: TemplateVariables) throws -> URL? {
        try url(expanding: variables.resolved())
    }
}
