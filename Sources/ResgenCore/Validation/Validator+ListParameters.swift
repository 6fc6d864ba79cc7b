/// A resource's `list:` (typed list parameters, issue 47): the filters' names, types and wire keys, the
/// sort keys against the resource's fields, the included to-manys, and what clashes with
/// `pagination:`. Every problem is reported; a declaration with an error is dropped.
extension Validator {
    /// Members of `ListSort` a sort key cannot be named (they would shadow or clash with them).
    package static let listSortMembers: Set<String> = ["key", "isDescending", "descending", "ascending", "wireValue"]

    /// The validated `list:` of resource `decl` (whose attributes and relationships `info` holds), or
    /// nil (after diagnostics, or without one).
    func validateListParameters(_ decl: ResourceDecl, of info: ResourceInfo, lists: Bool) -> ListParametersInfo? {
        guard let list = decl.list else { return nil }
        let name = decl.name.value
        let keyPath = "resources.\(name).list"
        var valid = true
        if !lists {
            diagnostics.emit(.error("'list' of resource '\(name)' declares parameters of a list operation it does not have: neither the resource nor one of its 'paths' has the 'list' operation", at: list.keyLocation))
            valid = false
        }
        // Every query parameter the list sends, to find one sent twice.
        var wireKeys: [String: (what: String, location: SourceLocation)] = [:]
        func claimWireKey(_ key: String, _ what: String, at location: SourceLocation) {
            if key.allSatisfy(\.isWhitespace) {
                diagnostics.emit(.error("\(what) of resource '\(name)' has an empty query parameter", at: location))
                valid = false
            } else if let first = wireKeys[key] {
                diagnostics.emit(.error("\(what) of resource '\(name)' sends the query parameter '\(key)', which \(first.what) already sends", at: location, notes: [.note("first sent here", at: first.location)]))
                valid = false
            } else {
                wireKeys[key] = (what, location)
            }
        }
        if format == .jsonapi, !decl.includes.isEmpty { wireKeys["include"] = ("'include' (the include sets)", decl.includes[0].name.location) }
        // `pagination:` names the page parameters (the typed list takes them from there).
        if let pagination = info.pagination, let declared = decl.pagination {
            for (label, parameter) in Self.pageArguments(of: pagination) {
                claimWireKey(parameter, "the '\(label)' parameter of 'pagination'", at: declared.parameters.values.first { $0.value == parameter }?.location ?? declared.keyLocation)
            }
        }

        // Filters.
        var filterScope = NameScope("filter", of: "\(name).ListFilter", fix: "rename one of them (set 'key' to keep the query parameter)")
        filterScope.reserve("queryItems", as: "'ListFilter' writes its query items in 'queryItems'")
        var filters: [ListParametersInfo.Filter] = []
        for filter in list.filters {
            guard let validated = validateListFilter(filter, of: name, keyPath: keyPath + ".filters.\(filter.name.value)", scope: &filterScope) else {
                valid = false
                continue
            }
            claimWireKey(validated.key, "filter '\(filter.name.value)'", at: filter.key?.location ?? filter.name.location)
            filters.append(validated)
        }

        // Sort keys.
        var sortKeys: [ListParametersInfo.SortKey] = []
        var sortScope = NameScope("sort key", of: name, fix: "name the member: '- otherName: key'")
        for member in Self.listSortMembers.sorted() { sortScope.reserve(member, as: "'ListSort' has a member '\(member)'") }
        let fields = info.attributes.map(\.wireKey) + info.relationships.map(\.wireKey) + ["id"]
        var sortWireKeys: [String: SourceLocation] = [:]
        if let location = list.sortLocation, list.sortKeys.isEmpty {
            diagnostics.emit(.error("'sort' of resource '\(name)' lists no keys", at: location))
            valid = false
        }
        for key in list.sortKeys {
            let wire = key.value.value
            let first = wire.split(separator: ".", omittingEmptySubsequences: false).first.map(String.init) ?? wire
            if wire.hasPrefix("-") || wire.hasPrefix("+") {
                diagnostics.emit(.error("sort key '\(wire)' of resource '\(name)' has a direction; list the key once ('\(wire.dropFirst())'): every key is sent ascending or descending ('.\(SwiftNaming.memberName(String(wire.dropFirst()))).descending')", at: key.value.location))
                valid = false
                continue
            }
            if !fields.contains(first) {
                let hint = Suggestion.closest(to: first, in: fields).map { "; did you mean '\($0)'?" } ?? ""
                diagnostics.emit(.error("sort key '\(wire)' of resource '\(name)' is not a field of it (an attribute's or relationship's wire name, or a relationship path)\(hint)", at: key.value.location))
                valid = false
                continue
            }
            if let earlier = sortWireKeys[wire] {
                diagnostics.emit(.error("duplicate sort key '\(wire)' of resource '\(name)'", at: key.value.location, notes: [.note("first listed here", at: earlier)]))
                valid = false
                continue
            }
            sortWireKeys[wire] = key.value.location
            let source = key.caseName ?? key.value
            let swiftName = SwiftNaming.memberName(source.value)
            if SwiftNaming.reservedMemberNames.contains(swiftName) {
                diagnostics.emit(.error("sort key '\(source.value)' would become the member name '\(swiftName)', which Swift reserves; name the member: '- otherName: \(wire)'", at: source.location))
                valid = false
                continue
            }
            guard sortScope.claim(swiftName, for: source.value, at: source.location, diagnostics: diagnostics) else {
                valid = false
                continue
            }
            sortKeys.append(.init(swiftName: SwiftNaming.escaped(swiftName), wireKey: wire))
        }
        let sortParameter = list.sortParameter?.value ?? "sort"
        if !sortKeys.isEmpty { claimWireKey(sortParameter, "'sort'", at: list.sortParameter?.location ?? list.sortLocation ?? list.keyLocation) }

        // Page parameters: `pagination:` names them; a plain `limit` is for an API without it.
        if let limit = list.limit {
            if let pagination = decl.pagination {
                diagnostics.emit(.error("'limit' of 'list' of resource '\(name)' conflicts with its 'pagination', which names the page size parameter; the typed list takes its page parameters from 'pagination' (remove 'limit', or declare the size there)", at: limit.location, notes: [.note("'pagination' declared here", at: pagination.keyLocation)]))
                valid = false
            } else {
                claimWireKey(limit.value, "'limit'", at: limit.location)
            }
        }

        // Limits of included to-manys.
        var includeLimits: [ListParametersInfo.IncludeLimit] = []
        var limited: [String: SourceLocation] = [:]
        for entry in list.includeLimits {
            let relationshipName = entry.caseName ?? entry.value
            guard let relationship = info.relationships.first(where: { $0.name == relationshipName.value }) else {
                let hint = Suggestion.closest(to: relationshipName.value, in: info.relationships.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                diagnostics.emit(.error("'includeLimits' of resource '\(name)' names '\(relationshipName.value)', which is not one of its relationships\(hint)", at: relationshipName.location))
                valid = false
                continue
            }
            guard relationship.isToMany else {
                diagnostics.emit(.error("'includeLimits' of resource '\(name)' names the to-one relationship '\(relationshipName.value)'; only a to-many's included resources can be limited", at: relationshipName.location))
                valid = false
                continue
            }
            if let first = limited[relationship.name] {
                diagnostics.emit(.error("'includeLimits' of resource '\(name)' names '\(relationship.name)' a second time", at: relationshipName.location, notes: [.note("first named here", at: first)]))
                valid = false
                continue
            }
            limited[relationship.name] = relationshipName.location
            let parameter = entry.caseName == nil ? "limit[\(relationship.wireKey)]" : entry.value.value
            claimWireKey(parameter, "the include limit of '\(relationship.name)'", at: entry.value.location)
            includeLimits.append(.init(swiftName: relationship.swiftName, parameter: parameter))
        }

        if list.filters.isEmpty, list.sortKeys.isEmpty, list.limit == nil, list.includeLimits.isEmpty, info.pagination == nil {
            diagnostics.emit(.warning("'list' of resource '\(name)' declares no parameters", at: list.keyLocation))
        }
        guard valid else { return nil }
        return ListParametersInfo(
            filters: filters, sortKeys: sortKeys, sortParameter: sortParameter, limit: list.limit?.value, includeLimits: includeLimits,
            keyPath: keyPath)
    }

    /// The typed list's page arguments `pagination` gives (label, query parameter), in order.
    static func pageArguments(of pagination: PaginationInfo) -> [(label: String, parameter: String)] {
        switch pagination.style {
        case .pageNumber(let page, let size, _): [("page", page), ("pageSize", size)]
        case .offset(let offset, let limit): [("offset", offset), ("limit", limit)]
        case .cursor(let parameter, _, let size): [("cursor", parameter), ("pageSize", size)]
        }
    }

    /// One filter; nil after an error.
    private func validateListFilter(_ filter: ListParametersDecl.Filter, of resource: String, keyPath: String, scope: inout NameScope) -> ListParametersInfo.Filter? {
        let name = filter.name.value
        var swiftName = SwiftNaming.memberName(name)
        if SwiftNaming.reservedMemberNames.contains(swiftName) {
            diagnostics.emit(.error("filter '\(name)' of resource '\(resource)' would become the property name '\(swiftName)', which Swift reserves; rename it (set 'key' to keep the query parameter)", at: filter.name.location))
            return nil
        }
        guard scope.claim(swiftName, for: name, at: filter.name.location, diagnostics: diagnostics) else { return nil }
        swiftName = SwiftNaming.escaped(swiftName)
        var valid = true
        var type: TypeRef = .builtin(.string)
        if let spelling = filter.type {
            if let resolved = resolveType(spelling, use: .query) { type = resolved.unwrapped } else { valid = false }
            if case .array(let element) = type, element.isOptional {
                diagnostics.emit(.error("filter '\(name)' of resource '\(resource)' has optional values ('\(spelling.value)'); a value cannot be sent as null: write '\(String(spelling.value.filter { $0 != "?" }))'", at: spelling.location))
                valid = false
            }
        }
        var inlineEnum: EnumInfo?
        if let values = filter.values {
            let location = filter.valuesLocation ?? filter.name.location
            let element: TypeRef = if case .array(let element) = type { element } else { type }
            if element != .builtin(.string) {
                diagnostics.emit(.error("filter '\(name)' of resource '\(resource)' declares 'values', so its type is their enum: leave 'type' out, or write 'String' or '[String]' for one or several values", at: filter.type?.location ?? location))
                valid = false
            } else if values.isEmpty {
                diagnostics.emit(.error("filter '\(name)' of resource '\(resource)' has no values: a filter with an empty enum cannot be sent", at: location))
                valid = false
            } else {
                // A filter named `type` (App Store Connect's nominations) would nest an enum `Type`, which Swift
                // refuses as a member name (`ListFilter.Type` is the metatype): such a name takes a suffix.
                let baseName = SwiftNaming.typeName(name)
                let enumName = SwiftNaming.reservedMemberNames.contains(baseName) ? baseName + "Value" : baseName
                let decl = EnumDecl(name: Located(enumName, at: filter.name.location), description: nil, values: values)
                if let validated = validateEnum(decl), validated.cases.count == values.count {
                    inlineEnum = validated
                    let enumType = TypeRef.enumeration(enumName)
                    type = if case .array = type { .array(enumType) } else { enumType }
                } else {
                    valid = false
                }
            }
        }
        let isArray = if case .array = type { true } else { false }
        if let join = filter.join, !isArray {
            diagnostics.emit(.error("'join' of filter '\(name)' of resource '\(resource)' applies to several values; make the type a list ('[\(filter.type?.value ?? "String")]') or leave 'join' out", at: join.location))
            valid = false
        }
        guard valid else { return nil }
        let key = filter.key?.value ?? (format == .jsonapi ? "filter[\(name)]" : name)
        return ListParametersInfo.Filter(
            swiftName: swiftName, key: key, type: type, inlineEnum: inlineEnum, joinsWithComma: isArray && filter.join?.value != "repeat",
            description: filter.description, keyPath: keyPath)
    }
}
