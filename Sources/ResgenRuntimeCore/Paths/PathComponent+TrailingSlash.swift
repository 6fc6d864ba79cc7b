// Paths as the schema writes them. An API whose collection path ends in `/` (`/books/`, as Django
// REST framework and FastAPI routers serve them) ends every path below it in `/` too: `/books/1/`,
// `/books/1/relationships/author/`. Trimming the slash would make every call take a redirect (a 307
// doubles the requests; a 301 turns a POST into a GET; some servers answer 404).

extension PathComponent {
    /// The components of one instance of the collection at `collection`: `/books/` gives
    /// `/books/{id}/`, `/books` gives `/books/{id}` (and `/`, the server root, gives `/{id}`).
    ///
    /// - Parameters:
    ///   - collection: The collection's path as written, e.g. `/books/` or `/comments`.
    ///   - id: The instance's id component.
    package static func instance(of collection: String, id: PathComponent) -> [PathComponent] {
        guard collection.hasSuffix("/") else { return [.literal(collection + "/"), id] }
        guard collection != "/" else { return [.literal(collection), id] }
        return [.literal(collection), id, .literal("/")]
    }

    /// `parent` followed by `child` with one `/` between them where both bring one: `/books/1/` and
    /// `/reviews/` give `/books/1/reviews/`, not `/books/1//reviews/`.
    package static func joined(_ parent: [PathComponent], _ child: [PathComponent]) -> [PathComponent] {
        guard case .literal(let last)? = parent.last, last.hasSuffix("/"),
            case .literal(let first)? = child.first, first.hasPrefix("/")
        else { return parent + child }
        return parent + [.literal(String(first.dropFirst()))] + child.dropFirst()
    }

    /// The path of a JSON:API relationship endpoint of the instance at `instancePath`, in the path's
    /// own style: `/articles/1/relationships/author`, or `/books/1/relationships/author/` after a
    /// trailing slash.
    package static func relationshipPath(of instancePath: String, key: String) -> String {
        let key = path(of: [.value(key)])
        return instancePath.hasSuffix("/") ? instancePath + "relationships/" + key + "/" : instancePath + "/relationships/" + key
    }
}
