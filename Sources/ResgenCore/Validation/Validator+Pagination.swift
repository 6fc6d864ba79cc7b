/// A resource's `pagination:` (pages without links, issue 49): the style, the keys it allows, the
/// numbers and the paths into `meta`. Every problem is reported; an invalid declaration is dropped.
extension Validator {
    /// The keys each style allows beyond those every style has (`pageSize`, `hasNext`, `totalPages`,
    /// `count`).
    static let paginationKeys: [(style: String, keys: [String])] = [
        ("pageNumber", ["page", "size", "firstPage"]),
        ("offset", ["offset", "limit"]),
        ("cursor", ["cursor", "size", "nextCursor"]),
    ]

    /// The validated `pagination:` of resource `decl`, or nil (after diagnostics, or without one).
    func validatePagination(_ decl: ResourceDecl, lists: Bool) -> PaginationInfo? {
        guard let pagination = decl.pagination else { return nil }
        let owner = "'pagination' of resource '\(decl.name.value)'"
        var valid = true
        if !lists {
            diagnostics.emit(.error("\(owner) has no collection to page: neither the resource nor one of its 'paths' has the 'list' operation", at: pagination.keyLocation))
            valid = false
        }
        guard let style = pagination.style else {
            diagnostics.emit(.error("\(owner) needs a 'style': pageNumber, offset or cursor", at: pagination.keyLocation))
            return nil
        }
        guard let allowed = Self.paginationKeys.first(where: { $0.style == style.value })?.keys else {
            let hint = Suggestion.closest(to: style.value, in: Self.paginationKeys.map(\.style)).map { "; did you mean '\($0)'?" } ?? "; styles are pageNumber, offset and cursor"
            diagnostics.emit(.error("unknown pagination style '\(style.value)'\(hint)", at: style.location))
            return nil
        }
        // Keys of another style.
        let given = pagination.parameters.merging(pagination.metaPaths) { first, _ in first }
            .merging(["firstPage": pagination.firstPage, "pageSize": pagination.pageSize].compactMapValues { $0 }) { first, _ in first }
        let styleKeys = Set(Self.paginationKeys.flatMap(\.keys))
        for (key, value) in given.sorted(by: { $0.value.location < $1.value.location }) where styleKeys.contains(key) && !allowed.contains(key) {
            let own = allowed.map { "'\($0)'" }.joined(separator: ", ")
            diagnostics.emit(.error("'\(key)' does not apply to '\(style.value)' pagination, whose keys are \(own)", at: value.location))
            valid = false
        }
        // Parameter names: not empty, not one another.
        var names: [String: Located<String>] = [:]
        for key in PaginationDecl.parameterKeys where allowed.contains(key) {
            guard let name = pagination.parameters[key] else { continue }
            if name.value.allSatisfy(\.isWhitespace) {
                diagnostics.emit(.error("'\(key)' of \(owner) is empty; name the query parameter", at: name.location))
                valid = false
            } else if let first = names[name.value] {
                diagnostics.emit(.error("'\(key)' of \(owner) names the query parameter '\(name.value)' a second time", at: name.location, notes: [.note("first named here", at: first.location)]))
                valid = false
            } else {
                names[name.value] = name
            }
        }
        let pageSize = pagination.pageSize.flatMap { wholeNumber($0, key: "pageSize", of: owner, minimum: 1) }
        if pagination.pageSize != nil, pageSize == nil { valid = false }
        let firstPage = pagination.firstPage.flatMap { wholeNumber($0, key: "firstPage", of: owner, minimum: 0) }
        if pagination.firstPage != nil, firstPage == nil { valid = false }
        var paths: [String: [String]] = [:]
        for key in PaginationDecl.metaPathKeys {
            guard let text = pagination.metaPaths[key], key != "nextCursor" || allowed.contains(key) else { continue }
            if let path = metaPath(text, key: key, of: owner) { paths[key] = path } else { valid = false }
        }
        if style.value == "cursor", pagination.metaPaths["nextCursor"] == nil {
            diagnostics.emit(.error("\(owner) needs 'nextCursor': where in 'meta' the next page's cursor is (e.g. 'nextCursor: pagination.next_cursor')", at: style.location))
            valid = false
        }
        guard valid else { return nil }
        func parameter(_ key: String, _ fallback: String) -> String { pagination.parameters[key]?.value ?? fallback }
        let info: PaginationInfo.Style
        switch style.value {
        case "pageNumber": info = .pageNumber(page: parameter("page", "page[number]"), size: parameter("size", "page[size]"), firstPage: firstPage ?? 1)
        case "offset": info = .offset(offset: parameter("offset", "page[offset]"), limit: parameter("limit", "page[limit]"))
        default: info = .cursor(parameter: parameter("cursor", "page[cursor]"), next: paths["nextCursor"] ?? [], size: parameter("size", "page[size]"))
        }
        return PaginationInfo(
            style: info, pageSize: pageSize, hasNext: paths["hasNext"], totalPages: paths["totalPages"], count: paths["count"],
            keyPath: "resources.\(decl.name.value).pagination")
    }

    /// `text` as a whole number of at least `minimum`; nil after an error.
    private func wholeNumber(_ text: Located<String>, key: String, of owner: String, minimum: Int) -> Int? {
        guard let number = Int(text.value), number >= minimum, number <= 1_000_000_000 else {
            diagnostics.emit(.error("'\(key)' of \(owner) must be a whole number of at least \(minimum), found '\(text.value)'", at: text.location))
            return nil
        }
        return number
    }

    /// The keys of a path into `meta`: a JSON pointer (`/pagination/has_next`, `~1` and `~0` escape
    /// `/` and `~`) or a dotted path (`pagination.has_next`); nil after an error.
    private func metaPath(_ text: Located<String>, key: String, of owner: String) -> [String]? {
        let fail = { (reason: String) -> [String]? in
            self.diagnostics.emit(.error("'\(key)' of \(owner) is not a path into 'meta' (\(reason)); write 'pagination.has_next' or '/pagination/has_next'", at: text.location))
            return nil
        }
        if text.value.hasPrefix("/") {
            var keys: [String] = []
            for token in text.value.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
                var decoded = ""
                var iterator = token.makeIterator()
                while let character = iterator.next() {
                    guard character == "~" else { decoded.append(character); continue }
                    switch iterator.next() {
                    case "0": decoded.append("~")
                    case "1": decoded.append("/")
                    default: return fail("'~' stands only before '0' or '1' in a JSON pointer")
                    }
                }
                if decoded.isEmpty { return fail("an empty key") }
                keys.append(decoded)
            }
            return keys
        }
        let keys = text.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if text.value.isEmpty || keys.contains(where: \.isEmpty) { return fail("an empty key") }
        return keys
    }
}
