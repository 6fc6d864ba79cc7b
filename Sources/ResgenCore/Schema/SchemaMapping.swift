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
    /// Which keys must be given, beyond each key's own shape: the decoder or validator reports each
    /// one missing as an error, and the JSON Schema says the same to editors.
    public let requirements: [Requirement]

    /// A rule on which keys a mapping must have. A key given as null counts as absent (as the decoder
    /// reads it), so a required key may not be null.
    public enum Requirement: Sendable, Equatable {
        /// The key must be given: an enum's `values`, a request's `method`.
        case key(String)
        /// Exactly one of the keys must be given: a relationship's `toOne` or `toMany`.
        case exactlyOne([String])
        /// One or more of the keys must be given: a query item's `type` or its fixed `value`.
        case anyOf([String])

        /// The keys the rule names.
        public var keys: [String] {
            switch self {
            case .key(let key): [key]
            case .exactlyOne(let keys), .anyOf(let keys): keys
            }
        }
    }

    /// Creates a mapping kind.
    public init(name: String, description: String, keys: [SchemaKey], exactlyOneKey: Bool = false, requirements: [Requirement] = []) {
        self.name = name
        self.description = description
        self.keys = keys
        self.exactlyOneKey = exactlyOneKey
        self.requirements = requirements
    }

    /// The keys that must always be given (``Requirement/key(_:)``).
    public var requiredKeys: [String] {
        requirements.compactMap { if case .key(let key) = $0 { key } else { nil } }
    }

    /// The key names, in order.
    public var keyNames: [String] { keys.map(\.name) }

    /// The key named `name`.
    public subscript(name: String) -> SchemaKey? { keys.first { $0.name == name } }
}
