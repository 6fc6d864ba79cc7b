/// One key of a ``SchemaMapping``.
public struct SchemaKey: Sendable {
    /// The key as written in a schema file.
    public let name: String
    /// What its value may be.
    public let value: SchemaValue
    /// Whether `null` (or nothing after the colon) is read as if the key were absent.
    public let nullMeansAbsent: Bool
    /// What the key means, for hover text (the same words as docs/schema.md).
    public let description: String

    /// Creates a key.
    public init(_ name: String, _ value: SchemaValue, nullMeansAbsent: Bool = true, _ description: String) {
        self.name = name
        self.value = value
        self.nullMeansAbsent = nullMeansAbsent
        self.description = description
    }
}
