/// One case of a generated coding-key enum (`CodingKeys`, JSON:API's `Field`, `HALCodingKeys`), as
/// data: the template spells the `case` line, so an override can change it.
public struct CodingKeyContext: Encodable, Hashable, Sendable {
    /// The case name, escaped where Swift needs it (`` `default` ``).
    public var caseName: String
    /// The raw value as a Swift string literal (`"published-at"`) when it differs from the case name.
    public var rawValueLiteral: String?

    /// Creates a case.
    public init(caseName: String, rawValueLiteral: String? = nil) {
        self.caseName = caseName
        self.rawValueLiteral = rawValueLiteral
    }
}
