/// A resource's validated `list:`: the typed parameters of its list operation (issue 47).
public struct ListParametersInfo: Hashable, Sendable {
    /// One filter: a property of `<Resource>.ListFilter`.
    public struct Filter: Hashable, Sendable {
        /// The Swift property name (escaped when a keyword).
        public var swiftName: String
        /// The query parameter (`filter[platform]`).
        public var key: String
        /// The value's type, without optionality: a scalar, an enum, or an array of one. With an inline
        /// enum, its element is `.enumeration` of ``inlineEnum``'s name.
        public var type: TypeRef
        /// The closed enum declared by `values:`, nested in `ListFilter`.
        public var inlineEnum: EnumInfo?
        /// Whether several values go in one item joined by commas (else one item each; false for one value).
        public var joinsWithComma: Bool
        /// `description`.
        public var description: String?
        /// The schema key path (`resources.App.list.filters.platform`).
        public var keyPath: String
    }

    /// One sort key: a static member of `ListSort<Resource>`.
    public struct SortKey: Hashable, Sendable {
        /// The member name.
        public var swiftName: String
        /// The key as sent (`created-at`).
        public var wireKey: String
    }

    /// One to-many relationship whose included resources a call may limit.
    public struct IncludeLimit: Hashable, Sendable {
        /// The property name of `IncludeLimits` (the relationship's Swift name).
        public var swiftName: String
        /// The query parameter (`limit[builds]`).
        public var parameter: String
    }

    /// The filters, in schema order.
    public var filters: [Filter]
    /// The sort keys, in schema order.
    public var sortKeys: [SortKey]
    /// The sort keys' query parameter.
    public var sortParameter: String
    /// A plain page size's query parameter, when declared.
    public var limit: String?
    /// Limits of included to-manys, in schema order.
    public var includeLimits: [IncludeLimit]
    /// The schema key path (`resources.App.list`).
    public var keyPath: String
}
