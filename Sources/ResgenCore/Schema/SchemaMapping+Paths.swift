extension SchemaMapping {
    /// One entry of a resource's `paths:`.
    public static let resourcePath = SchemaMapping(
        name: "resourcePath",
        description: "A further path of the resource's collection, with its own operations → a nested type (`Task.InProject`) whose builders return paths of the resource. The key is the nested type's name.",
        keys: [
            SchemaKey("path", .text, "Required: an absolute collection path (`/archived-tasks`), or with `parent` one segment under a parent instance (`tasks`). Used exactly as written, trailing slash included."),
            SchemaKey("parent", .text, "The resource whose instances hold this collection: its paths are `<parent instance>/<path>` (`/projects/{id}/tasks`)."),
            SchemaKey("operations", .list(of: .choice(ResourceOperationKind.allCases.map(\.rawValue))), "The capabilities this path grants, as for the resource's own path: list, show, create, replace, patch, delete. An operation not listed has no builder on this path."),
            SchemaKey("description", .text, "Doc comment of the nested type."),
            SchemaKey("acceptsIncludes", .list(of: .text), "The include sets (names in the resource's `includes`) this path's `list` and `show` accept; a call whose includes reach beyond them is refused before it is sent. `[]`: none. Absent: any."),
        ],
        requirements: [.key("path")]
    )
}
