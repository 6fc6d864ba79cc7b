/// A resource's `list:` (typed list parameters).
extension SchemaDecoder {
    /// Reads `list: { filters: { … }, sort: [name, -…], limit: limit, includeLimits: [builds] }`.
    func decodeListParameters(_ node: RawNode?, keyLocation: SourceLocation?, context: String) -> ListParametersDecl? {
        guard let node, let keyLocation, !node.isNull else { return nil }
        guard var reader = MappingReader(node, shape: .listParameters, context: context, diagnostics: diagnostics) else { return nil }
        var decl = ListParametersDecl(keyLocation: keyLocation)
        forEachEntry(reader.value("filters"), context: context + ".filters") { entry in
            decl.filters.append(decodeListFilter(entry, context: context + ".filters.\(entry.key)"))
        }
        decl.sortLocation = reader.keyLocation("sort")
        decl.sortKeys = decodeNamedValues(reader.value("sort"), context: context + ".sort", what: "a sort key") ?? []
        decl.sortParameter = reader.string("sortParameter")
        decl.limit = reader.string("limit")
        decl.includeLimits = decodeNamedValues(reader.value("includeLimits"), context: context + ".includeLimits", what: "a relationship") ?? []
        reader.finish()
        return decl
    }

    private func decodeListFilter(_ entry: RawNode.Entry, context: String) -> ListParametersDecl.Filter {
        var filter = ListParametersDecl.Filter(name: Located(entry.key, at: entry.keyLocation))
        if entry.value.entries == nil {
            filter.type = ScalarReader.string(entry.value, what: "a filter type", diagnostics: diagnostics)
            return filter
        }
        guard var reader = MappingReader(entry.value, shape: .listFilter, context: context, diagnostics: diagnostics) else { return filter }
        filter.type = reader.string("type")
        filter.key = reader.string("key")
        filter.valuesLocation = reader.keyLocation("values")
        filter.values = decodeNamedValues(reader.value("values"), context: context + ".values", what: "a filter value")
        filter.join = reader.string("join")
        filter.description = reader.string("description")?.value
        reader.finish()
        return filter
    }

    /// A list of values, each a scalar or a one-entry mapping `name: value` (as an enum's `values`);
    /// nil when absent.
    func decodeNamedValues(_ node: RawNode?, context: String, what: String) -> [EnumDecl.Value]? {
        guard let node, !node.isNull else { return nil }
        guard let elements = node.elements else {
            diagnostics.emit(.error("expected a list for '\(context)', found \(node.kindDescription)", at: node.location))
            return nil
        }
        var values: [EnumDecl.Value] = []
        for element in elements {
            if let pairs = element.entries {
                guard pairs.count == 1, let pair = pairs.first else {
                    diagnostics.emit(.error("a mapping in '\(context)' names one entry: '- name: value'", at: element.location))
                    continue
                }
                if let value = ScalarReader.string(pair.value, what: "\(what) '\(pair.key)'", diagnostics: diagnostics) {
                    values.append(.init(caseName: Located(pair.key, at: pair.keyLocation), value: value))
                }
            } else if let value = ScalarReader.string(element, what: what, diagnostics: diagnostics) {
                values.append(.init(caseName: nil, value: value))
            }
        }
        return values
    }
}
