extension URITemplate {
    /// One piece of a parsed template.
    package enum Component: Sendable {
        /// Literal text, already encoded (characters outside the URI syntax are pct-encoded).
        case literal(String)
        /// A `{...}` expression.
        case expression(Expression)
    }
}
