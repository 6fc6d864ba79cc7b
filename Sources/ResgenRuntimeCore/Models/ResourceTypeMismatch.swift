/// A resource or resource identifier whose `type` the schema does not allow where it stands, in a format
/// whose resources name their `type` (JSON:API, where it goes by `JSONAPITypeMismatch`): a `"films"`
/// identifier in the linkage of a relationship to `Book`, a `"books"` resource as the primary data of a
/// request for albums, a `"films"` entry in a to-many relationship to `Book`.
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
public struct ResourceTypeMismatch: Error, Hashable, Sendable, CustomStringConvertible {
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

extension ResourceTypeMismatch {
    /// Whether `found` is one of `allowed`; when not, the error a decoder throws at `codingPath` (which
    /// ends in the member's `type` key): the one check and the one error of every `type` decoding reads,
    /// so primary data, linkage, `included`, relationship endpoints and atomic results answer alike.
    ///
    /// - Parameters:
    ///   - found: The `type` read from the document.
    ///   - allowed: The types the schema allows there (`CollectionOfOne` for one: no allocation).
    ///   - codingPath: The path of the `type` member, built only for the error.
    /// - Throws: `DecodingError.dataCorrupted` whose `underlyingError` is a ``ResourceTypeMismatch``.
    @inlinable
    package static func check(_ found: String, allowed: some Collection<String>, codingPath: @autoclosure () -> [any CodingKey]) throws {
        guard allowed.contains(found) else { throw decodingError(found: found, allowed: Array(allowed), codingPath: codingPath()) }
    }

    /// The `DecodingError.dataCorrupted` at `codingPath` for a member of type `found` where only `allowed`
    /// may be: for a reader that chooses among types itself and found none that fits.
    @usableFromInline package static func decodingError(found: String, allowed: [String], codingPath: [any CodingKey]) -> DecodingError {
        let mismatch = ResourceTypeMismatch(found: found, allowed: allowed)
        return .dataCorrupted(.init(codingPath: codingPath, debugDescription: mismatch.description, underlyingError: mismatch))
    }
}
