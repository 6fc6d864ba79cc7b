/// Resources and objects become structs, and a struct cannot contain itself: an attribute whose type
/// is a resource or object (optional or not, but not inside an array or dictionary, which store their
/// elements elsewhere) makes its type part of the owner's storage. A cycle of such attributes
/// validated but did not compile ("value type 'Node' cannot have a stored property that recursively
/// contains it").
extension Validator {
    /// One attribute that stores a resource or object inline.
    private struct Edge {
        var owner: String
        var attribute: String
        var target: String
        var location: SourceLocation
    }

    /// Reports each cycle of attributes that store their owner inline, once, at its first attribute.
    func checkContainmentCycles(_ schema: Schema, resources: [ResourceInfo], objects: [ObjectInfo]) {
        // Declaration order, for stable reports.
        var declarations: [(name: String, attributes: [AttributeDecl])] = schema.resources.map { (swiftTypeName($0.name.value), $0.attributes) }
        declarations += schema.objects.map { (swiftTypeName($0.name.value), $0.attributes) }
        let validated = Dictionary(resources.map { ($0.name, $0.attributes) } + objects.map { ($0.name, $0.attributes) }, uniquingKeysWith: { first, _ in first })
        var edges: [String: [Edge]] = [:]
        var order: [String] = []
        for (owner, decls) in declarations where edges[owner] == nil {
            order.append(owner)
            edges[owner] = (validated[owner] ?? []).compactMap { property in
                guard let target = Self.storedInline(property.type), validated[target] != nil else { return nil }
                let decl = decls.first { $0.name.value == property.name }
                return Edge(owner: owner, attribute: property.name, target: target, location: decl?.type?.location ?? decl?.name.location ?? schema.api?.location ?? SourceLocation(file: "", line: 1, column: 1))
            }
        }
        var reported: Set<String> = []
        for owner in order where !reported.contains(owner) {
            for edge in edges[owner] ?? [] {
                guard let path = Self.path(from: edge.target, to: owner, edges: edges) else { continue }
                let cycle = [owner] + path
                reported.formUnion(cycle)
                let shown = cycle.map { "'\($0)'" }.joined(separator: " → ")
                diagnostics.emit(.error(
                    "attribute '\(edge.attribute)' of '\(owner)' makes '\(owner)' contain itself (\(shown)); a struct cannot contain itself, use an array ('[\(edge.target)]') or a relationship",
                    at: edge.location))
                break
            }
        }
    }

    /// The resource or object a value of `type` stores inline, if any.
    private static func storedInline(_ type: TypeRef) -> String? {
        switch type {
        case .resource(let name), .object(let name): name
        case .optional(let wrapped): storedInline(wrapped)
        default: nil
        }
    }

    /// The types from `start` to `goal` along inline attributes (both ends included), if `goal` is reachable.
    private static func path(from start: String, to goal: String, edges: [String: [Edge]]) -> [String]? {
        var previous: [String: String] = [start: start]
        var queue = [start]
        while !queue.isEmpty {
            let current = queue.removeFirst()
            if current == goal {
                var path = [current]
                while let last = path.last, last != start, let before = previous[last] { path.append(before) }
                return path.reversed()
            }
            for edge in edges[current] ?? [] where previous[edge.target] == nil {
                previous[edge.target] = current
                queue.append(edge.target)
            }
        }
        return nil
    }
}
