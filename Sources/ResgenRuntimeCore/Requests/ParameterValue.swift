/// A value that can be written as the text of a path, query, header or form parameter.
///
/// The text is unencoded; percent-encoding is done where the text is placed (``PathComponent``, or the
/// HTTP layer for queries and forms). The standard conformances are in `ParameterValue+Conformances.swift`.
///
/// Generated string enums conform through the default for `RawRepresentable` types with a `String`
/// raw value: `extension Status: ParameterValue {}`. Enums with another raw type that is itself a
/// `ParameterValue` (such as `Int`) conform the same way.
@_spi(Generated) public protocol ParameterValue {
    /// The value's text, unencoded.
    var parameterValue: String { get }
}

@_spi(Generated) extension ParameterValue where Self: RawRepresentable, Self.RawValue == String {
    /// The raw value.
    public var parameterValue: String { rawValue }
}

@_spi(Generated) extension ParameterValue where Self: RawRepresentable, Self.RawValue: ParameterValue {
    /// The raw value's parameter text.
    public var parameterValue: String { rawValue.parameterValue }
}
