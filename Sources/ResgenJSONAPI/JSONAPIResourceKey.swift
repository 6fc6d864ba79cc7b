@_spi(Generated) import ResgenRuntimeCore

/// The members of a JSON:API resource object.
@_spi(Generated) public enum JSONAPIResourceKey: String, CodingKey {
    case type, id, lid, attributes, relationships, links, meta
}

@_spi(Generated) extension KeyedDecodingContainer where K == JSONAPIResourceKey {
    /// Reads the `type` of this resource object or resource identifier and checks that the schema allows it
    /// here (`ResourceTypeMismatch.check(_:allowed:codingPath:)`).
    ///
    /// - Returns: The type found (one of `allowed`).
    /// - Throws: `DecodingError.keyNotFound` when there is no `type` (the specification requires one);
    ///   `DecodingError.dataCorrupted` carrying a ``JSONAPITypeMismatch`` when it is not one of `allowed`.
    @inlinable @discardableResult
    @_spi(Generated) public func decodeJSONAPIType(allowing allowed: some Collection<String>) throws -> String {
        let found = try decode(String.self, forKey: .type)
        try ResourceTypeMismatch.check(found, allowed: allowed, codingPath: codingPath + [JSONAPIResourceKey.type])
        return found
    }

    /// Reads `type` and checks that it is `allowed`, the one type the schema allows here (a resource's own
    /// type, a relationship's target).
    @inlinable
    @_spi(Generated) public func decodeJSONAPIType(allowing allowed: String) throws {
        try decodeJSONAPIType(allowing: CollectionOfOne(allowed))
    }
}
