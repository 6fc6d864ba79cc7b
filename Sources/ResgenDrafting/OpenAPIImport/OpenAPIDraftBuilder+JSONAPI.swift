import ResgenCore
import OpenAPIKit

/// JSON:API resources: the resource-object schemas of the documents the operations answer (or take),
/// grouped by their `type`; their collection and instance paths, nesting and operations; attributes
/// and relationships from the resource-object schemas; include sets, fieldsets, filters, sorting and
/// paging from the query parameters.
extension OpenAPIDraftBuilder {
    /// How one operation relates to a resource.
    enum Role {
        case collection(key: String, operation: String)
        case instance(key: String, operation: String)
        /// `/…/{id}/relationships/<name>` or `/…/{id}/{related_field}`: noted on its owner.
        case relationshipEndpoint
        /// A `GET` of a root collection whose primary data is of several resource types: a union's path.
        case polymorphicCollection(keys: [String])
        case request
    }

    mutating func jsonapiResources(_ endpoints: [OpenAPIEndpoint]) -> ([Draft.Resource], [OpenAPIEndpoint]) {
        var roles = endpoints.map { ($0, jsonapiRole($0)) }
        bodilessOperations(&roles)
        var requests = roles.filter { if case .request = $0.1 { true } else { false } }.map(\.0)
        // Names: every type seen (as primary data or a relationship's target) named once, in first-seen order.
        var relationshipTargets: [String] = []
        for key in resourceKeys {
            for schema in resources[key]?.responseSchemas ?? [] {
                relationshipTargets += relationshipShapes(schema).flatMap(\.targets)
            }
        }
        for key in DocumentReader.unique(relationshipTargets) where resources[key] == nil {
            resourceKeys.append(key)
            resources[key] = ResourceEvidence(key: key, typeSource: "target")
        }
        includedEvidence(roles)
        indexLinkTargets(roles)
        for key in resourceKeys {
            let name = claimTypeName(DraftBuilder.stableTypeName(Inflection.singular(key)), suffix: "Resource")
            resources[key]?.name = name
        }
        indexResourceStems()
        var drafted = resourceKeys.compactMap { resources[$0] }.map { draftResource($0) }
        place(&drafted, roles: roles, requests: &requests)
        // Each resource's collection and instance endpoints, and the resources by type, made once (each
        // resource scanned every role and indexed every resource: quadratic in the document).
        var endpointsByKey: [String: [OpenAPIEndpoint]] = [:]
        for (endpoint, role) in roles {
            switch role {
            case .collection(let key, _), .instance(let key, _): endpointsByKey[key, default: []].append(endpoint)
            default: continue
            }
        }
        let byKey = Dictionary(drafted.map { ($0.type, $0) }) { first, _ in first }
        for index in drafted.indices {
            drafted[index].includes = includeSets(
                of: drafted[index], resources: byKey, endpoints: endpointsByKey[drafted[index].type] ?? [])
        }
        // Which of them each path takes: App Store Connect declares an `include` enum per operation, and a related
        // path (`/v1/appCategories/{id}/subcategories`) often takes fewer values than the resource's own, or none.
        for index in drafted.indices where !drafted[index].includes.isEmpty {
            if let accepted = acceptedIncludeSets(of: drafted[index], endpoints: ownPathEndpoints[index] ?? [], resources: byKey) {
                drafted[index].acceptsIncludes = accepted
                drafted[index].acceptsIncludesComment =
                    accepted.isEmpty ? "its path's GET operations declare no include values of these sets" : "the sets whose values its path's GET operations all declare"
            }
            for (position, endpoints) in (furtherPathEndpoints[index] ?? []).enumerated() where position < drafted[index].furtherPaths.count {
                drafted[index].furtherPaths[position].acceptsIncludes = acceptedIncludeSets(of: drafted[index], endpoints: endpoints, resources: byKey)
            }
        }
        for (endpoint, role) in roles {
            guard case .polymorphicCollection(let keys) = role else { continue }
            unions.append(polymorphicUnion(endpoint, keys: keys))
        }
        return (drafted, requests)
    }

    /// A union for a root collection whose primary data is of several types (`GET /items` answering books
    /// and films), named after its path's last segment.
    private mutating func polymorphicUnion(_ endpoint: OpenAPIEndpoint, keys: [String]) -> Draft.Union {
        let stem = endpoint.segments.last.map { DraftBuilder.stableTypeName(Inflection.singular($0)) } ?? "Item"
        let name = claimTypeName(stem, suffix: "Union")
        let path = "/" + endpoint.segments.joined(separator: "/") + (endpoint.trailingSlash ? "/" : "")
        var union = Draft.Union(
            name: name, type: nil, members: keys.compactMap { resources[$0]?.name },
            membersComment: "its primary data is of these types (\(endpoint.pointer))", path: path,
            pathComment: "a polymorphic collection: \(name).list()", discriminator: nil, discriminatorComment: nil)
        union.operationsComment = "the document declares a GET; a union has no other operation"
        return union
    }

    /// Types no primary data holds (seen only as relationships' targets) take the resource objects of the
    /// first response whose `included` lists them (App Store Connect's `buildBundles`, only ever included
    /// with a build): their attributes and relationships, instead of an empty resource.
    mutating func includedEvidence(_ roles: [(OpenAPIEndpoint, Role)]) {
        var missing = Set(resourceKeys.filter {
            resources[$0].map { $0.responseSchemas.isEmpty && $0.requestSchemas.isEmpty } ?? false
        })
        guard !missing.isEmpty else { return }
        for (endpoint, _) in roles where endpoint.method == .get {
            guard let body = successBody(endpoint), let included = property("included", of: body),
                case .array(_, let context) = included.schema.value, let items = context.items,
                let item = resolver.resolve(items, at: included.pointer / "items", warnings: &warnings)
            else { continue }
            for member in alternatives(item) where isResourceObject(member) {
                guard let (key, _) = typeKey(of: member), missing.remove(key) != nil else { continue }
                resources[key]?.responseSchemas.append(member)
                resources[key]?.includedOnly = true
            }
            if missing.isEmpty { return }
        }
    }

    /// The collection path shapes of each resource type: of its list and create operations, and of the
    /// collections its instance operations are under (the first type seen at a shape keeps it).
    func ownersByShape(_ roles: [(OpenAPIEndpoint, Role)]) -> [[String]: String] {
        var owners: [[String]: String] = [:]
        for (endpoint, role) in roles {
            switch role {
            case .collection(let key, _):
                owners[Self.shape(endpoint.segments)] = owners[Self.shape(endpoint.segments)] ?? key
            case .instance(let key, _):
                owners[Self.shape(endpoint.segments.dropLast())] =
                    owners[Self.shape(endpoint.segments.dropLast())] ?? key
            default: break
            }
        }
        return owners
    }

    /// The resource type whose instances are at `collection` + `/{id}`: the one served at that collection,
    /// else the type its last segment names (`/v1/inAppPurchasePricePoints/{id}/equalizations`: no path
    /// lists `inAppPurchasePricePoints`, JSON:API servers name collections after their type).
    func ownerKey(ofCollection collection: [String], owners: [[String]: String]) -> String? {
        if let owner = owners[Self.shape(collection)] { return owner }
        guard let last = collection.last, resources[last] != nil else { return nil }
        return last
    }

    /// Reads the relationships' targets from the endpoints under the owners' instances, for relationship
    /// objects that carry only `links` (App Store Connect's `App.betaTesters`): the related resources
    /// (`GET /apps/{id}/betaGroups` answering a collection of `betaGroups`, or `GET /apps/{id}/ciProduct`
    /// one `ciProducts`), and the relationship endpoints' linkage (`/apps/{id}/relationships/betaTesters`
    /// answering or taking identifiers of `betaTesters`, as App Store Connect's `…LinkagesResponse` and
    /// `…LinkagesRequest`). Only types drafted as resources count.
    mutating func indexLinkTargets(_ roles: [(OpenAPIEndpoint, Role)]) {
        let owners = ownersByShape(roles)
        for (endpoint, role) in roles {
            let segments = endpoint.segments
            guard segments.count >= 3, let last = segments.last, !OpenAPIEndpoint.isParameter(last) else { continue }
            var found: (owner: [String], target: String, toMany: Bool, isRelated: Bool)?
            switch role {
            case .collection(let target, "list") where OpenAPIEndpoint.isParameter(segments[segments.count - 2]):
                found = (Array(segments.dropLast(2)), target, true, true)
            case .request where endpoint.method == .get && OpenAPIEndpoint.isParameter(segments[segments.count - 2]):
                // A to-one's related resource: one resource object, drafted as a request.
                guard let body = successBody(endpoint), let data = documentData(body), !data.many else { continue }
                let keys = DocumentReader.unique(data.members.filter(isResourceObject).compactMap { typeKey(of: $0)?.key })
                guard keys.count == 1 else { continue }
                found = (Array(segments.dropLast(2)), keys[0], false, true)
            case .relationshipEndpoint where segments.count >= 4 && segments[segments.count - 2] == "relationships":
                let body = successBody(endpoint) ?? requestBody(endpoint)
                guard let body, let data = documentData(body) else { continue }
                let keys = DocumentReader.unique(data.members.filter(isIdentifier).compactMap { typeKey(of: $0)?.key })
                guard keys.count == 1 else { continue }
                found = (Array(segments.dropLast(3)), keys[0], data.many, false)
            default:
                continue
            }
            guard let found, let owner = ownerKey(ofCollection: found.owner, owners: owners),
                resources[found.target] != nil
            else { continue }
            let target = LinkTarget(key: found.target, toMany: found.toMany, path: endpoint.path, isRelated: found.isRelated)
            if !(linkTargets[owner]?[last]?.contains(target) ?? false) {
                linkTargets[owner, default: [:]][last, default: []].append(target)
            }
        }
    }

    /// Operations that answer and take no document (a `DELETE` answered with 204) on the paths of a
    /// resource: that resource's.
    mutating func bodilessOperations(_ roles: inout [(OpenAPIEndpoint, Role)]) {
        let owners = ownersByShape(roles)
        for index in roles.indices {
            guard case .request = roles[index].1 else { continue }
            let endpoint = roles[index].0
            let isInstance = endpoint.segments.last.map(OpenAPIEndpoint.isParameter) ?? false
            guard let key = owners[Self.shape(isInstance ? Array(endpoint.segments.dropLast()) : endpoint.segments)],
                successBody(endpoint) == nil, requestBody(endpoint) == nil
            else { continue }
            switch (isInstance, endpoint.method) {
            case (true, .delete): roles[index].1 = .instance(key: key, operation: "delete")
            default: continue
            }
        }
    }

    /// What `endpoint` is: a collection or instance operation of a resource, a relationship endpoint, or
    /// a request. Records the resource-object schemas it answers or takes.
    private mutating func jsonapiRole(_ endpoint: OpenAPIEndpoint) -> Role {
        let segments = endpoint.segments
        if segments.count >= 3, segments[segments.count - 2] == "relationships",
            OpenAPIEndpoint.isParameter(segments[segments.count - 3])
        {
            return .relationshipEndpoint
        }
        // `/articles/{id}/{related_field}`: the related resources of any relationship (one path for all).
        if segments.count >= 3, OpenAPIEndpoint.isParameter(segments[segments.count - 1]),
            OpenAPIEndpoint.isParameter(segments[segments.count - 2])
        {
            return .relationshipEndpoint
        }
        var keys: [String] = []
        var many = false
        if let body = successBody(endpoint) {
            if let data = documentData(body) {
                many = data.many
                for member in data.members where isResourceObject(member) {
                    guard let (key, source) = typeKey(of: member) else { continue }
                    record(key, source: source, schema: member, response: true)
                    keys.append(key)
                }
                // A resource type without fields (App Store Connect's appKeywords: `type`, `id` and `links`):
                // an identifier carries no `links`, so one that does is a resource object.
                if keys.isEmpty, endpoint.method == .get {
                    for member in data.members where isIdentifier(member) && property("links", of: member) != nil {
                        guard let (key, source) = typeKey(of: member) else { continue }
                        record(key, source: source, schema: member, response: true)
                        keys.append(key)
                    }
                }
                if keys.isEmpty, !data.members.contains(where: isIdentifier) {
                    warnings.add(
                        body.pointer, "a JSON:API document whose data matches no resource object: drafted as a request")
                }
            }
        }
        // The resource objects a write takes: their attributes the responses lack are write-only.
        var requestKeys: [String] = []
        if [.post, .put, .patch].contains(endpoint.method), let body = requestBody(endpoint),
            let data = documentData(body)
        {
            for member in data.members where isResourceObject(member) {
                guard let (key, source) = typeKey(of: member) else { continue }
                record(key, source: source, schema: member, response: false)
                requestKeys.append(key)
            }
        }
        if keys.isEmpty { keys = requestKeys }
        keys = DocumentReader.unique(keys)
        let isInstance = segments.last.map(OpenAPIEndpoint.isParameter) ?? false
        guard keys.count == 1, let key = keys.first else {
            if keys.count > 1 {
                // The schema language places a polymorphic collection at an absolute path only.
                if endpoint.method == .get, many, !segments.contains(where: OpenAPIEndpoint.isParameter) {
                    return .polymorphicCollection(keys: keys)
                }
                warnings.add(
                    endpoint.pointer,
                    "primary data of several resource types (\(keys.joined(separator: ", "))) not listed at a root path: left as a request"
                )
            }
            return .request
        }
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

    private mutating func record(_ key: String, source: String, schema: ResolvedSchema, response: Bool) {
        if resources[key] == nil {
            resourceKeys.append(key)
            resources[key] = ResourceEvidence(key: key, typeSource: source)
        }
        if response {
            resources[key]?.responseSchemas.append(schema)
        } else {
            resources[key]?.requestSchemas.append(schema)
        }
    }

    // MARK: one resource

    private mutating func draftResource(_ evidence: ResourceEvidence) -> Draft.Resource {
        var resource = Draft.Resource(name: evidence.name, type: evidence.key)
        resource.operationsSource = "the operations the document declares"
        let schemas = evidence.responseSchemas.isEmpty ? evidence.requestSchemas : evidence.responseSchemas
        guard let first = schemas.first else {
            resource.typeComment = "only seen as a relationship's target: no schema of its own in the document"
            return resource
        }
        if evidence.typeSource == "default" {
            resource.typeComment = "the default of its 'type' (\(first.pointer)/properties/type)"
        }
        if evidence.responseSchemas.isEmpty {
            resource.notes.append("drafted from request bodies only: no response holds it")
        } else if evidence.includedOnly {
            resource.notes.append("drafted from a response's included resources (\(first.pointer)): no primary data holds it")
        }
        resource.description = first.description
        var members = NameAllocator()
        var seen: Set<String> = []
        // Attributes: of every response schema (a list's and a detail's may differ), first seen first.
        for schema in schemas {
            guard let attributes = property("attributes", of: schema) else { continue }
            let required = requiredProperties(of: attributes)
            for field in properties(of: attributes) where seen.insert(field.name).inserted {
                resource.attributes.append(
                    attribute(
                        field.name, schema: field.schema, pointer: field.pointer,
                        required: required.contains(field.name), owner: evidence.name, kind: .resourceAttribute,
                        members: &members))
            }
        }
        // Attributes only requests carry (a password): write-only, as the server never sends them back.
        if !evidence.responseSchemas.isEmpty {
            for schema in evidence.requestSchemas {
                guard let attributes = property("attributes", of: schema) else { continue }
                let required = requiredProperties(of: attributes)
                for field in properties(of: attributes) where seen.insert(field.name).inserted {
                    var attribute = attribute(
                        field.name, schema: field.schema, pointer: field.pointer,
                        required: required.contains(field.name), owner: evidence.name, kind: .resourceAttribute,
                        members: &members)
                    guard attribute.type != nil, !attribute.readOnly else { continue }
                    attribute.writeOnly = true
                    attribute.comment = [attribute.comment, "only request bodies carry it (\(field.pointer))"]
                        .compactMap { $0 }.joined(separator: "; ")
                    resource.attributes.append(attribute)
                }
            }
        }
        if let id = property("id", of: first), case .string(let core, _) = id.schema.value, core.formatString == "uuid"
        {
            resource.id = "UUID"
            resource.idComment = "its 'id' is a uuid (\(id.pointer))"
        }
        for schema in schemas {
            for shape in relationshipShapes(schema) where seen.insert(shape.key).inserted {
                resource.relationships.append(relationship(shape, owner: evidence.key, members: &members))
            }
        }
        return resource
    }

    /// One relationship as the schema declares it.
    struct RelationshipShape {
        var key: String
        var pointer: JSONPointer
        var toMany: Bool
        var optional: Bool
        var targets: [String]
        var description: String?
        /// Why it cannot be drafted as the document says it.
        var problem: String?
        /// Its linkage is an identifier whose `type` is any string: the document's generic
        /// `ResourceIdentifier`, as hand-written and many generated documents have it.
        var untypedLinkage = false
        /// It has no `data` (only `links` or `meta`): the endpoints under its owner may name the target.
        var noLinkage = false
    }

    /// The relationships of a resource-object schema.
    mutating func relationshipShapes(_ schema: ResolvedSchema) -> [RelationshipShape] {
        guard let relationships = property("relationships", of: schema) else { return [] }
        return properties(of: relationships).map { field in
            var shape = RelationshipShape(
                key: field.name, pointer: field.pointer, toMany: false, optional: false, targets: [])
            guard let object = resolver.resolve(field.schema, at: field.pointer, warnings: &warnings) else {
                shape.problem = "its schema cannot be resolved"
                return shape
            }
            shape.description = object.description
            guard var data = property("data", of: object) else {
                shape.problem =
                    "a relationship object without 'data', and no endpoint under its owner's instances answers or takes resources of one type: its target is unknown"
                shape.noLinkage = true
                return shape
            }
            // drf-spectacular-jsonapi marks the relationship object nullable for a null linkage.
            shape.optional = data.nullable || object.nullable
            if case .array(_, let context) = data.schema.value {
                shape.toMany = true
                guard let items = context.items,
                    let item = resolver.resolve(items, at: data.pointer / "items", warnings: &warnings)
                else {
                    shape.problem = "its linkage array has no 'items'"
                    return shape
                }
                data = item
            }
            for member in alternatives(data) where isIdentifier(member) {
                if let (key, _) = typeKey(of: member), !shape.targets.contains(key) { shape.targets.append(key) }
            }
            if shape.targets.isEmpty {
                shape.problem = "its linkage names no resource type (an enum, const or default of 'type')"
                shape.untypedLinkage = true
            }
            return shape
        }
    }

    private mutating func relationship(_ shape: RelationshipShape, owner: String, members: inout NameAllocator)
        -> Draft.Relationship
    {
        let name = members.claim(
            DraftBuilder.stableMemberName(shape.key), suffix: "Value", normalize: DraftBuilder.stableMemberName
        ) { isAllowedMember($0, kind: .resourceRelationship) }
        var drafted = Draft.Relationship(
            name: name, key: shape.key, toMany: shape.toMany, optional: shape.optional, comment: nil)
        drafted.description = shape.description
        var targets = shape.targets
        if shape.noLinkage, let found = linkTargets[owner]?[shape.key], !found.isEmpty {
            // The related resources' path first (the issue's rule), else the relationship endpoint's linkage.
            let related = found.filter(\.isRelated)
            let chosen = related.isEmpty ? found : related
            let kinds = Set(chosen.map { "\($0.key)\($0.toMany)" })
            guard kinds.count == 1 else {
                let said = chosen.map { "\($0.path) (\($0.toMany ? "many" : "one") \($0.key))" }.joined(separator: ", ")
                let problem = "a relationship object without 'data' whose endpoints disagree on its target: \(said)"
                warnings.add(shape.pointer, problem)
                drafted.comment = "\(problem) (\(shape.pointer))"
                return drafted
            }
            let first = chosen[0]
            drafted.toMany = first.toMany
            drafted.targetKeys = [first.key]
            drafted.target = resources[first.key]?.name
            drafted.comment =
                "target from \(first.isRelated ? "its related resources at" : "the linkage of") \(first.path); the relationship object has only links"
            return drafted
        }
        if let problem = shape.problem {
            guard shape.untypedLinkage, let guess = targetKey(guessedFrom: shape.key) else {
                warnings.add(shape.pointer, problem)
                drafted.comment = "\(problem) (\(shape.pointer))"
                return drafted
            }
            warnings.add(shape.pointer, "\(problem): guessed '\(guess)' from its key")
            drafted.comment = "target guessed from its key; the linkage names no type (\(shape.pointer))"
            targets = [guess]
        }
        let names = targets.compactMap { resources[$0]?.name }
        drafted.targetKeys = targets
        if names.count == 1 {
            drafted.target = names[0]
        } else {
            drafted.targets = names
            drafted.comment = "polymorphic: its linkage allows \(targets.joined(separator: ", "))"
        }
        if shape.optional {
            drafted.comment = [drafted.comment, "nullable linkage"].compactMap { $0 }.joined(separator: "; ")
        }
        return drafted
    }
}
