extension Resource {
    /// The text of an ID in a path, before percent-encoding.
    ///
    /// Uses `ParameterValue.parameterValue` when the ID type conforms to `ParameterValue`, and
    /// `String(describing:)` otherwise.
    ///
    /// - Parameter id: The ID.
    /// - Returns: The unencoded text.
    public static func pathValue(of id: ID) -> String {
        if let value = id as? any ParameterValue {
            value.parameterValue
        } else {
            String(describing: id)
        }
    }

    /// The path component of an ID: a ``PathComponent/value(_:)`` of ``pathValue(of:)``.
    static func idComponent(_ id: ID) -> PathComponent {
        .value(pathValue(of: id))
    }
}
