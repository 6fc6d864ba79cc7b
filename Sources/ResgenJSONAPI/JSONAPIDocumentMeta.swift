@_spi(Generated) import ResgenRuntimeCore

/// A resource whose schema declares the type of its documents' top-level `meta` (the resource's
/// `documentMeta:`, a total count or a server's paging state): a document or page whose primary data
/// is this resource decodes its `meta` as ``DocumentMeta`` too, and ``JSONAPIDocument/documentMeta`` and
/// ``Page/documentMeta`` give it typed. The untyped `meta` stays.
///
/// A `meta` that does not fit the declared type fails the document with a `DecodingError` naming
/// its path (`meta.total`), as an attribute does: a declared shape is a promise about the server.
public protocol JSONAPIDocumentMetaDeclaring {
    /// The type of the top-level `meta` of documents whose primary data is this resource.
    associatedtype DocumentMeta: Decodable & Sendable

    /// Decodes `meta` under `key` as ``DocumentMeta``; nil when absent.
    static func decodeDocumentMeta<Key: CodingKey>(from document: KeyedDecodingContainer<Key>, forKey key: Key) throws -> (any Sendable)?
}

extension JSONAPIDocumentMetaDeclaring {
    public static func decodeDocumentMeta<Key: CodingKey>(from document: KeyedDecodingContainer<Key>, forKey key: Key) throws -> (any Sendable)? {
        try document.decodeIfPresent(DocumentMeta.self, forKey: key)
    }
}

/// A collection document declares what its elements' documents declare.
extension Array: JSONAPIDocumentMetaDeclaring where Element: JSONAPIDocumentMetaDeclaring {
    public typealias DocumentMeta = Element.DocumentMeta
}

/// A document whose primary data may be `null` declares what its resource's documents declare.
extension Optional: JSONAPIDocumentMetaDeclaring where Wrapped: JSONAPIDocumentMetaDeclaring {
    public typealias DocumentMeta = Wrapped.DocumentMeta
}

extension JSONAPIDocument where Primary: JSONAPIDocumentMetaDeclaring {
    /// The top-level `meta` as the schema declares it (the resource's `documentMeta:`); nil when the
    /// server sent none.
    public var documentMeta: Primary.DocumentMeta? { typedMeta as? Primary.DocumentMeta }
}

extension Page where Item: JSONAPIDocumentMetaDeclaring {
    /// The page document's top-level `meta` as the schema declares it (the resource's
    /// `documentMeta:`); nil when the server sent none.
    public var documentMeta: Item.DocumentMeta? { typedMeta as? Item.DocumentMeta }
}
