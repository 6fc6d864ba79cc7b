import ResgenCore
import Foundation

/// What a collection document shows about its paging when it has no `next` link (issue 49): page
/// state in `meta` (japyd's `meta.pagination {page, per_page, has_next}` and `meta.count`, a cursor,
/// an offset), drafted as the resource's `pagination:`. A document with a `next` link needs none.
struct PaginationGuess: Hashable, Sendable {
    /// `pageNumber`, `offset` or `cursor`.
    var style: String
    /// The keys after `style`, as `[key, YAML value]` pairs in the language's order.
    var fields: [[String]]
    /// What was seen, for the draft's comment.
    var evidence: String

    /// Member names that hold each fact, in the spellings servers use.
    private static let hasNextNames = ["has_next", "hasNext", "has_more", "hasMore", "has_next_page", "hasNextPage"]
    private static let totalPagesNames = ["total_pages", "totalPages", "pages", "page_count", "pageCount", "last_page", "lastPage"]
    private static let countNames = ["count", "total", "total_count", "totalCount", "totalElements", "total_results", "totalResults", "totalItems", "total_items"]
    private static let pageNames = ["page", "current_page", "currentPage", "number", "page_number", "pageNumber"]
    private static let offsetNames = ["offset", "skip", "start"]
    private static let cursorNames = ["next_cursor", "nextCursor", "cursor", "next_page_token", "nextPageToken", "after"]

    /// The guess for a collection document with `meta` and `links` fetched from `url`; nil when it has
    /// a `next` link, or when `meta` says nothing about pages.
    static func read(meta: JSONNode?, links: JSONNode?, url: LinkTarget?) -> PaginationGuess? {
        let items = url.flatMap { URLComponents(string: $0.absolute)?.queryItems } ?? []
        let values = Dictionary(items.map { ($0.name, $0.value ?? "") }) { first, _ in first }
        return read(meta: meta, links: links, queryNames: items.map(\.name), queryValues: values, byParametersAlone: false, without: "its list has no next link")
    }

    /// The guess for a collection whose documents have `meta` and `links` (an OpenAPI document's
    /// schemas: values stand for their types) and whose URL takes the query items `queryNames`; with
    /// `byParametersAlone`, page or offset parameters are enough without page state in `meta`; `without`
    /// says where no `next` link was seen, in the draft's comment.
    static func read(
        meta: JSONNode?, links: JSONNode?, queryNames query: [String], queryValues: [String: String] = [:], byParametersAlone: Bool, without: String
    ) -> PaginationGuess? {
        guard links?["next"] == nil else { return nil }
        let meta = meta?.members != nil ? meta! : JSONNode.object([])
        let hasNext = find(hasNextNames, in: meta) { if case .bool = $0 { true } else { false } }
        let totalPages = find(totalPagesNames, in: meta, where: isInteger)
        let count = find(countNames, in: meta, where: isInteger)
        let page = find(pageNames, in: meta, where: isInteger)
        let offset = find(offsetNames, in: meta, where: isInteger)
        let cursor = find(cursorNames, in: meta) { if case .string(let text) = $0 { !text.contains("/") } else { $0 == .null } }
        let pageParameter = query.first { ["page", "page[number]", "pageNumber", "page_number"].contains($0) }
        let offsetParameter = query.first { $0.lowercased().contains("offset") }
        var fields: [[String]] = []
        let style: String
        if let cursor {
            style = "cursor"
            if let name = query.first(where: { $0.lowercased().contains("cursor") || $0 == "after" }), name != "page[cursor]" { fields.append(["cursor", YAMLText.scalar(name)]) }
            fields.append(["nextCursor", pathText(cursor.path)])
        } else if offset != nil || (byParametersAlone && offsetParameter != nil && pageParameter == nil) {
            style = "offset"
            if let name = query.first(where: { $0.lowercased().contains("offset") }), name != "page[offset]" { fields.append(["offset", YAMLText.scalar(name)]) }
            if let name = query.first(where: { $0.lowercased().contains("limit") }), name != "page[limit]" { fields.append(["limit", YAMLText.scalar(name)]) }
        } else if page != nil || hasNext != nil || totalPages != nil || (byParametersAlone && pageParameter != nil) {
            style = "pageNumber"
            // Spring's page object (`page.number`, `page.size`) goes with `page` and `size` parameters.
            let spring = page?.path == ["page", "number"]
            if query.contains("page") || (spring && pageParameter == nil) { fields.append(["page", "page"]) }
            if let name = query.first(where: { ["per_page", "perPage", "size", "page_size", "pageSize", "limit"].contains($0) }) {
                fields.append(["size", YAMLText.scalar(name)])
            } else if spring {
                fields.append(["size", "size"])
            }
            // Pages counted from 0: the first page (no page parameter, or page 0) says page 0.
            if let page, case .number("0", _) = page.value, pageParameter.map({ queryValues[$0] == "0" }) ?? true { fields.append(["firstPage", "0"]) }
        } else {
            return nil
        }
        if let hasNext { fields.append(["hasNext", pathText(hasNext.path)]) }
        if let totalPages, style != "cursor" { fields.append(["totalPages", pathText(totalPages.path)]) }
        if let count { fields.append(["count", pathText(count.path)]) }
        let seen = [page, offset, cursor, hasNext, totalPages, count].compactMap { $0.map { "meta." + $0.path.joined(separator: ".") } }
        let said = seen.isEmpty ? "its parameters \(query.filter { $0 == pageParameter || $0 == offsetParameter }.joined(separator: ", ")) page it, and nothing in meta says when to stop: an empty page does" : "\(seen.joined(separator: ", ")) \(seen.count == 1 ? "says" : "say") how it pages"
        let evidence = "\(without); \(said) (parameters guessed: check them against the server's)"
        return PaginationGuess(style: style, fields: fields, evidence: evidence)
    }

    /// The first member named one of `names` whose value passes `test`: in `meta` itself, else one
    /// object below it (`meta.pagination.has_next`), with its path.
    private static func find(_ names: [String], in meta: JSONNode, where test: (JSONNode) -> Bool) -> (path: [String], value: JSONNode)? {
        let members = meta.members ?? []
        for name in names {
            if let member = members.first(where: { $0.key == name }), test(member.value) { return ([name], member.value) }
        }
        for outer in members {
            guard let inner = outer.value.members else { continue }
            for name in names {
                if let member = inner.first(where: { $0.key == name }), test(member.value) { return ([outer.key, name], member.value) }
            }
        }
        return nil
    }

    private static func isInteger(_ node: JSONNode) -> Bool {
        if case .number(_, let isInteger) = node { isInteger } else { false }
    }

    /// A dotted path, or a JSON pointer when a key has a dot or a slash in it.
    private static func pathText(_ keys: [String]) -> String {
        if keys.allSatisfy({ !$0.contains(".") && !$0.contains("/") && !$0.contains("~") }) { return YAMLText.scalar(keys.joined(separator: ".")) }
        return YAMLText.scalar("/" + keys.map { $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined(separator: "/"))
    }

    /// The `pagination:` line's value: `{ style: pageNumber, hasNext: pagination.has_next }`.
    var yaml: String {
        "{ " + ([["style", style]] + fields).map { "\($0[0]): \($0[1])" }.joined(separator: ", ") + " }"
    }
}
