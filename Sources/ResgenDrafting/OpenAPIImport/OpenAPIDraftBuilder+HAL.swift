import ResgenCore
import OpenAPIKit

/// HAL resources: the response schemas with `_links` (an instance) or `_embedded` holding one array of
/// them (a collection), keyed by their component's name (else the collection's path segment);
/// attributes are their other properties, relationships their `_embedded` members and the relations their
/// `_links` declare that name a resource (else links).
extension OpenAPIDraftBuilder {
    mutating func halResources(_ endpoints: [OpenAPIEndpoint]) -> ([Draft.Resource], [OpenAPIEndpoint]) {
        var roles = endpoints.map { ($0, halRole($0)) }
        bodilessOperations(&roles)
        var requests = roles.filter { if case .request = $0.1 { true } else { false } }.map(\.0)
        for key in resourceKeys {
            let name = claimTypeName(DraftBuilder.stableTypeName(Inflection.singular(key)), suffix: "Resource")
            resources[key]?.name = name
        }
        indexResourceStems()
        var drafted = resourceKeys.compactMap { resources[$0] }.map { halResource($0) }
        place(&drafted, roles: roles, requests: &requests)
        return (drafted, requests)
    }

    private mutating func halRole(_ endpoint: OpenAPIEndpoint) -> Role {
        guard let body = successBody(endpoint) else { return .request }
        let isInstance = endpoint.segments.last.map(OpenAPIEndpoint.isParameter) ?? false
        var schema = body
        var many = false
        // A GET of a collection path answers a page whose `_embedded` lists the items; anything else
        // answers one resource (which may embed others).
        if !isInstance, endpoint.method == .get, let item = embeddedItems(body) {
            schema = item
            many = true
        } else if !isHALResource(body) {
            return .request
        }
        // The key (the schema's `type:`, as infer drafts it): the collection's path segment, as a collection's
        // `_embedded` key and self links name it; the component's, once one path named it.
        let collection = (isInstance ? endpoint.segments.dropLast().last : endpoint.segments.last).flatMap {
            OpenAPIEndpoint.isParameter($0) ? nil : $0
        }
        guard
            let key = schema.component.flatMap({ halComponentKeys[$0] }) ?? collection
                ?? schema.component.map({ DraftBuilder.stableMemberName($0) })
        else {
            return .request
        }
        if let component = schema.component, halComponentKeys[component] == nil { halComponentKeys[component] = key }
        if resources[key] == nil {
            resourceKeys.append(key)
            resources[key] = ResourceEvidence(key: key, typeSource: collection == key ? "path" : "component")
        }
        resources[key]?.responseSchemas.append(schema)
        switch (isInstance, endpoint.method) {
        case (false, .get) where many: return .collection(key: key, operation: "list")
        case (false, .post): return .collection(key: key, operation: "create")
        case (true, .get) where !many: return .instance(key: key, operation: "show")
        case (true, .put): return .instance(key: key, operation: "replace")
        case (true, .patch): return .instance(key: key, operation: "patch")
        case (true, .delete): return .instance(key: key, operation: "delete")
        default: return .request
        }
    }

    private mutating func halResource(_ evidence: ResourceEvidence) -> Draft.Resource {
        var resource = Draft.Resource(name: evidence.name, type: evidence.key)
        resource.operationsSource = "the operations the document declares"
        resource.typeComment =
            evidence.typeSource == "path" ? "the collection's path segment" : "named after its schema's component"
        var members = NameAllocator()
        // `id` is the resource's id (its type below), `_links` and `_embedded` the format's.
        var seen: Set<String> = ["_links", "_embedded", "id"]
        if let first = evidence.responseSchemas.first, let id = property("id", of: first),
            case .integer = id.schema.value
        {
            resource.id = "Int"
            resource.idComment = "its 'id' is an integer (\(id.pointer))"
        }
        var linkNames = NameAllocator()
        for schema in evidence.responseSchemas {
            resource.description = resource.description ?? schema.description
            let required = requiredProperties(of: schema)
            for field in properties(of: schema) where seen.insert(field.name).inserted {
                resource.attributes.append(
                    attribute(
                        field.name, schema: field.schema, pointer: field.pointer,
                        required: required.contains(field.name), owner: evidence.name, kind: .resourceAttribute,
                        members: &members))
            }
            guard let embedded = property("_embedded", of: schema) else { continue }
            for field in properties(of: embedded) where seen.insert("_embedded/" + field.name).inserted {
                guard var target = resolver.resolve(field.schema, at: field.pointer, warnings: &warnings) else {
                    continue
                }
                var toMany = false
                if case .array(_, let context) = target.schema.value, let items = context.items,
                    let item = resolver.resolve(items, at: target.pointer / "items", warnings: &warnings)
                {
                    target = item
                    toMany = true
                }
                let name = members.claim(
                    DraftBuilder.stableMemberName(DocumentReader.relationName(field.name)), suffix: "Value",
                    normalize: DraftBuilder.stableMemberName
                ) {
                    isAllowedMember($0, kind: .resourceRelationship)
                }
                var relationship = Draft.Relationship(
                    name: name, key: field.name, toMany: toMany, optional: !toMany, comment: nil)
                if let component = target.component, let key = halComponentKeys[component], let known = resources[key] {
                    relationship.target = known.name
                    relationship.comment = "embedded under '\(field.name)'"
                } else {
                    relationship.comment =
                        "embedded resources of no schema the document's operations answer (\(field.pointer))"
                    warnings.add(field.pointer, "an embedded member whose schema matches no resource")
                }
                resource.relationships.append(relationship)
            }
        }
        for schema in evidence.responseSchemas {
            guard let links = property("_links", of: schema) else { continue }
            for field in properties(of: links) where !Self.formatRelations.contains(field.name) {
                guard !resource.relationships.contains(where: { $0.key == field.name }),
                    !resource.links.contains(where: { $0.rel == field.name })
                else { continue }
                let resolved = resolver.resolve(field.schema, at: field.pointer, warnings: &warnings)
                var toMany = false
                if let resolved, case .array = resolved.schema.value { toMany = true }
                guard let key = targetKey(guessedFrom: DocumentReader.relationName(field.name)), let target = resources[key]
                else {
                    let name = linkNames.claim(
                        DraftBuilder.stableMemberName(DocumentReader.relationName(field.name)), suffix: "Link",
                        normalize: DraftBuilder.stableMemberName
                    ) { isAllowedMember($0, kind: .link) && $0 != "unknown" }
                    resource.links.append(Draft.Link(name: name, rel: field.name, templated: false))
                    continue
                }
                let name = members.claim(
                    DraftBuilder.stableMemberName(DocumentReader.relationName(field.name)), suffix: "Value",
                    normalize: DraftBuilder.stableMemberName
                ) { isAllowedMember($0, kind: .resourceRelationship) }
                var relationship = Draft.Relationship(
                    name: name, key: field.name, toMany: toMany, optional: !toMany, comment: nil)
                relationship.target = target.name
                relationship.comment = "a link; target guessed from its relation name (\(field.pointer))"
                warnings.add(field.pointer, "a link relation whose target the document does not say: guessed '\(key)' from its name")
                resource.relationships.append(relationship)
            }
        }
        return resource
    }

    /// Link relations HAL itself uses, never a relationship.
    static let formatRelations: Set<String> = ["self", "curies", "profile", "next", "prev", "previous", "first", "last"]
}
