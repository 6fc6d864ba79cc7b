import Foundation

/// What a wire format plugs into the format-neutral client: the parts that go by the format an API or
/// a value is written in rather than by the client's codec. Each format module implements it once
/// (`HALFormat`, `JSONAPIFormat`) and hands it over in its ``WireFormat`` value, so the core reaches the
/// format through data, never by name.
package protocol WireFormatPlugIn: Sendable {
    /// The codec of an API in this format (``Client/init(api:baseURL:transport:configuration:middlewares:)``).
    func codec<API: APIDefinition>(for api: API.Type) -> any ResourceCodec

    /// The links of an entry document in this format (``Client/entry(_:)``).
    func entryLinks<Entry: EntryPoint>(in body: Data, of entry: Entry.Type, context: ResponseContext) throws -> [String: [EntryLink]]

    /// A union value read from `decoder`, which is decoding this format.
    func decodeUnion<U: ResourceUnion>(_ type: U.Type, from decoder: any Decoder) throws -> U

    /// Writes a union value that holds no member resource (`other`), by its type and id; false to have
    /// the plain `{"type", "id"}` form written.
    func encodeUnionIdentity(type: String, id: String, to encoder: any Encoder) throws -> Bool
}
