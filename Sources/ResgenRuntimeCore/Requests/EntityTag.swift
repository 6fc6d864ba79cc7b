import Foundation

/// An entity tag (RFC 9110 §8.8.3): the validator a server gives a representation in `ETag`, which the
/// client sends back in `If-None-Match` (revalidating a cached response) and `If-Match` (a write that
/// must only apply to the representation it was read from).
///
/// ```swift
/// let (article, response) = try await client.fetchWithResponse(Article.show("1"))
/// if let tag = response.entityTag {
///     try await client.patch(Article.patch("1"), changes, headers: [.ifMatch(tag)])
/// }
/// ```
public struct EntityTag: Hashable, Sendable, CustomStringConvertible {
    /// The opaque tag without its quotes.
    public var opaqueTag: String
    /// Whether the tag is weak (`W/"…"`): the server promises only semantic equivalence, so `If-Match`
    /// (which compares strongly) never matches it.
    public var isWeak: Bool

    /// Creates a tag.
    public init(_ opaqueTag: String, isWeak: Bool = false) {
        self.opaqueTag = opaqueTag
        self.isWeak = isWeak
    }

    /// Reads an `ETag` field value: `"xyzzy"` or `W/"xyzzy"`. Nil when it is not one (unquoted, or
    /// holding a quote, a control character or a non-ASCII byte outside `etagc`).
    public init?(parsing value: some StringProtocol) {
        var text = Substring(value).trimmingCharacters(in: .whitespaces)[...]
        let weak = text.hasPrefix("W/")
        if weak { text = text.dropFirst(2) }
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return nil }
        let inner = text.dropFirst().dropLast()
        // etagc = %x21 / %x23-7E / obs-text
        guard inner.unicodeScalars.allSatisfy({ $0 == "\u{21}" || ($0.value >= 0x23 && $0.value <= 0x7E) || $0.value >= 0x80 }) else { return nil }
        self.init(String(inner), isWeak: weak)
    }

    /// The field value: `"xyzzy"` or `W/"xyzzy"`.
    public var description: String { (isWeak ? "W/" : "") + "\"" + opaqueTag + "\"" }

    /// Strong comparison (RFC 9110 §8.8.3.2): both strong and the same opaque tag; what `If-Match` uses.
    public func matchesStrongly(_ other: EntityTag) -> Bool { !isWeak && !other.isWeak && opaqueTag == other.opaqueTag }

    /// Weak comparison: the same opaque tag, weak or not; what `If-None-Match` uses.
    public func matchesWeakly(_ other: EntityTag) -> Bool { opaqueTag == other.opaqueTag }
}
