/// One kind of mapping in the schema language (the `api` block, a resource, an attribute's long form,
/// …): the keys it allows, what each holds and what it means.
///
/// This is the one list of keys per position. ``SchemaDecoder`` reads a mapping through a
/// ``MappingReader`` made from it, which reports every other key as unknown, and `resgen json-schema`
/// (``JSONSchema``) describes the same keys to editors, so the two cannot drift: a key added here is
/// accepted by the decoder and completed by editors, and a key the decoder reads that is not here
/// stops it (``MappingReader/value(_:)``).
public struct SchemaMapping: Sendable {
    /// The name of its definition in the JSON Schema (`#/$defs/<name>`).
    public let name: String
    /// What the mapping is, for hover text.
    public let description: String
    /// Its keys, in the order the decoder reads them (did-you-mean hints prefer earlier keys on a tie).
    public let keys: [SchemaKey]
    /// Whether exactly one of the keys must be given (a request body: `json`, `form`, `multipart` or `raw`).
    public let exactlyOneKey: Bool

    /// Creates a mapping kind.
    public init(name: String, description: String, keys: [SchemaKey], exactlyOneKey: Bool = false) {
        self.name = name
        self.description = description
        self.keys = keys
        self.exactlyOneKey = exactlyOneKey
    }

    /// The key names, in order.
    public var keyNames: [String] { keys.map(\.name) }

    /// The key named `name`.
    public subscript(name: String) -> SchemaKey? { keys.first { $0.name == name } }
}
