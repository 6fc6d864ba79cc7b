extension URITemplate {
    /// The value of a template variable. An undefined variable has no value: leave it out of the
    /// dictionary passed to ``URITemplate/expand(_:)``.
    ///
    /// Literals make values: `"a"` is a string, `["a", "b"]` a list, `["k": "v"]` an associative array
    /// (keeping the literal's key order), and `3` the string `"3"`.
    public enum Value: Sendable {
        /// A string value.
        case string(String)
        /// A list of strings; an empty list counts as undefined.
        case list([String])
        /// An associative array as (key, value) pairs, in the order they are expanded; an empty one counts
        /// as undefined.
        case associative([(String, String)])
    }
}

extension URITemplate.Value: Hashable {
    /// Whether two values are the same case with equal contents (pairs compared in order).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.string(let left), .string(let right)): left == right
        case (.list(let left), .list(let right)): left == right
        case (.associative(let left), .associative(let right)): left.elementsEqual(right, by: ==)
        default: false
        }
    }

    /// Hashes the case and its contents (pairs in order).
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let string):
            hasher.combine(0)
            hasher.combine(string)
        case .list(let items):
            hasher.combine(1)
            hasher.combine(items)
        case .associative(let pairs):
            hasher.combine(2)
            hasher.combine(pairs.count)
            for (key, value) in pairs {
                hasher.combine(key)
                hasher.combine(value)
            }
        }
    }
}

extension URITemplate.Value: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    /// A string value.
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension URITemplate.Value: ExpressibleByIntegerLiteral {
    /// A string value holding the integer in decimal, e.g. `"42"`.
    public init(integerLiteral value: Int) {
        self = .string(String(value))
    }
}

extension URITemplate.Value: ExpressibleByArrayLiteral {
    /// A list value.
    public init(arrayLiteral elements: String...) {
        self = .list(elements)
    }
}

extension URITemplate.Value: ExpressibleByDictionaryLiteral {
    /// An associative array value, in the literal's order.
    public init(dictionaryLiteral elements: (String, String)...) {
        self = .associative(elements)
    }
}
