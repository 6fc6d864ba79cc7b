/// One HTTP header field.
public struct HeaderField: Hashable, Sendable {
    /// The field's name, for example `"If-Match"`.
    public var name: String

    /// The field's value.
    public var value: String

    /// Creates a header field.
    ///
    /// - Parameters:
    ///   - name: The field's name.
    ///   - value: The field's value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
