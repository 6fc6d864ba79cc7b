@_spi(Generated) import ResgenRuntimeCore

/// A resource identifier as linkage holds it (`{"type": "people", "id": "9", "meta": …}`), read in one
/// step: what relationship decoding reads each member of `data` as, before it checks the `type` and
/// converts the `id` for the relationship's target.
///
/// One `Decodable` value rather than a keyed container per identifier, because the tape decoder reads it
/// straight from the parsed document (`JSONAPILinkageIdentifier+Tape.swift`): a container, its coding path
/// and two string lookups through the `Decoder` API cost several times what the values themselves do, and
/// documents are mostly linkage. `JSONDecoder` reads it through its container, with the same answer.
@_spi(Generated) public struct JSONAPILinkageIdentifier: Decodable {
    /// `type`, which the specification requires.
    public var type: String
    /// `id`, as the wire writes it.
    public var id: String
    /// The identifier's `meta`.
    public var meta: JSONValue?

    init(type: String, id: String, meta: JSONValue?) {
        self.type = type
        self.id = id
        self.meta = meta
    }

    public init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: JSONAPIResourceKey.self)
        type = try object.decode(String.self, forKey: .type)
        id = try object.decodeJSONAPIIDText(forKey: .id)
        meta = try object.decodeIfPresent(JSONValue.self, forKey: .meta)
    }

    /// The id converted to `Target.ID`, once ``type`` is one of `allowed`
    /// (`JSONAPITypeMismatch.check(_:allowed:codingPath:)`).
    ///
    /// - Parameter codingPath: The identifier's coding path, built only for an error.
    /// - Throws: `DecodingError.dataCorrupted` at the identifier's `type` carrying a ``JSONAPITypeMismatch``,
    ///   or at its `id` when that is not a valid `Target.ID`.
    @inlinable
    public func id<Target: Resource>(of target: Target.Type, allowed: some Collection<String>, codingPath: @autoclosure () -> [any CodingKey]) throws -> Target.ID
    where Target.ID: JSONAPIIdentifier {
        try Target.ID.identifier(type: type, id: id, allowed: allowed, codingPath: codingPath())
    }

    /// The error for an `id` that is not a valid `ID`, as ``Swift/KeyedDecodingContainer/decodeJSONAPIID(_:forKey:)`` reports it.
    public static func invalidID(_ text: String, as type: Any.Type, codingPath: [any CodingKey]) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath + [JSONAPIResourceKey.id], debugDescription: "'\(text)' is not a valid \(type) id"))
    }

    /// The coding path of the element at `index` of the unkeyed container whose path is `path`, with the
    /// index key `JSONDecoder` writes (`Index 2`).
    public static func codingPath(_ path: [any CodingKey], index: Int) -> [any CodingKey] {
        path + [ArrayIndexKey(index)]
    }
}
