/// A chain of relationships to include in a response, such as `comments.author`.
public struct IncludePath: Hashable, Sendable, CustomStringConvertible {
    /// The relationships, from the requested resource outwards.
    public var steps: [IncludeStep]

    /// Creates a path from its steps.
    ///
    /// - Parameter steps: The relationships, from the requested resource outwards.
    public init(_ steps: IncludeStep...) {
        self.steps = steps
    }

    /// Creates a path from an array of steps.
    ///
    /// - Parameter steps: The relationships, from the requested resource outwards.
    public init(steps: [IncludeStep]) {
        self.steps = steps
    }

    /// The keys joined with dots, as JSON:API's `include` parameter writes a path:
    /// `"comments.author"`.
    public var description: String {
        steps.map(\.key).joined(separator: ".")
    }

    /// The link relations joined with dots, with to-many steps in brackets, as Halley writes a path:
    /// `"[comments].author"`.
    public var halDescription: String {
        steps.map { $0.isToMany ? "[\($0.rel)]" : $0.rel }.joined(separator: ".")
    }
}

extension Sequence<IncludePath> {
    /// JSON:API's `include` parameter for these paths: in order, without repeats, joined with commas
    /// (`"author,comments.author"`).
    var includeParameter: String {
        var seen: Set<String> = []
        return map(\.description).filter { seen.insert($0).inserted }.joined(separator: ",")
    }

    /// `include=…` as a query item; none when there are no paths.
    package var includeQueryItems: [QueryItem] {
        let value = includeParameter
        return value.isEmpty ? [] : [QueryItem(name: "include", value: value)]
    }
}
