import ResgenCore
import Foundation

/// What the URLs of a collection show about its list parameters (issue 47): the `filter[…]` and
/// `sort` items of the URL it was fetched from and of its documents' links (a server's `next` link
/// keeps the request's filters and sort), drafted as the resource's `list:`. Only what was seen: a
/// filter's type is `Int` when every value seen was a whole number, a list type when a value had a
/// comma; sort keys are kept when they are fields of the resource. `import-openapi` drafts the same
/// shape from a collection GET's declared parameters, with what it also knows there: a filter's enum,
/// how several values are sent, the `limit` and the `limit[relationship]` parameters.
struct ListGuess: Hashable, Sendable {
    /// One filter: its property name, its query parameter, its type.
    struct Filter: Hashable, Sendable {
        var name: String
        var key: String
        var type: String
        /// The only values it takes (`values:`, a closed enum); nil for any value of `type`.
        var values: [String]? = nil
        /// Several values sent one item each (`join: repeat`) instead of joined with commas.
        var repeats = false
    }

    var filters: [Filter]
    var sortKeys: [String]
    /// What was seen, for the draft's comment.
    var evidence: String
    /// Member names of sort keys whose wire key would not make one (`{ keySort: key }`), by wire key.
    var sortMemberNames: [String: String] = [:]
    /// The query parameter of a plain page size (`limit:`), with its comment.
    var limit: String? = nil
    var limitComment: String? = nil
    /// The to-many relationships (by name) whose included resources a call may limit, at `limit[wire key]`.
    var includeLimits: [String] = []

    /// The query items (`[name, value]`) of `url` and of the string or `href` members of `links`.
    static func queryItems(url: String?, links: JSONNode?) -> [[String]] {
        var urls = url.map { [$0] } ?? []
        for member in links?.members ?? [] {
            if case .string(let text) = member.value {
                urls.append(text)
            } else if case .string(let text)? = member.value["href"] {
                urls.append(text)
            }
        }
        return urls.flatMap { text in
            (URLComponents(string: text)?.queryItems ?? []).map { [$0.name, $0.value ?? ""] }
        }
    }

    /// The guess from `items` (`[name, value]` pairs, in the order seen) for a resource whose fields
    /// have the wire names `fields`; nil when no filter or sort item was seen.
    static func read(_ items: [[String]], fields: [String]) -> ListGuess? {
        var order: [String] = []
        var values: [String: [String]] = [:]
        var sortKeys: [String] = []
        for item in items where item.count == 2 {
            let (name, value) = (item[0], item[1])
            if name == "sort" {
                for key in value.split(separator: ",").map({ String($0.drop { $0 == "-" || $0 == "+" }) })
                where !sortKeys.contains(key) && fields.contains(String(key.split(separator: ".").first ?? "")) {
                    sortKeys.append(key)
                }
            } else if name.hasPrefix("filter["), name.hasSuffix("]"), name.count > "filter[]".count {
                if values[name] == nil { order.append(name) }
                values[name, default: []].append(value)
            }
        }
        var names: Set<String> = SwiftNaming.reservedMemberNames.union(["queryItems"])
        var filters: [Filter] = []
        for key in order {
            let inner = String(key.dropFirst("filter[".count).dropLast())
            var name = SwiftNaming.memberName(inner.isEmpty ? "filter" : inner)
            while !names.insert(name).inserted { name += "Filter" }
            let seen = values[key] ?? []
            let pieces = seen.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
            let element = !pieces.isEmpty && pieces.allSatisfy { Int($0) != nil } ? "Int" : "String"
            filters.append(Filter(name: name, key: key, type: seen.contains { $0.contains(",") } ? "[\(element)]" : element))
        }
        guard !filters.isEmpty || !sortKeys.isEmpty else { return nil }
        let seen = (filters.map(\.key) + (sortKeys.isEmpty ? [] : ["sort"])).joined(separator: ", ")
        return ListGuess(filters: filters, sortKeys: sortKeys, evidence: "seen in the URLs of its list: \(seen); add the filters and sort keys the server also takes")
    }

    /// The `list:` lines, indented for a resource.
    var yaml: [String] {
        var lines: [String] = []
        if !filters.isEmpty {
            lines.append("      filters:")
            for filter in filters {
                let plain = filter.key == "filter[\(filter.name)]"
                if plain, filter.values == nil, !filter.repeats {
                    lines.append("        \(filter.name): " + YAMLText.scalar(filter.type))
                    continue
                }
                var fields: [String] = []
                // With `values`, a single value's type is their enum: `String` goes without saying.
                if filter.values == nil || filter.type != "String" { fields.append("type: \(YAMLText.scalar(filter.type))") }
                if !plain { fields.append("key: \(YAMLText.scalar(filter.key))") }
                if let values = filter.values { fields.append("values: [" + values.map(YAMLText.scalar).joined(separator: ", ") + "]") }
                if filter.repeats { fields.append("join: repeat") }
                lines.append("        \(filter.name): { \(fields.joined(separator: ", ")) }")
            }
        }
        if !sortKeys.isEmpty {
            let keys = sortKeys.map { key in
                sortMemberNames[key].map { "{ \($0): \(YAMLText.scalar(key)) }" } ?? YAMLText.scalar(key)
            }
            lines.append("      sort: [" + keys.joined(separator: ", ") + "]")
        }
        if let limit {
            let line = "      limit: \(YAMLText.scalar(limit))"
            lines.append(limitComment.map { line + "  " + YAMLText.comment($0) } ?? line)
        }
        if !includeLimits.isEmpty {
            lines.append("      includeLimits: [" + includeLimits.map(YAMLText.scalar).joined(separator: ", ") + "]")
        }
        return lines
    }
}
