/// A node of a schema document exactly as written: the output of stage 1 (loading).
///
/// This is our own `Sendable` value type rather than Yams' `Node`, so later stages can run
/// concurrently and every node keeps the ``SourceLocation`` diagnostics point at. Scalars keep
/// their text *and* whether they were written plain: a plain `no` is only ever a boolean where a
/// boolean is expected, so YAML 1.1's `no → false` can never silently change a string.
public struct RawNode: Hashable, Sendable {
    /// One key of a mapping with its value; keys keep their own location for diagnostics.
    public struct Entry: Hashable, Sendable {
        /// The key's text.
        public var key: String
        /// Where the key starts.
        public var keyLocation: SourceLocation
        /// The value.
        public var value: RawNode

        /// Creates an entry.
        public init(key: String, keyLocation: SourceLocation, value: RawNode) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    /// The shape of a node.
    public enum Kind: Hashable, Sendable {
        /// A scalar; `plain` is false for quoted and block scalars (and `!!str`-tagged ones).
        case scalar(String, plain: Bool)
        /// A mapping, entries in source order (duplicate keys were reported and dropped by the loader).
        case mapping([Entry])
        /// A sequence.
        case sequence([RawNode])
    }

    /// What the node holds.
    public var kind: Kind
    /// Where the node starts; for a quoted scalar, where its text starts (after the quote).
    public var location: SourceLocation
    /// Whether a scalar's text stands in the source exactly as it is, on one line: only then is an
    /// offset into the text an offset from ``location`` (a folded line break or an escape such as
    /// `\u0041` makes the source longer than the text).
    public var textIsVerbatim = true

    /// Creates a node.
    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// The scalar text, when this is a scalar.
    public var scalar: String? {
        if case .scalar(let text, _) = kind { return text }
        return nil
    }

    /// The entries, when this is a mapping.
    public var entries: [Entry]? {
        if case .mapping(let entries) = kind { return entries }
        return nil
    }

    /// The elements, when this is a sequence.
    public var elements: [RawNode]? {
        if case .sequence(let elements) = kind { return elements }
        return nil
    }

    /// Whether this is a plain scalar that YAML reads as null (`~`, `null`, or nothing at all).
    public var isNull: Bool {
        if case .scalar(let text, plain: true) = kind { return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL" }
        return false
    }

    /// The value under `key`, when this is a mapping that has it.
    public subscript(key: String) -> RawNode? {
        entries?.first { $0.key == key }?.value
    }

    /// A word for the node's shape, for messages such as "expected a mapping, found a sequence".
    public var kindDescription: String {
        switch kind {
        case .scalar: isNull ? "null" : "a scalar"
        case .mapping: "a mapping"
        case .sequence: "a sequence"
        }
    }
}

/// One schema file's bytes and the name diagnostics use for it.
public struct InputFile: Hashable, Sendable {
    /// The path as the user gave it (relative paths stay relative).
    public var path: String
    /// The file's contents.
    public var contents: [UInt8]

    /// Creates an input file.
    public init(path: String, contents: [UInt8]) {
        self.path = path
        self.contents = contents
    }

    /// Creates an input file from text.
    public init(path: String, text: String) {
        self.init(path: path, contents: Array(text.utf8))
    }
}
