/// A resource's `list:` → `ListFilter`, `IncludeLimits`, the `ListSort<Resource>` keys and a typed
/// `list(filter:sort:…)` builder on each path that lists, which puts the query items into the path
/// through the runtime's `list(query:)`.
extension Translator {
    /// `context` with the typed list parameters of `resource`, when it declares them.
    func addingListParameters(of resource: ResourceInfo, to context: ResourceContext) -> ResourceContext {
        guard let list = resource.list else { return context }
        var context = context
        let name = resource.name
        let filters = list.filters.enumerated().map { index, filter in
            ListFilterContext(
                listFilterDoc: SwiftSyntax.docLines(
                    [filter.description, "Sent as `\(filter.key)`\(Self.joinText(filter))."].compactMap { $0 }.joined(separator: "\n\n"),
                    remark: filter.keyPath),
                listFilterName: filter.swiftName, listFilterType: SwiftSyntax.typeName(filter.type) + "?",
                listFilterKeyLiteral: SwiftSyntax.stringLiteral(filter.key), listFilterJoinsWithComma: filter.joinsWithComma,
                listFilterIsLast: index == list.filters.count - 1)
        }
        let enums = list.filters.compactMap(\.inlineEnum).map { info in
            ListFilterEnumContext(
                listEnumName: info.name,
                listEnumCases: info.cases.map { ListEnumCaseContext(listCaseName: SwiftNaming.escaped($0.swiftName), listCaseValueLiteral: SwiftSyntax.stringLiteral($0.value)) })
        }
        var arguments: [ListArgumentContext] = []
        func argument(_ label: String, _ type: String, _ defaultValue: String, _ doc: String, kind: WritableKeyPath<ListArgumentContext, Bool>, key: String? = nil) {
            var result = ListArgumentContext(
                listArgumentLabel: label, listArgumentType: type, listArgumentDefault: defaultValue, listArgumentDoc: doc,
                listArgumentIsFilter: false, listArgumentIsSort: false, listArgumentIsScalar: false, listArgumentIsIncludeLimits: false,
                listArgumentKeyLiteral: key.map(SwiftSyntax.stringLiteral), listArgumentIsLast: false)
            result[keyPath: kind] = true
            arguments.append(result)
        }
        if !filters.isEmpty {
            argument("filter", "\(name).ListFilter", "\(name).ListFilter()", "The filters; those left `nil` are not sent.", kind: \.listArgumentIsFilter)
        }
        if !list.sortKeys.isEmpty {
            argument("sort", "[ListSort<\(name)>]", "[]", "Sort keys, most significant first (`.name.descending`); sent as `\(list.sortParameter)`.", kind: \.listArgumentIsSort, key: list.sortParameter)
        }
        if let limit = list.limit {
            argument("limit", "Int?", "nil", "How many items a page holds at most; sent as `\(limit)`.", kind: \.listArgumentIsScalar, key: limit)
        }
        if let pagination = resource.pagination {
            for (label, parameter) in Validator.pageArguments(of: pagination) {
                let type = label == "cursor" ? "String?" : "Int?"
                let doc = switch label {
                case "page": "The page's number; sent as `\(parameter)`."
                case "pageSize", "limit": "How many items a page holds at most; sent as `\(parameter)`."
                case "offset": "How many items to skip; sent as `\(parameter)`."
                default: "Where the page starts; sent as `\(parameter)`."
                }
                argument(label, type, "nil", doc, kind: \.listArgumentIsScalar, key: parameter)
            }
        }
        let limits = list.includeLimits.enumerated().map { index, limit in
            ListIncludeLimitContext(
                listLimitName: SwiftNaming.escaped(limit.swiftName), listLimitKeyLiteral: SwiftSyntax.stringLiteral(limit.parameter),
                listLimitDoc: SwiftSyntax.docLines("Sent as `\(limit.parameter)`.", remark: list.keyPath + ".includeLimits"), listLimitIsLast: index == list.includeLimits.count - 1)
        }
        if !limits.isEmpty {
            argument("includeLimits", "\(name).IncludeLimits", "\(name).IncludeLimits()", "How many resources of an included to-many each item brings at most.", kind: \.listArgumentIsIncludeLimits)
        }
        if !arguments.isEmpty { arguments[arguments.count - 1].listArgumentIsLast = true }

        var builders: [ListBuilderContext] = []
        let summary = "Lists ``\(name)`` with typed parameters: each one given is a query item of every request of the path, `pages(_:)` and `items(_:)` included."
        switch resource.placement {
        case .root(let path) where resource.operations.contains(.list):
            builders.append(ListBuilderContext(
                listBuilderOwner: name, listBuilderReturnType: "ResourcePath<\(name), Op.List>",
                listBuilderDoc: SwiftSyntax.docLines("\(summary) `GET \(path)`.", remark: list.keyPath), listBuilderReturns: "The path of the request."))
        case .child(let parent, let segment) where resource.operations.contains(.list):
            builders.append(ListBuilderContext(
                listBuilderOwner: name, listBuilderReturnType: "ChildStep<\(name), Op.List>",
                listBuilderDoc: SwiftSyntax.docLines("\(summary) `GET …/\(segment)` below a ``\(parent)``.", remark: list.keyPath),
                listBuilderReturns: "The step of the request."))
        default: break
        }
        for path in resource.paths where path.operations.contains(.list) {
            let owner = "\(name).\(path.swiftName)"
            switch path.placement {
            case .root(let collectionPath):
                builders.append(ListBuilderContext(
                    listBuilderOwner: owner, listBuilderReturnType: "ResourcePath<\(name), Op.List>",
                    listBuilderDoc: SwiftSyntax.docLines("\(summary) `GET \(collectionPath)`.", remark: list.keyPath), listBuilderReturns: "The path of the request."))
            case .child(let parent, let segment):
                builders.append(ListBuilderContext(
                    listBuilderOwner: owner, listBuilderReturnType: "CollectionStep<\(owner), Op.List>",
                    listBuilderDoc: SwiftSyntax.docLines("\(summary) `GET …/\(segment)` below a ``\(parent)``.", remark: list.keyPath),
                    listBuilderReturns: "The step of the request."))
            case .none: break
            }
        }
        context.listParameters = ListParametersContext(
            access: access, spi: spi, listResourceName: name, listHasFilters: !filters.isEmpty,
            listFilterDoc: SwiftSyntax.docLines("The filters of the list of ``\(name)``: each one that is not `nil` is sent.", remark: list.keyPath + ".filters"),
            listFilters: filters, listFilterEnums: enums,
            listHasSortKeys: !list.sortKeys.isEmpty,
            listSortKeys: list.sortKeys.map {
                ListSortKeyContext(
                    listSortName: $0.swiftName, listSortKeyLiteral: SwiftSyntax.stringLiteral($0.wireKey),
                    listSortDoc: SwiftSyntax.docLines("Sorts by `\($0.wireKey)`, ascending (`.descending` for the other way).", remark: list.keyPath + ".sort"))
            },
            listHasIncludeLimits: !limits.isEmpty,
            listIncludeLimitsDoc: SwiftSyntax.docLines("How many resources of each included to-many of ``\(name)`` a list brings per item at most: each one that is not `nil` is sent.", remark: list.keyPath + ".includeLimits"),
            listIncludeLimits: limits, listArguments: arguments, listBuilders: builders)
        return context
    }

    /// How several values of `filter` are sent, for its doc comment.
    private static func joinText(_ filter: ListParametersInfo.Filter) -> String {
        guard case .array = filter.type else { return "" }
        return filter.joinsWithComma ? ", several values joined by commas" : ", once per value"
    }
}
