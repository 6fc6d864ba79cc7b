import Foundation

/// Reads and changes one item of a URL's query as the URL spells it: the other items keep their
/// bytes (escapes, `+`, order), so a page URL computed from a server's URL differs from it in the one
/// parameter only.
package enum URLQueryEditing {
    /// One `name=value` of a query: as written, and decoded.
    struct Item {
        var raw: Substring
        var name: String
        var value: String?
    }

    /// The query items of `url`, in order.
    static func items(of url: URL) -> [Item] {
        guard let query = split(url.absoluteString).query, !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { raw in
            let parts = raw.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return Item(raw: raw, name: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : nil)
        }
    }

    /// The decoded value of the first item named `name` in `url`.
    static func value(of name: String, in url: URL) -> String? {
        items(of: url).first { $0.name == name }?.value
    }

    /// `url` with the first item named `name` set to `value` (its name as written), or with
    /// `name=value` appended; nil when the result is no URL.
    package static func setting(_ name: String, to value: String, in url: URL) -> URL? {
        let (head, query, fragment) = split(url.absoluteString)
        var replaced = false
        var parts: [String] = []
        for raw in (query ?? "").split(separator: "&", omittingEmptySubsequences: true) {
            let rawName = raw.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
            if !replaced, decode(rawName) == name {
                parts.append("\(rawName)=\(PathComponent.percentEncodingAllButUnreserved(value))")
                replaced = true
            } else {
                parts.append(String(raw))
            }
        }
        if !replaced {
            parts.append("\(PathComponent.percentEncodingAllButUnreserved(name))=\(PathComponent.percentEncodingAllButUnreserved(value))")
        }
        return URL(string: head + "?" + parts.joined(separator: "&") + (fragment.map { "#" + $0 } ?? ""))
    }

    /// The URL's text before its query, its query (without `?`) and its fragment (without `#`).
    fileprivate static func split(_ text: String) -> (head: String, query: Substring?, fragment: Substring?) {
        var rest = Substring(text)
        var fragment: Substring?
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        guard let mark = rest.firstIndex(of: "?") else { return (String(rest), nil, fragment) }
        return (String(rest[..<mark]), rest[rest.index(after: mark)...], fragment)
    }

    /// A name or value decoded as a form does: `+` is a space, escapes are bytes.
    private static func decode(_ raw: Substring) -> String {
        let spaced = raw.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}

/// The page after one without a `next` link that has a `last` link (issue 49: a server that leaves
/// `next` out on the page before the last): the one integer parameter in which the page's own URL
/// and `last` differ, stepped (an offset by the shared limit or size, else by the page's items; a
/// page number by one), and `last` itself once the step reaches it.
enum LastLinkStep {
    /// The URL after `page`, or nil: at `last`, past it, or when the two URLs differ otherwise than in
    /// one integer parameter of the same path.
    static func url(after page: PageFacts, last: URL) -> URL? {
        guard page.itemCount > 0, path(of: page.url) == path(of: last) else { return nil }
        let own = URLQueryEditing.items(of: page.url)
        let target = URLQueryEditing.items(of: last)
        // The first value of each name on the page's URL, looked up once per item of `last`: linear in
        // the links' lengths however many items a server writes.
        var ownValues: [String: String?] = [:]
        for item in own where ownValues[item.name] == nil { ownValues[item.name] = .some(item.value) }
        func ownValue(_ name: String) -> String? { ownValues[name] ?? nil }
        func isSize(_ item: URLQueryEditing.Item) -> Bool { ["limit", "size", "per_page"].contains { item.name.lowercased().contains($0) } }
        // The parameters whose value `last` gives differently; a size the page's URL leaves to the
        // server is not one of them.
        let differing = target.filter { item in
            let mine = ownValue(item.name)
            return mine != item.value && !(mine == nil && isSize(item))
        }
        guard differing.count == 1, let moving = differing.first, let goal = moving.value.flatMap(Int.init) else { return nil }
        let name = moving.name.lowercased()
        let current: Int
        let next: Int
        if name.contains("offset") || name.contains("skip") || name.contains("start") {
            current = ownValue(moving.name).flatMap(Int.init) ?? 0
            // The page's own limit, else what the server gave without one: this page's items.
            let step = own.filter(isSize).lazy.compactMap { $0.value.flatMap(Int.init) }.first { $0 > 0 } ?? page.itemCount
            next = current + step
        } else if name.contains("page") || name.contains("number") {
            current = ownValue(moving.name).flatMap(Int.init) ?? 1
            next = current + 1
        } else {
            return nil
        }
        guard current < goal else { return nil }
        return next >= goal ? last : URLQueryEditing.setting(moving.name, to: String(next), in: page.url)
    }

    /// The URL without its query and fragment, for comparing where two URLs point.
    private static func path(of url: URL) -> String {
        URLQueryEditing.split(url.absoluteString).head
    }
}
