import ResgenCore

/// A JSON value as a server sent it, with what inference needs that `JSONSerialization` and
/// `Codable` lose: the order of an object's members (the draft lists attributes in the order the
/// server writes them) and whether a number was written as an integer (`3` is an `Int`, `3.0` a
/// `Double`).
public indirect enum JSONNode: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number as written: `isInteger` when it has no fraction and no exponent.
    case number(String, isInteger: Bool)
    /// A string, escapes undone.
    case string(String)
    /// An array.
    case array([JSONNode])
    /// Members in document order (a duplicate name keeps both; lookups take the first).
    case object([Member])

    /// One member of an object.
    public struct Member: Hashable, Sendable {
        /// The member name.
        public var key: String
        /// The value.
        public var value: JSONNode

        /// Creates a member.
        public init(_ key: String, _ value: JSONNode) {
            self.key = key
            self.value = value
        }
    }

    /// The first member named `key` of an object; nil for other values.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The members of an object, or nil.
    public var members: [Member]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements of an array, or nil.
    public var elements: [JSONNode]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The text of a string, or nil.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
