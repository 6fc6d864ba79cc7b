extension URITemplate.Error {
    /// What is wrong with a template.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// A `{` has no matching `}` (the offset is that of the `{`).
        case unclosedExpression
        /// A `}` outside an expression.
        case unopenedExpression
        /// An expression starts with an operator the RFC reserves for future use: `=`, `,`, `!`, `@` or `|`.
        case reservedOperator(Character)
        /// An expression or a variable name is empty where a name is required (`{}`, `{x,}`).
        case missingVariableName
        /// A character that cannot appear at this point of an expression, e.g. a space or `-` in a name.
        case invalidCharacter(Character)
        /// A `.` at the start or end of a variable name, or two in a row.
        case misplacedDot
        /// A `%` not followed by two hexadecimal digits.
        case invalidPercentEncoding
        /// A prefix length that is not a number from 1 to 9999 written without leading zeros.
        case invalidPrefixLength
        /// A variable with both a prefix and the explode modifier (`{var:3*}`).
        case prefixWithExplode
        /// A literal character that the URI Template grammar does not allow, e.g. a space or `<`.
        case invalidLiteralCharacter(Character)
        /// A prefix modifier on a variable whose value is a list or an associative array; found only when
        /// expanding (the offset is that of the variable name).
        case prefixOnCompositeValue(variable: String)

        /// A lowercase phrase without a final period.
        public var description: String {
            switch self {
            case .unclosedExpression:
                "'{' has no matching '}'"
            case .unopenedExpression:
                "'}' has no matching '{'"
            case .reservedOperator(let op):
                "the operator '\(op)' is reserved for future extensions"
            case .missingVariableName:
                "expected a variable name"
            case .invalidCharacter(let character):
                "the character \(Self.quoted(character)) is not allowed here; variable names consist of letters, "
                    + "digits, '_', pct-encoded triplets and single inner '.'"
            case .misplacedDot:
                "a '.' in a variable name must stand between two other name characters"
            case .invalidPercentEncoding:
                "'%' must be followed by two hexadecimal digits"
            case .invalidPrefixLength:
                "the prefix length must be a number from 1 to 9999 without leading zeros"
            case .prefixWithExplode:
                "a variable cannot have both a prefix and the explode modifier '*'"
            case .invalidLiteralCharacter(let character):
                "the character \(Self.quoted(character)) is not allowed in a URI template; pct-encode it"
            case .prefixOnCompositeValue(let variable):
                "the prefix modifier cannot apply to '\(variable)', whose value is a list or an associative array"
            }
        }

        /// A character in single quotes, or its code point (`U+000A`) when it is a control character.
        private static func quoted(_ character: Character) -> String {
            let scalar = character.unicodeScalars.first!
            guard scalar.properties.generalCategory == .control else { return "'\(character)'" }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }
}
