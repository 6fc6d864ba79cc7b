/// `list:` of a resource: the typed parameters of its list operation.
extension SchemaMapping {
    /// A resource's `list:`.
    public static let listParameters = SchemaMapping(
        name: "listParameters",
        description: "The typed parameters of the list operation → `<Name>.list(filter: .init(…), sort: [.name.descending], limit: 20)`: its filters, sort keys, a plain `limit`, and limits of included to-manys; page parameters come from `pagination:`.",
        keys: [
            SchemaKey("filters", .names(of: .shortOrLong(.type, .listFilter), entryMayBeNull: false), "Filters by Swift property name of `<Name>.ListFilter`: a type (`bundleId: \"[String]\"`) or the long form (`{ type, key, values, join }`). A list type sends several values."),
            SchemaKey("sort", .enumValues, "The keys the collection may be sorted by, each ascending or descending (`sort=-name`): a field's wire name (`name`), or `- memberName: wire-key` → `ListSort<Name>.name`."),
            SchemaKey("sortParameter", .text, "The sort keys' query parameter (default `sort`)."),
            SchemaKey("limit", .text, "The query parameter of a plain page size (`limit` → `limit: Int?`), for an API that pages by `next` links without `pagination:`."),
            SchemaKey("includeLimits", .enumValues, "To-many relationships whose number of included resources a call may limit: `builds` (→ `limit[builds]`), or `- builds: \"limit[builds]\"` naming the parameter → `includeLimits: .init(builds: 10)`."),
        ]
    )

    /// One filter of `list:` (long form).
    public static let listFilter = SchemaMapping(
        name: "listFilter",
        description: "A filter's long form.",
        keys: [
            SchemaKey("type", .type, "A scalar (String, Int, Bool, UUID, Date, …) or an enums name, or an array of one (`[Platform]`: several values); default `String`, or with `values` the inline enum."),
            SchemaKey("key", .text, "The query parameter; default `filter[<name>]` (JSON:API) or the name (HAL)."),
            SchemaKey("values", .enumValues, "The only values the filter takes → a nested closed enum (`[IOS, MAC_OS]` → `.ios`, `.macOS`; `- caseName: value` names a case): another value does not compile. With `type: \"[String]\"` several are sent. A filter whose `type` names an `enums:` enum keeps that enum's `.unknown(…)`."),
            SchemaKey("join", .choice(["comma", "repeat"]), "How a list type sends several values: `comma` (default, `filter[platform]=IOS,MAC_OS`) or `repeat` (`filter[platform]=IOS&filter[platform]=MAC_OS`)."),
            SchemaKey("description", .text, "Doc comment of the property."),
        ]
    )
}
