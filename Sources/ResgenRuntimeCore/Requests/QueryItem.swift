/// One `name=value` item of a URL query, unencoded.
public struct QueryItem: Hashable, Sendable {
    /// The item's name.
    public var name: String

    /// The item's value; `nil` writes the name alone (`?flag`), which differs from an empty value
    /// (`?flag=`).
    public var value: String?

    /// Creates a query item.
    ///
    /// - Parameters:
    ///   - name: The item's name.
    ///   - value: The item's value, or `nil` for the name alone.
    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }
}
