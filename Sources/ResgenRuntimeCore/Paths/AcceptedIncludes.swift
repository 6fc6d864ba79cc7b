// The include sets a path accepts (schema `acceptsIncludes`): App Store Connect declares on each path the
// values its `include` parameter takes, and answers any other with 400. A path built by the builders of a
// type that names them carries them (`ResourcePath/acceptedIncludes`), and the client refuses a call whose
// includes reach beyond them before it sends anything.

extension RootResource {
    /// Any of the resource's include sets (`nil`), unless generated code names them.
    public static var acceptedIncludes: Set<IncludePath>? { nil }
}

extension ChildResource {
    /// Any of the resource's include sets (`nil`), unless generated code names them.
    public static var acceptedIncludes: Set<IncludePath>? { nil }
}

extension RootResource where Self: ChildResource {
    /// Any of the resource's include sets (`nil`), unless generated code names them: one default for a type that
    /// is both a root and a child (two would be ambiguous).
    public static var acceptedIncludes: Set<IncludePath>? { nil }
}

extension ResourceCollection {
    /// Any of the resource's include sets (`nil`), unless generated code names them.
    public static var acceptedIncludes: Set<IncludePath>? { nil }
}
