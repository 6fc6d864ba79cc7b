/// One sort key of a collection's typed list builder, with its direction: `sort=-name,bundleId`.
///
/// The keys a resource may be sorted by are the static members generated for it (schema `list:` →
/// `sort:`), so a key the schema does not declare does not compile:
///
/// ```swift
/// App.list(sort: [.name.descending, .bundleId])   // GET /apps?sort=-name,bundleId
/// ```
///
/// `Target` is the resource: keys of one resource are not keys of another.
public struct ListSort<Target>: Hashable, Sendable {
    /// The key as the server names it (`name`, `created-at`).
    public let key: String
    /// Whether the collection is sorted by the key from the largest value down (`-name`).
    public let isDescending: Bool

    /// A key, ascending. Generated code calls this; a caller uses the generated members (`.name`,
    /// `.name.descending`).
    ///
    /// - Parameter key: The key as the server names it.
    @_spi(Generated) public init(key: String) {
        self.init(key: key, isDescending: false)
    }

    private init(key: String, isDescending: Bool) {
        self.key = key
        self.isDescending = isDescending
    }

    /// The same key, descending (`-name`).
    public var descending: Self { Self(key: key, isDescending: true) }

    /// The same key, ascending (`name`), the default.
    public var ascending: Self { Self(key: key, isDescending: false) }

    /// The key as JSON:API writes it in `sort=`: `-name` when descending.
    public var wireValue: String { (isDescending ? "-" : "") + key }
}

@_spi(Generated) extension Array where Element == QueryItem {
    /// Appends the sort keys as one query item (`?sort=-name,bundleId`), most significant first, or
    /// nothing when there are none.
    ///
    /// - Parameters:
    ///   - name: The item's name (`sort`).
    ///   - keys: The keys, in order.
    public mutating func append<Target>(_ name: String, sort keys: [ListSort<Target>]) {
        guard !keys.isEmpty else { return }
        append(QueryItem(name: name, value: keys.map(\.wireValue).joined(separator: ",")))
    }
}
