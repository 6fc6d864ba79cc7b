/// What the value of one schema key may be, as the decoder reads it: the shapes ``SchemaMapping``
/// tables are made of, and what `resgen json-schema` turns into JSON Schema.
///
/// A shape says only what the decoder checks, never more: the decoder reads any scalar where a string
/// belongs (`value: 2` is the string `"2"`), so ``text`` accepts numbers and booleans too, and an
/// editor never marks what resgen accepts.
public indirect enum SchemaValue: Sendable {
    /// Any scalar, read as its text (`name`, `path`, `description`, …).
    case text
    /// `true` or `false` (YAML 1.1's `yes`/`no` are not booleans for resgen).
    case flag
    /// One string of `choices` (an operation, a format, an HTTP method); `ignoringCase` for HTTP methods.
    case choice([String], ignoringCase: Bool = false)
    /// A type spelling: `String`, `Article`, `[String: Int]?`, … (names are resolved by the validator).
    case type
    /// A type spelling that must be one of `names` (a resource id: `String`, `Int`, …).
    case typeNamed([String])
    /// One value of `item`, or a list of them (`operations: show` is `operations: [show]`).
    case list(of: SchemaValue)
    /// A list whose elements are each a scalar or a one-key mapping `caseName: value` (enum values).
    case enumValues
    /// A mapping with the fixed keys of a ``SchemaMapping``.
    case mapping(SchemaMapping)
    /// A mapping from names the schema chooses (resource names, attribute names) to values of
    /// `entry`; `entryMayBeNull` when a name with nothing after it is accepted.
    case names(of: SchemaValue, entryMayBeNull: Bool)
    /// A short form (a scalar) or the long form (a mapping): an attribute's `title: String` or
    /// `title: { type: String, … }`.
    case shortOrLong(SchemaValue, SchemaMapping)
    /// Any value; the validator checks it (a `default` against its attribute's type).
    case any
}
