@_spi(Generated) import ResgenRuntimeCore

/// A resource identifier in the linkage of a relationship to `Target`, as a relationship endpoint answers
/// it (`GET /articles/1/relationships/tags`, or a relationship update's `200`): its `type` checked against
/// `Target`'s, its `id` converted to `Target.ID`.
///
/// Decoded in place inside `{"data": …}`, so an error names the member (`data[2].type`) as resource
/// linkage does.
struct JSONAPITargetIdentifier<Target: Resource>: Decodable, Sendable where Target.ID: JSONAPIIdentifier {
    /// The target's id.
    package var id: Target.ID

    package init(from decoder: any Decoder) throws {
        id = try JSONAPILinkageIdentifier(from: decoder).id(of: Target.self, allowed: CollectionOfOne(Target.resourceType), codingPath: decoder.codingPath)
    }
}
