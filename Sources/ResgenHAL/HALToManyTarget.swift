@_spi(Generated) import ResgenRuntimeCore

/// What the single link of a to-many relation points to, read as that relation's members.
///
/// HAL says a relation with several links SHOULD be an array, and servers do not always follow it:
/// Flask-HAL writes a to-many relation with one member as one link object to that member, where other
/// servers write one link to the collection. So the document is read as:
///
/// 1. a collection, when it is a JSON array, its `_embedded` is an array (drf-hal-json) or has an entry
///    named like the resource type (see ``HALCollectionItems``);
/// 2. else one member, when it decodes as one;
/// 3. else a collection, when another `_embedded` entry holds the items by ``HALCollectionItems``' rule;
/// 4. else an empty collection, when it has no `_embedded` entries and lacks the member's values
///    (decoding it as a member failed for a value missing from the document itself: the shape of an
///    empty HAL collection, which servers write without `_embedded`);
/// 5. else neither: a `DecodingError` that says so and names the path of the member's error, never
///    silently no members.
package struct HALToManyTarget<R: Resource>: Decodable {
    package var items: [R]

    package init(from decoder: any Decoder) throws {
        if (try? decoder.unkeyedContainer()) != nil {
            items = try HALCollectionDocument<R>(from: decoder).items
            return
        }
        let container = try decoder.container(keyedBy: HALKey.self)
        if (try? container.nestedUnkeyedContainer(forKey: HALKey("_embedded"))) != nil {
            // `_embedded` written as an array (drf-hal-json): the items of a collection.
            items = try HALCollectionDocument<R>(from: decoder).items
            return
        }
        let embedded = try? container.nestedContainer(keyedBy: HALKey.self, forKey: HALKey("_embedded"))
        let keys = embedded?.allKeys.map(\.stringValue) ?? []
        if keys.contains(R.resourceType) {
            items = try HALCollectionDocument<R>(from: decoder).items
            return
        }
        let memberError: DecodingError
        do {
            items = [try R(from: decoder)]
            return
        } catch let error as DecodingError {
            memberError = error
        }
        if HALCollectionItems.key(among: keys, named: R.resourceType) != nil {
            items = try HALCollectionDocument<R>(from: decoder).items
            return
        }
        // What follows reads the member's error, which only JSONDecoder's is sure to have right (the tape
        // decoder leaves errors to it): the tape declines the document.
        if let tape = decoder.asTapeDecoder { throw tape.unsure() }
        if keys.isEmpty, Self.isMissingFromDocument(memberError, at: decoder.codingPath) {
            items = []
            return
        }
        throw DecodingError.dataCorrupted(.init(
            codingPath: Self.path(of: memberError),
            debugDescription: "the document is neither a collection of '\(R.resourceType)' (its _embedded has "
                + (keys.isEmpty ? "no entries" : "no entry of them among [\(keys.sorted().joined(separator: ", "))]")
                + ") nor one '\(R.resourceType)' resource (\(memberError.pathDescription): \(memberError.debugSummary))",
            underlyingError: memberError))
    }

    /// Whether decoding a member failed for a value the document itself lacks (a missing key of the
    /// document, or an id it has neither as a property nor in its self link), rather than for a value it
    /// has that is not what the member needs.
    private static func isMissingFromDocument(_ error: DecodingError, at path: [any CodingKey]) -> Bool {
        switch error {
        case .keyNotFound(_, let context): context.codingPath.count == path.count
        case .dataCorrupted(let context): context.codingPath.count == path.count  // the id from the self link
        default: false
        }
    }

    /// The coding path of `error`'s value, the missing key included.
    private static func path(of error: DecodingError) -> [any CodingKey] {
        switch error {
        case .keyNotFound(let key, let context): context.codingPath + [key]
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context): context.codingPath
        @unknown default: []
        }
    }
}
