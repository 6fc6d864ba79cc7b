import ResgenCore
import OpenAPIKit

/// Reading the hypermedia in JSON Schemas: JSON:API documents, resource objects, relationship objects and
/// resource identifiers, HAL resources. Shapes, not names: a schema is a resource object when it has
/// `type` and `attributes` or `relationships`, whatever its component is called.
extension OpenAPIDraftBuilder {
    /// The properties of an object schema (the members of an `allOf` merged), with each property's pointer.
    func properties(of resolved: ResolvedSchema, depth: Int = 0) -> [(
        name: String, schema: OASchema, pointer: JSONPointer
    )] {
        // An `allOf` that includes itself (`A: { allOf: [$ref A, …] }`) would never end.
        guard depth < 16 else { return [] }
        switch resolved.schema.value {
        case .object(_, let context):
            return context.properties.map { ($0.key, $0.value, resolved.pointer / "properties" / $0.key) }
        case .all(let members, _):
            var result: [(name: String, schema: OASchema, pointer: JSONPointer)] = []
            var log = WarningLog()
            for (index, member) in members.enumerated() {
                guard
                    let inner = resolver.resolve(member, at: resolved.pointer / "allOf" / String(index), warnings: &log)
                else { continue }
                for property in properties(of: inner, depth: depth + 1)
                where !result.contains(where: { $0.name == property.name }) { result.append(property) }
            }
            return result
        default:
            return []
        }
    }

    /// The property `name` of `resolved`, resolved.
    mutating func property(_ name: String, of resolved: ResolvedSchema) -> ResolvedSchema? {
        guard let found = properties(of: resolved).first(where: { $0.name == name }) else { return nil }
        return resolver.resolve(found.schema, at: found.pointer, warnings: &warnings)
    }

    /// Whether `resolved` is a JSON:API resource object: `type` and `attributes` or `relationships`.
    func isResourceObject(_ resolved: ResolvedSchema) -> Bool {
        let names = Set(properties(of: resolved).map(\.name))
        return names.contains("type") && (names.contains("attributes") || names.contains("relationships"))
    }

    /// Whether `resolved` is a resource identifier: `type` and `id`, no fields.
    func isIdentifier(_ resolved: ResolvedSchema) -> Bool {
        let names = Set(properties(of: resolved).map(\.name))
        return names.contains("type") && names.contains("id") && !names.contains("attributes")
            && !names.contains("relationships")
    }

    /// Whether `resolved` is a HAL resource: an object with `_links` or `_embedded`.
    func isHALResource(_ resolved: ResolvedSchema) -> Bool {
        let names = Set(properties(of: resolved).map(\.name))
        return names.contains("_links") || names.contains("_embedded")
    }

    /// The type a resource object or identifier declares: its `type` property's `enum`/`const` (one
    /// string), else its `default` (as fastapi-jsonapi writes it), with how it was found.
    mutating func typeKey(of resolved: ResolvedSchema) -> (key: String, source: String)? {
        guard let type = property("type", of: resolved) else { return nil }
        if let values = type.schema.allowedValues, values.count == 1, let key = values[0].value as? String {
            return (key, "enum")
        }
        if let key = type.defaultValue?.value as? String { return (key, "default") }
        warnings.add(type.pointer, "the resource type is neither an enum, a const nor a default: not one type")
        return nil
    }

    /// The primary data of a JSON:API document schema: the resource object schemas under `data` (one, or
    /// several through `oneOf`/`anyOf`) and whether `data` is an array.
    mutating func documentData(_ resolved: ResolvedSchema) -> (members: [ResolvedSchema], many: Bool)? {
        guard properties(of: resolved).contains(where: { $0.name == "data" }), var data = property("data", of: resolved)
        else {
            return paginatedResults(resolved)
        }
        var many = false
        if case .array(_, let context) = data.schema.value {
            guard let items = context.items,
                let item = resolver.resolve(items, at: data.pointer / "items", warnings: &warnings)
            else { return nil }
            data = item
            many = true
        }
        return (alternatives(data), many)
    }

    /// The members of a `oneOf`/`anyOf` (resolved, `null` left out), or `resolved` itself.
    mutating func alternatives(_ resolved: ResolvedSchema) -> [ResolvedSchema] {
        switch resolved.schema.value {
        case .one(let members, _), .any(let members, _):
            let keyword: String
            if case .one = resolved.schema.value { keyword = "oneOf" } else { keyword = "anyOf" }
            return members.enumerated().compactMap { index, member in
                member.isNull
                    ? nil
                    : resolver.resolve(member, at: resolved.pointer / keyword / String(index), warnings: &warnings)
            }
        default:
            return [resolved]
        }
    }

    /// drf-spectacular-jsonapi describes a paginated list in Django REST framework's shape (`count`,
    /// `next`, `previous`, `results`), which djangorestframework-jsonapi's renderer writes as a JSON:API
    /// document (`data`, `links`, `meta`): `results` of resource objects are read as the list, with a warning.
    private mutating func paginatedResults(_ resolved: ResolvedSchema) -> (members: [ResolvedSchema], many: Bool)? {
        guard properties(of: resolved).contains(where: { $0.name == "results" }),
            let results = property("results", of: resolved),
            case .array(_, let context) = results.schema.value, let items = context.items,
            let item = resolver.resolve(items, at: results.pointer / "items", warnings: &warnings),
            isResourceObject(item)
        else { return nil }
        warnings.add(
            results.pointer,
            "a list described as 'results' (Django REST framework's pagination) of resource objects: read as a JSON:API document whose 'data' is that list"
        )
        return ([item], true)
    }
}
