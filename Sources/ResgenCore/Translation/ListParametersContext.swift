/// A resource's `list:` as data for `Templates/ResourcePaths.mustache`: the nested `ListFilter` and
/// `IncludeLimits` structs, the `ListSort<Resource>` keys and the typed `list(…)` builders of each of
/// its paths that lists. Keys start with `list` so none falls through to the resource's.
public struct ListParametersContext: Encodable, Hashable, Sendable {
    /// As ``ResourceContext/access``.
    public var access: String
    /// As ``ResourceContext/spi``.
    public var spi: String
    /// The resource's Swift type name.
    public var listResourceName: String
    /// Whether there are filters (a `ListFilter` struct and a `filter:` argument).
    public var listHasFilters: Bool
    /// The doc comment lines of `ListFilter`.
    public var listFilterDoc: [String]
    /// The filters, in schema order.
    public var listFilters: [ListFilterContext]
    /// The inline enums of the filters (`values:`), nested in `ListFilter`.
    public var listFilterEnums: [ListFilterEnumContext]
    /// Whether there are sort keys (`ListSort<Resource>` members and a `sort:` argument).
    public var listHasSortKeys: Bool
    /// The sort keys, in schema order.
    public var listSortKeys: [ListSortKeyContext]
    /// Whether there are include limits (an `IncludeLimits` struct and an `includeLimits:` argument).
    public var listHasIncludeLimits: Bool
    /// The doc comment lines of `IncludeLimits`.
    public var listIncludeLimitsDoc: [String]
    /// The include limits, in schema order.
    public var listIncludeLimits: [ListIncludeLimitContext]
    /// The builders' arguments, in order.
    public var listArguments: [ListArgumentContext]
    /// One typed builder per path of the resource that lists.
    public var listBuilders: [ListBuilderContext]
}

/// One property of `ListFilter`.
public struct ListFilterContext: Encodable, Hashable, Sendable {
    /// Doc comment lines.
    public var listFilterDoc: [String]
    /// The property name, escaped.
    public var listFilterName: String
    /// The property's type, optional (`[Platform]?`).
    public var listFilterType: String
    /// The query parameter as a string literal.
    public var listFilterKeyLiteral: String
    /// Whether several values go in one item joined by commas (false for one value, or one item per value).
    public var listFilterJoinsWithComma: Bool
    /// Whether it is the last filter (no comma after it in the initializer).
    public var listFilterIsLast: Bool
}

/// The closed enum of a filter's `values:`.
public struct ListFilterEnumContext: Encodable, Hashable, Sendable {
    /// The enum's name (nested in `ListFilter`).
    public var listEnumName: String
    /// Its cases.
    public var listEnumCases: [ListEnumCaseContext]
}

/// One case of a filter's closed enum.
public struct ListEnumCaseContext: Encodable, Hashable, Sendable {
    /// The case name, escaped.
    public var listCaseName: String
    /// The wire value as a string literal.
    public var listCaseValueLiteral: String
}

/// One static member of `ListSort<Resource>`.
public struct ListSortKeyContext: Encodable, Hashable, Sendable {
    /// The member name, escaped.
    public var listSortName: String
    /// The key as a string literal.
    public var listSortKeyLiteral: String
    /// The doc comment lines, with the remark naming the key path.
    public var listSortDoc: [String]
}

/// One property of `IncludeLimits`.
public struct ListIncludeLimitContext: Encodable, Hashable, Sendable {
    /// The property name, escaped.
    public var listLimitName: String
    /// The query parameter as a string literal.
    public var listLimitKeyLiteral: String
    /// The doc comment lines, with the remark naming the key path.
    public var listLimitDoc: [String]
    /// Whether it is the last (no comma after it in the initializer).
    public var listLimitIsLast: Bool
}

/// One argument of the typed list builders, and how its query items are appended.
public struct ListArgumentContext: Encodable, Hashable, Sendable {
    /// The label (and parameter name).
    public var listArgumentLabel: String
    /// The type.
    public var listArgumentType: String
    /// The default value.
    public var listArgumentDefault: String
    /// Its line in the builder's `- Parameters:`.
    public var listArgumentDoc: String
    /// Exactly one is true: the filter, the sort keys, a scalar (page parameter), the include limits.
    public var listArgumentIsFilter: Bool
    public var listArgumentIsSort: Bool
    public var listArgumentIsScalar: Bool
    public var listArgumentIsIncludeLimits: Bool
    /// The query parameter as a string literal (sort and scalar arguments).
    public var listArgumentKeyLiteral: String?
    /// Whether it is the last argument.
    public var listArgumentIsLast: Bool
}

/// One typed list builder: on the resource for its own path, on a nested type for a `paths:` entry.
public struct ListBuilderContext: Encodable, Hashable, Sendable {
    /// The type the builder is a static method of (`Task`, `Task.InProject`).
    public var listBuilderOwner: String
    /// What it returns (`ResourcePath<Task, Op.List>`, `ChildStep<Task, Op.List>`, …).
    public var listBuilderReturnType: String
    /// The doc comment's summary lines.
    public var listBuilderDoc: [String]
    /// `- Returns:` text.
    public var listBuilderReturns: String
}
