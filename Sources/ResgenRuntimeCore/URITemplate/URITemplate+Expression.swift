extension URITemplate {
    /// A parsed `{...}` expression: an operator and its variable specifications.
    package struct Expression: Sendable {
        /// One `varspec`: a name with an optional prefix or explode modifier.
        package struct Variable: Sendable {
            /// The variable name as written (it may contain pct-encoded triplets).
            package var name: String
            /// The prefix length (1...9999), or `nil` without a prefix modifier.
            package var prefix: Int?
            /// Whether the variable has the explode modifier `*`.
            var explode: Bool
            /// The UTF-8 offset of the name in the template, for expansion errors.
            package var offset: Int
        }

        /// The expression's operator.
        package var op: Operator
        /// The variables, in template order; never empty.
        package var variables: [Variable]
    }
}
