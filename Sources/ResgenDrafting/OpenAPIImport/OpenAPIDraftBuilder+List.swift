import ResgenCore
import OpenAPIKit

/// A JSON:API collection GET's declared query parameters → the resource's `list:` (issue 47): each
/// `filter[…]` and `exists[…]` with its type (an enum's values closed, an array joined with commas when
/// `explode: false`, one item per value otherwise), the `sort` enum's keys (fields of the resource; a
/// `-` prefix is the descending direction every key has), the plain `limit`, and `limit[relationship]` of
/// included to-manys. What cannot be typed is said in a note, with the reason.
extension OpenAPIDraftBuilder {
    /// The `list:` of `resource` from `endpoint` (its collection GET); the parameters it leaves out are
    /// added to `notes`.
    mutating func listGuess(_ endpoint: OpenAPIEndpoint, resource: Draft.Resource, notes: inout [String]) -> ListGuess? {
        var filters: [ListGuess.Filter] = []
        var untyped: [String] = []
        var sortKeys: [String] = []
        var sortNote: String?
        var limit: String?
        var limitComment: String?
        var includeLimits: [String] = []
        var unlimited: [String] = []
        var names = SwiftNaming.reservedMemberNames.union(["queryItems"])
        let attributeKeys = resource.attributes.filter { $0.type != nil }.map(\.key)
        let targeted = resource.relationships.filter { $0.target != nil || !$0.targets.isEmpty }
        let fields = Set(attributeKeys + targeted.map(\.key) + ["id"])
        for parameter in endpoint.parameters where parameter.parameter.location == .query {
            let name = parameter.parameter.name
            let inner = Self.bracketed(name)
            if name.hasPrefix("filter["), let inner, !inner.isEmpty {
                guard let filter = listFilter(parameter, inner: inner, names: &names) else {
                    untyped.append(name)
                    continue
                }
                filters.append(filter)
            } else if name.hasPrefix("exists["), let inner, !inner.isEmpty {
                guard let filter = listFilter(parameter, inner: inner, names: &names, prefix: "exists") else {
                    untyped.append(name)
                    continue
                }
                filters.append(filter)
            } else if name == "sort" {
                let values = enumValues(parameter)
                guard !values.isEmpty else {
                    sortNote = "sort: its keys are not enumerated (\(parameter.pointer)); list those the server takes under list.sort"
                    continue
                }
                var ascending: Set<String> = []
                var descending: Set<String> = []
                var others: [String] = []
                for value in values {
                    let key = value.hasPrefix("-") || value.hasPrefix("+") ? String(value.dropFirst()) : value
                    if value.hasPrefix("-") { descending.insert(key) } else { ascending.insert(key) }
                    guard !sortKeys.contains(key) else { continue }
                    let first = String(key.split(separator: ".", omittingEmptySubsequences: false).first ?? "")
                    guard !key.isEmpty, fields.contains(first) else {
                        others.append(value)
                        continue
                    }
                    sortKeys.append(key)
                }
                var said: [String] = []
                if !others.isEmpty { said.append("keys that are no field of \(resource.name) left out: \(others.joined(separator: ", "))") }
                let oneWay = sortKeys.filter { ascending.contains($0) != descending.contains($0) }
                if !oneWay.isEmpty {
                    said.append("the document allows only one direction of \(oneWay.map { (descending.contains($0) ? "-" : "") + $0 }.joined(separator: ", "))")
                }
                if !said.isEmpty { sortNote = "sort: " + said.joined(separator: "; ") + " (\(parameter.pointer))" }
            } else if name == "limit" {
                limit = name
                if let (schema, pointer) = parameterSchema(parameter),
                    let resolved = resolver.resolve(schema, at: pointer, warnings: &warnings),
                    case .integer(_, let context) = resolved.schema.value, let maximum = context.maximum?.value
                {
                    limitComment = "at most \(maximum) a page"
                }
            } else if name.hasPrefix("limit["), let inner {
                if let relationship = targeted.first(where: { $0.key == inner && $0.toMany }), !includeLimits.contains(relationship.name) {
                    includeLimits.append(relationship.name)
                } else {
                    unlimited.append(name)
                }
            }
        }
        if !untyped.isEmpty {
            notes.append("filters not typed (their schema is no scalar or list of scalars): \(untyped.joined(separator: ", ")) (\(endpoint.pointer))")
        }
        if let sortNote { notes.append(sortNote) }
        if !unlimited.isEmpty {
            notes.append("include limits of no to-many relationship with a target: \(unlimited.joined(separator: ", ")) (\(endpoint.pointer))")
        }
        // `pagination:` names the page size, and `limit` beside it is an error.
        if resource.pagination != nil { (limit, limitComment) = (nil, nil) }
        guard !filters.isEmpty || !sortKeys.isEmpty || limit != nil || !includeLimits.isEmpty else { return nil }
        var memberNames: [String: String] = [:]
        var sortNames: Set<String> = Validator.listSortMembers.union(SwiftNaming.reservedMemberNames)
        for key in sortKeys {
            let natural = SwiftNaming.memberName(key)
            var member = natural
            while !sortNames.insert(member).inserted { member += "Sort" }
            if member != natural { memberNames[key] = member }
        }
        var guess = ListGuess(
            filters: filters, sortKeys: sortKeys,
            evidence: "the query parameters of \(endpoint.methodName) \(endpoint.path) (\(endpoint.pointer))")
        guess.sortMemberNames = memberNames
        guess.limit = limit
        guess.limitComment = limitComment
        guess.includeLimits = includeLimits
        return guess
    }

    /// `inner` of `name[inner]`, or nil.
    static func bracketed(_ name: String) -> String? {
        guard let open = name.firstIndex(of: "["), name.hasSuffix("]") else { return nil }
        return String(name[name.index(after: open)..<name.index(before: name.endIndex)])
    }

    /// The string enum of a parameter (of its schema, or of its array's items), in order; empty for none.
    private mutating func enumValues(_ parameter: OpenAPIEndpoint.Parameter) -> [String] {
        guard let (schema, pointer) = parameterSchema(parameter),
            let resolved = resolver.resolve(schema, at: pointer, warnings: &warnings)
        else { return [] }
        if case .array(_, let context) = resolved.schema.value, let items = context.items {
            guard let element = resolver.resolve(items, at: pointer / "items", warnings: &warnings) else { return [] }
            return element.schema.allowedValues?.compactMap { $0.value as? String } ?? []
        }
        return resolved.schema.allowedValues?.compactMap { $0.value as? String } ?? []
    }

    /// One filter from its parameter: a scalar or an array of scalars, a string enum's values closed;
    /// nil for another schema. Its property name is the part in brackets (`appStoreVersions.platform` →
    /// `appStoreVersionsPlatform`), after `prefix` when there is one, made unique among `names`.
    private mutating func listFilter(
        _ parameter: OpenAPIEndpoint.Parameter, inner: String, names: inout Set<String>, prefix: String? = nil
    ) -> ListGuess.Filter? {
        guard let (schema, pointer) = parameterSchema(parameter),
            var resolved = resolver.resolve(schema, at: pointer, warnings: &warnings)
        else { return nil }
        var isArray = false
        if case .array(_, let context) = resolved.schema.value {
            guard let items = context.items, let element = resolver.resolve(items, at: pointer / "items", warnings: &warnings) else {
                return nil
            }
            (resolved, isArray) = (element, true)
        }
        let element: String
        var values: [String]?
        switch resolved.schema.value {
        case .string:
            element = "String"
            let enumerated = resolved.schema.allowedValues?.compactMap { $0.value as? String } ?? []
            if !enumerated.isEmpty { values = DocumentReader.unique(enumerated) }
        case .integer: element = "Int"
        case .number: element = "Double"
        case .boolean: element = "Bool"
        default: return nil
        }
        var name = SwiftNaming.memberName(prefix.map { "\($0)-\(inner)" } ?? inner)
        while !names.insert(name).inserted { name += "Filter" }
        // Several values: one comma-joined item unless the parameter explodes (`style: form`'s default).
        var repeats = false
        if isArray, case .a(let context) = parameter.parameter.schemaOrContent { repeats = context.explode }
        return ListGuess.Filter(
            name: name, key: parameter.parameter.name, type: isArray ? "[\(element)]" : element, values: values,
            repeats: repeats)
    }
}
