/// An RFC 6570 URI Template (all four levels), parsed once and expanded many times.
///
/// Templates come from HAL links (`"href": "/orders{?page,size}", "templated": true`) and similar
/// hypermedia. Parsing checks the whole template against the RFC's grammar and throws
/// ``URITemplate/Error`` for anything malformed; expansion then only looks variables up and
/// percent-encodes their values.
///
/// ```swift
/// let template = try URITemplate("/orders{?page,size,sort*}")
/// try template.expand(["page": 2, "sort": ["date", "-total"]])
/// // "/orders?page=2&sort=date&sort=-total"
/// ```
///
/// Two deliberate choices where the RFC leaves room:
/// - Literals may contain `'`, which the RFC's `literals` rule leaves out although it is a reserved
///   character of RFC 3986 (the RFC's own test suite expects it to be copied).
/// - A prefix modifier (`{var:3}`) counts Unicode scalars; in reserved expansion (`+` and `#`) a
///   pct-encoded triplet counts as one, so a prefix never splits it.
///
/// Two templates are equal when their text is equal.
public struct URITemplate: Hashable, Sendable, CustomStringConvertible {
    /// The template text, as given.
    public let description: String

    /// The names of the template's variables, in the order they first appear, each once.
    public let variableNames: [String]

    /// Literals (already encoded) and expressions, in template order.
    let components: [Component]

    /// Parses a template.
    ///
    /// - Parameter template: The template text, e.g. `/orders{?page,size}`.
    /// - Throws: ``URITemplate/Error`` with the UTF-8 offset and the reason when the template does not
    ///   follow the RFC 6570 grammar: an unclosed `{` or stray `}`, a reserved operator (`=,!@|`), a
    ///   character not allowed in a variable name, a prefix length outside 1...9999, a prefix combined
    ///   with explode, and so on.
    public init(_ template: String) throws(URITemplate.Error) {
        var parser = Parser(template)
        self.components = try parser.parse()
        self.description = template
        var seen = Set<String>()
        var names: [String] = []
        for case .expression(let expression) in components {
            for variable in expression.variables where seen.insert(variable.name).inserted {
                names.append(variable.name)
            }
        }
        self.variableNames = names
    }

    /// Whether two templates have the same text.
    public static func == (lhs: URITemplate, rhs: URITemplate) -> Bool {
        lhs.description == rhs.description
    }

    /// Hashes the template text.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }
}
