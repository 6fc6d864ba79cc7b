/// A resource's `list:`: the typed parameters of its list operation (issue 47), as written. The
/// ``Validator`` checks the types, the wire keys, the sort keys against the resource's fields, the
/// included to-manys and what clashes with `pagination:`.
public struct ListParametersDecl: Hashable, Sendable {
    /// One `filters:` entry.
    public struct Filter: Hashable, Sendable {
        /// The key: the Swift property name of `ListFilter`.
        public var name: Located<String>
        /// `type`: a scalar or enum, or an array of one (several values); default `String`.
        public var type: Located<String>?
        /// `key`: the query parameter (default `filter[<name>]` for JSON:API, the name for HAL).
        public var key: Located<String>?
        /// `values`: an inline closed enum of the values the filter takes.
        public var values: [EnumDecl.Value]?
        /// Where `values` is.
        public var valuesLocation: SourceLocation?
        /// `join`: how several values are sent, `comma` (one item, `a,b`) or `repeat` (`k=a&k=b`).
        public var join: Located<String>?
        /// `description`.
        public var description: String?
    }

    /// `filters:`, in schema order.
    public var filters: [Filter] = []
    /// `sort:` keys (`name`, or `- createdAt: created-at` naming the member), in schema order.
    public var sortKeys: [EnumDecl.Value] = []
    /// Where `sort` is, when given.
    public var sortLocation: SourceLocation?
    /// `sortParameter`: the query parameter of the sort keys (default `sort`).
    public var sortParameter: Located<String>?
    /// `limit`: the query parameter of a plain page size (`limit`), when the API has one.
    public var limit: Located<String>?
    /// `includeLimits:` to-many relationships whose number of included resources a call may limit
    /// (`builds`, or `- builds: "limit[builds]"` naming the parameter).
    public var includeLimits: [EnumDecl.Value] = []
    /// Where the `list` key is.
    public var keyLocation: SourceLocation

    /// Creates an empty declaration at `keyLocation`.
    public init(keyLocation: SourceLocation) {
        self.keyLocation = keyLocation
    }
}
