/// A resource object or resource identifier in a JSON:API document whose `type` the schema does not allow
/// where it stands: a `"films"` identifier in the linkage of a relationship to `Book`, a `"books"` resource
/// as the primary data of a request for albums, a `"films"` entry in a to-many relationship to `Book`.
///
/// Decoding reads every `type` and compares it with the schema, so such a member is an error instead of a
/// value of the wrong type (a film's id read as a book's, a book decoded as an album). It is the
/// `underlyingError` of the `DecodingError.dataCorrupted` that decoding throws, whose coding path ends in
/// the member's `type` (`data.relationships.item.data.type`), so a ``ClientError`` of kind `.decoding`
/// carries that path in ``ClientError/codingPath`` and this error in ``ClientError/jsonAPITypeMismatch``:
///
/// ```swift
/// do {
///     let article = try await client.fetch(Article.show(1))
/// } catch let error as ClientError {
///     if let mismatch = error.jsonAPITypeMismatch {
///         // data.relationships.author.data.type, "comments", ["people"]
///         print(error.codingPath ?? "", mismatch.found, mismatch.allowed)
///     }
/// }
/// ```
///
/// A missing `type` is not a mismatch: the JSON:API specification requires `type` on every resource
/// object and resource identifier, so its absence is the decoder's own `DecodingError.keyNotFound`.
public struct JSONAPITypeMismatch: Error, Hashable, Sendable, CustomStringConvertible {
    /// The `type` the document has there.
    public var found: String
    /// The types the schema allows there: the target of a relationship, the resource a call reads, or for
    /// `included` (with ``JSONAPICodec/strict``) every type of the API, sorted.
    public var allowed: [String]

    /// Creates the error.
    public init(found: String, allowed: [String]) {
        self.found = found
        self.allowed = allowed
    }

    /// "resource type 'films' where the schema allows 'books'".
    public var description: String {
        let names = allowed.map { "'\($0)'" }
        let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1] : names.first ?? "none"
        return "resource type '\(found)' where the schema allows \(list)"
    }
}

extension JSONAPITypeMismatch {
    /// Whether `found` is one of `allowed`; when not, the error a decoder throws at `codingPath` (which
    /// ends in the member's `type` key): the one check and the one error of every `type` decoding reads,
    /// so primary data, linkage, `included`, relationship endpoints and atomic results answer alike.
    ///
    /// - Parameters:
    ///   - found: The `type` read from the document.
    ///   - allowed: The types the schema allows there (`CollectionOfOne` for one: no allocation).
    ///   - codingPath: The path of the `type` member, built only for the error.
    /// - Throws: `DecodingError.dataCorrupted` whose `underlyingError` is a ``JSONAPITypeMismatch``.
    @inlinable
    package static func check(_ found: String, allowed: some Collection<String>, codingPath: @autoclosure () -> [any CodingKey]) throws {
        guard allowed.contains(found) else { throw decodingError(found: found, allowed: Array(allowed), codingPath: codingPath()) }
    }

    /// The `DecodingError.dataCorrupted` at `codingPath` for a member of type `found` where only `allowed`
    /// may be: for a reader that chooses among types itself and found none that fits.
    @usableFromInline package static func decodingError(found: String, allowed: [String], codingPath: [any CodingKey]) -> DecodingError {
        let mismatch = JSONAPITypeMismatch(found: found, allowed: allowed)
        return .dataCorrupted(.init(codingPath: codingPath, debugDescription: mismatch.description, underlyingError: mismatch))
    }
}

@_spi(Generated) extension KeyedDecodingContainer where K == JSONAPIResourceKey {
    /// Reads the `type` of this resource object or resource identifier and checks that the schema allows it
    /// here (`JSONAPITypeMismatch.check(_:allowed:codingPath:)`).
    ///
    /// - Returns: The type found (one of `allowed`).
    /// - Throws: `DecodingError.keyNotFound` when there is no `type` (the specification requires one);
    ///   `DecodingError.dataCorrupted` carrying a ``JSONAPITypeMismatch`` when it is not one of `allowed`.
    @inlinable @discardableResult
    @_spi(Generated) public func decodeJSONAPIType(allowing allowed: some Collection<String>) throws -> String {
        let found = try decode(String.self, forKey: .type)
        try JSONAPITypeMismatch.check(found, allowed: allowed, codingPath: codingPath + [JSONAPIResourceKey.type])
        return found
    }

    /// Reads `type` and checks that it is `allowed`, the one type the schema allows here (a resource's own
    /// type, a relationship's target).
    @inlinable
    @_spi(Generated) public func decodeJSONAPIType(allowing allowed: String) throws {
        try decodeJSONAPIType(allowing: CollectionOfOne(allowed))
    }
}
