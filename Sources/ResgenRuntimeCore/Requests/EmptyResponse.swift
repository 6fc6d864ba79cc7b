/// The response type of a request that returns no body, such as a `204 No Content`.
///
/// It decodes from anything, including an empty JSON object, and encodes as an empty object.
public struct EmptyResponse: Codable, Hashable, Sendable {
    /// Creates an empty response.
    public init() {}

    /// Decodes an empty response, ignoring whatever the decoder holds.
    ///
    /// - Parameter decoder: The decoder; not read.
    public init(from decoder: any Decoder) throws {}

    /// Encodes an empty keyed object.
    ///
    /// - Parameter encoder: The encoder to write to.
    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: EmptyCodingKeys.self)
    }

    private enum EmptyCodingKeys: CodingKey {}
}
