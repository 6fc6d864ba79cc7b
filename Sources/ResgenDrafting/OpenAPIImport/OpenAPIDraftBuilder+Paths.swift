import ResgenCore
import Foundation
import OpenAPIKit

/// Where resources live: a root collection path, or one segment under a parent's instance; the
/// operations each path declares; the id type from the instance path's parameter; and what the query
/// parameters say (include sets, fieldsets, filters, sorting, paging).
extension OpenAPIDraftBuilder {
    /// A collection path by its segments, parameters compared by position only (`{id}` = `{obj_id}`).
    static func shape<S: Sequence<String>>(_ segments: S) -> [String] {
        segments.map { OpenAPIEndpoint.isParameter($0) ? "{}" : $0 }
    }

    /// The collection path of a collection or instance operation, as written, and its segments.
    private static func collectionPath(of endpoint: OpenAPIEndpoint, instance: Bool) -> (
        text: String, segments: [String]
    ) {
        let segments = instance ? Array(endpoint.segments.dropLast()) : endpoint.segments
        return (
            "/" + segments.joined(separator: "/") + (endpoint.trailingSlash && !segments.isEmpty ? "/" : ""), segments
        )
    }

    /// A collection path a resource is served at, with the operations declared there.
    struct PathUse {
        var text: String
        var segments: [String]
        var operations: [String] = []
        var endpoints: [OpenAPIEndpoint] = []
        var instanceParameter: OpenAPIEndpoint.Parameter?
    }

    /// The resource whose instance path `use` is one segment below (`/parents/{id}/children`), among those
    /// placed so far (by their collection paths' shapes).
    private static func parent(of use: PathUse, in placed: [[String]: Int]) -> Int? {
        guard use.segments.count >= 3, OpenAPIEndpoint.isParameter(use.segments[use.segments.count - 2]) else { return nil }
        return placed[shape(Array(use.segments.dropLast(2)))]
    }

    mutating func place(
        _ drafted: inout [Draft.Resource], roles: [(OpenAPIEndpoint, Role)], requests: inout [OpenAPIEndpoint]
    ) {
        // Each resource's collection paths, first seen first, with the operations of each.
        var uses: [String: [PathUse]] = [:]
        for (endpoint, role) in roles {
            let (key, operation, instance): (String, String, Bool)
            switch role {
            case .collection(let k, let o): (key, operation, instance) = (k, o, false)
            case .instance(let k, let o): (key, operation, instance) = (k, o, true)
            default: continue
            }
            let path = Self.collectionPath(of: endpoint, instance: instance)
            // A segment with a stray brace (`/ar}icles`) is no path resgen reads: the operation is a request,
            // refused there.
            guard (try? PathTemplate.parse(endpoint.path)) != nil,
                !path.segments.contains(where: { !OpenAPIEndpoint.isParameter($0) && ($0.contains("{") || $0.contains("}")) })
            else {
                requests.append(endpoint)
                continue
            }
            var list = uses[key] ?? []
            var index = list.firstIndex { Self.shape($0.segments) == Self.shape(path.segments) }
            if index == nil {
                list.append(PathUse(text: path.text, segments: path.segments))
                index = list.count - 1
            }
            if let index {
                if !list[index].operations.contains(operation) { list[index].operations.append(operation) }
                list[index].endpoints.append(endpoint)
                if instance, list[index].instanceParameter == nil, let last = endpoint.segments.last {
                    let name = String(last.dropFirst().dropLast())
                    list[index].instanceParameter = endpoint.parameters.first {
                        $0.parameter.name == name && $0.parameter.location == .path
                    }
                }
            }
            uses[key] = list
        }
        // Root collections first, so children find their parent's path; then children, level by level, so
        // a grandchild finds its parent's (`/a/{id}/b/{id}/c`).
        var placedShapes: [[String]: Int] = [:]
        var chosenUses: [Int: PathUse] = [:]
        for index in drafted.indices {
            guard
                let use = uses[drafted[index].type]?.first(where: {
                    !$0.segments.contains(where: OpenAPIEndpoint.isParameter)
                })
            else { continue }
            drafted[index].path = use.text
            placedShapes[Self.shape(use.segments)] = index
            chosenUses[index] = use
        }
        var placedOne = true
        while placedOne {
            placedOne = false
            for index in drafted.indices where chosenUses[index] == nil {
                for use in uses[drafted[index].type] ?? [] {
                    // /parents/{id}/children: a child of the resource at /parents.
                    guard let parent = Self.parent(of: use, in: placedShapes), parent != index else { continue }
                    drafted[index].parent = drafted[parent].name
                    drafted[index].path = use.segments[use.segments.count - 1] + (use.text.hasSuffix("/") ? "/" : "")
                    placedShapes[Self.shape(use.segments)] = index
                    chosenUses[index] = use
                    placedOne = true
                    break
                }
            }
        }
        for index in drafted.indices {
            let key = drafted[index].type
            guard let chosen = chosenUses[index] else {
                // Served nowhere the schema language can place it: its operations become requests.
                if let endpoints = uses[key]?.flatMap(\.endpoints), !endpoints.isEmpty {
                    for endpoint in endpoints {
                        warnings.add(
                            endpoint.pointer,
                            "a path of '\(key)' that is neither a root collection nor under a parent's instance: drafted as a request"
                        )
                    }
                    requests += endpoints
                }
                continue
            }
            drafted[index].operations = DraftWriter.allOperations.filter(chosen.operations.contains)
            ownPathEndpoints[index] = chosen.endpoints
            // A path's name becomes a type nested in the resource: an allowed type name that hides no type.
            let (reserved, typeNames) = (reserved, typeNames)
            let isAllowedPathName = { (name: String) in
                let swiftName = SwiftNaming.typeName(name)
                return DraftBuilder.isAllowedTypeName(swiftName, reserved: reserved) && !typeNames.contains(swiftName)
            }
            var names = NameAllocator()
            for other in uses[key] ?? [] where other.text != chosen.text {
                let operations = DraftWriter.allOperations.filter(other.operations.contains)
                let comment = "the same collection, also served at \(other.text)"
                if !other.segments.contains(where: OpenAPIEndpoint.isParameter) {
                    let name = names.claim(DraftBuilder.stableMemberName(other.segments.joined(separator: "-")), suffix: "Path", normalize: DraftBuilder.stableMemberName, isAllowed: isAllowedPathName)
                    drafted[index].furtherPaths.append(
                        .init(name: name, parent: nil, path: other.text, operations: operations, comment: comment))
                    furtherPathEndpoints[index, default: []].append(other.endpoints)
                } else if let parent = Self.parent(of: other, in: placedShapes) {
                    let name = names.claim("in" + drafted[parent].name, suffix: "Path", normalize: DraftBuilder.stableMemberName, isAllowed: isAllowedPathName)
                    let segment = other.segments[other.segments.count - 1] + (other.text.hasSuffix("/") ? "/" : "")
                    drafted[index].furtherPaths.append(
                        .init(name: name, parent: drafted[parent].name, path: segment, operations: operations, comment: comment))
                    furtherPathEndpoints[index, default: []].append(other.endpoints)
                } else {
                    drafted[index].notes.append(
                        "also served at \(other.text) (\(other.operations.joined(separator: ", "))): under no resource's instance, not drafted")
                    for endpoint in other.endpoints {
                        warnings.add(endpoint.pointer, "a second path of '\(key)' under no resource's instance: noted in the draft, not drafted")
                    }
                }
            }
            if let parameter = chosen.instanceParameter { idType(parameter, resource: &drafted[index]) }
            _ = queryNotes(chosen.endpoints, resource: &drafted[index])
        }
        // A `fields[type]` parameter of any operation (a related path's, a request's, not only the type's own
        // list or show) says the API takes sparse fieldsets of that type: App Store Connect names six types
        // only on other resources' paths.
        var fieldsets = Set<String>()
        for (endpoint, _) in roles {
            for parameter in endpoint.parameters where parameter.parameter.location == .query {
                let name = parameter.parameter.name
                if name.hasPrefix("fields["), name.hasSuffix("]") { fieldsets.insert(String(name.dropFirst(7).dropLast())) }
            }
        }
        for index in drafted.indices where fieldsets.contains(drafted[index].type) {
            drafted[index].sparseFieldsets = true
        }
        // Relationship and related endpoints: noted on their owner, one line per path with its methods (the
        // runtime's relationship operations and fetchRelated use them).
        // A relationship the owner declares with its target needs no note: the runtime reaches its
        // endpoints from the relationship (and a further path's instances are the same resources).
        var endpointNotes: [(owner: Int, path: String, methods: [String])] = []
        let owners = ownersByShape(roles)
        let indexByKey = Dictionary(drafted.indices.map { (drafted[$0].type, $0) }) { first, _ in first }
        for (endpoint, role) in roles {
            guard case .relationshipEndpoint = role else { continue }
            let segments = endpoint.segments
            let isRelated = segments[segments.count - 2] != "relationships"
            let collection = Array(segments.dropLast(isRelated ? 2 : 3))
            guard
                let owner = placedShapes[Self.shape(collection)]
                    ?? ownerKey(ofCollection: collection, owners: owners).flatMap({ indexByKey[$0] })
            else {
                warnings.add(endpoint.pointer, "a relationship endpoint under no resource's instance: left out")
                continue
            }
            if let key = segments.last, !OpenAPIEndpoint.isParameter(key),
                drafted[owner].relationships.contains(where: { $0.key == key && ($0.target != nil || !$0.targets.isEmpty) })
            {
                continue
            }
            if let index = endpointNotes.firstIndex(where: { $0.owner == owner && $0.path == endpoint.path }) {
                endpointNotes[index].methods.append(endpoint.methodName)
            } else {
                endpointNotes.append((owner, endpoint.path, [endpoint.methodName]))
            }
        }
        for note in endpointNotes {
            let kind = note.path.contains("/relationships/") ? "relationship endpoint" : "related resources"
            drafted[note.owner].notes.append(
                "\(kind) \(note.path) (\(note.methods.joined(separator: ", "))): the runtime's relationship operations use it"
            )
        }
    }

    /// The id type from the instance path's parameter: `integer` → `Int`, `format: uuid` → `UUID`.
    private mutating func idType(_ parameter: OpenAPIEndpoint.Parameter, resource: inout Draft.Resource) {
        guard resource.id == nil, let (schema, pointer) = parameterSchema(parameter),
            let resolved = resolver.resolve(schema, at: pointer, warnings: &warnings)
        else { return }
        switch resolved.schema.value {
        case .integer:
            resource.id = "Int"
            resource.idComment = "the instance path's '\(parameter.parameter.name)' is an integer (\(pointer))"
        case .string(let core, _) where core.formatString == "uuid":
            resource.id = "UUID"
            resource.idComment = "the instance path's '\(parameter.parameter.name)' is a uuid (\(pointer))"
        default:
            break
        }
    }

    /// A parameter's schema (its `schema`, or the schema of its one `content` entry) and pointer.
    func parameterSchema(_ parameter: OpenAPIEndpoint.Parameter) -> (OASchema, JSONPointer)? {
        switch parameter.parameter.schemaOrContent {
        case .a(let context):
            switch context.schema {
            case .a(let reference): return (OASchema.reference(reference.jsonReference), parameter.pointer / "schema")
            case .b(let schema): return (schema, parameter.pointer / "schema")
            }
        case .b(let content): return jsonSchema(of: content, at: parameter.pointer)
        }
    }

    /// JSON:API: filters, sort keys and limits of the collection GET as the resource's `list:` (see
    /// `listGuess`); HAL: filters and sorting as comments (the schema language's `list:` is JSON:API's
    /// idiom, a HAL API's query parameters are its own). Paging as a comment and `pagination:`, fieldsets as
    /// `sparseFieldsets`.
    /// - Returns: The types named by a `fields[type]` parameter.
    private mutating func queryNotes(_ endpoints: [OpenAPIEndpoint], resource: inout Draft.Resource) -> [String] {
        var fieldsets: [String] = []
        var filters: [String] = []
        var pages: [String] = []
        var sorts = false
        for endpoint in endpoints {
            for parameter in endpoint.parameters where parameter.parameter.location == .query {
                let name = parameter.parameter.name
                if name.hasPrefix("filter[") || name == "filter" {
                    if !filters.contains(name) { filters.append(name) }
                } else if name.hasPrefix("page[") {
                    if !pages.contains(name) { pages.append(name) }
                } else if name == "sort" {
                    sorts = true
                } else if name.hasPrefix("fields[") && name.hasSuffix("]") {
                    let type = String(name.dropFirst("fields[".count).dropLast())
                    if type == resource.type { resource.sparseFieldsets = true }
                    fieldsets.append(type)
                } else if name == "fields" {
                    resource.sparseFieldsets = true
                }
            }
        }
        resource.pagination = paginationGuess(endpoints)
        var listNotes: [String] = []
        if format == .jsonapi, !isPlain,
            let list = endpoints.first(where: { $0.method == .get && !($0.segments.last.map(OpenAPIEndpoint.isParameter) ?? true) })
        {
            resource.list = listGuess(list, resource: resource, notes: &listNotes)
            // The list's own parameters are in `list:` or its notes; a bare `filter` (no brackets) is no idiom
            // of it, and another operation's filters stay comments.
            let read = Set(list.parameters.filter { $0.parameter.location == .query }.map(\.parameter.name))
            filters = filters.filter { $0 == "filter" || !read.contains($0) }
            if read.contains("sort") { sorts = false }
        }
        if !filters.isEmpty {
            resource.notes.append(
                "filters: \(filters.joined(separator: ", ")) (pass them as \(resource.name).query(filter: [name: value]))"
            )
        }
        if sorts { resource.notes.append("sort: accepted (\(resource.name).query(sort: [.descending(.field)]))") }
        resource.notes += listNotes
        if !pages.isEmpty {
            resource.notes.append(
                "paging: \(pages.joined(separator: ", ")) (\(resource.name).query(page: …); client.pages follows the links)"
            )
        }
        return fieldsets
    }

    /// The resource's `pagination:` when its list takes page, offset or cursor parameters and its
    /// response declares no `next` link: from the `meta` the response schema declares (a JSON:API
    /// document's `meta`, a HAL collection's own properties), else from the parameters alone.
    private mutating func paginationGuess(_ endpoints: [OpenAPIEndpoint]) -> PaginationGuess? {
        let paging = ["page", "per_page", "page_size", "offset", "limit", "cursor", "after"]
        for endpoint in endpoints where endpoint.method == .get && !(endpoint.segments.last.map(OpenAPIEndpoint.isParameter) ?? true) {
            let names = endpoint.parameters.filter { $0.parameter.location == .query }.map(\.parameter.name)
            guard names.contains(where: { $0.hasPrefix("page[") || paging.contains($0) }), let body = successBody(endpoint) else { continue }
            // A `next` beside the items (drf-spectacular's pagination envelope) is a link too.
            if property("next", of: body) != nil { return nil }
            let halLinks = property("_links", of: body)
            let meta = property("meta", of: body).map { skeleton($0, depth: 0) } ?? (halLinks != nil ? skeleton(body, depth: 0) : nil)
            let links = (property("links", of: body) ?? halLinks).map { skeleton($0, depth: 0) }
            guard var guess = PaginationGuess.read(
                meta: meta, links: links, queryNames: names, byParametersAlone: true, without: "its list's response declares no next link")
            else { return nil }
            // Pages counted from 0 (Spring, FastAPI's `page: int = 0`): the page parameter's default says.
            if guess.style == "pageNumber", !guess.fields.contains(where: { $0[0] == "firstPage" }),
                let page = endpoint.parameters.first(where: { $0.parameter.location == .query && ["page", "page[number]"].contains($0.parameter.name) }),
                let (schema, pointer) = parameterSchema(page), let resolved = resolver.resolve(schema, at: pointer, warnings: &warnings),
                let first = resolved.defaultValue.flatMap({ "\($0.value)" == "0" ? 0 : nil })
            {
                let at = guess.fields.firstIndex { !["page", "size"].contains($0[0]) } ?? guess.fields.count
                guess.fields.insert(["firstPage", String(first)], at: at)
            }
            return guess
        }
        return nil
    }

    /// A JSON value of `resolved`'s shape (a boolean, a whole number, a string; objects to a depth of
    /// three), which ``PaginationGuess`` reads as it reads a document.
    private mutating func skeleton(_ resolved: ResolvedSchema, depth: Int) -> JSONNode {
        switch resolved.schema.value {
        case .boolean: return .bool(false)
        case .integer: return .number("1", isInteger: true)
        case .number: return .number("1.5", isInteger: false)
        case .string: return .string("x")
        case .object, .all:
            guard depth < 3 else { return .object([]) }
            var members: [JSONNode.Member] = []
            for found in properties(of: resolved) where !["_embedded", "data", "included"].contains(found.name) {
                guard let inner = resolver.resolve(found.schema, at: found.pointer, warnings: &warnings) else { continue }
                members.append(.init(found.name, skeleton(inner, depth: depth + 1)))
            }
            return .object(members)
        default: return .null
        }
    }

    /// The include sets the `include` parameters declare: one per value of their enum (else of their
    /// default), named after its path, and `all` of them when there are several, so that a call names the
    /// few it wants (`including: .builds, .appInfos`). An `include` that takes any string (the common
    /// `{ type: string }`) allows every relationship: one set per relationship and one of them all, said to
    /// be guessed.
    mutating func includeSets(
        of resource: Draft.Resource, resources byKey: [String: Draft.Resource], endpoints: [OpenAPIEndpoint]
    ) -> [Draft.IncludeSet] {
        var values: [String] = []
        var freeForm: JSONPointer?
        for endpoint in endpoints {
            let (enumerated, pointer) = includeValues(endpoint)
            if let pointer, freeForm == nil { freeForm = pointer }
            values += enumerated
        }
        let paths = DocumentReader.unique(
            DocumentReader.unique(values).compactMap { swiftPath($0, from: resource.type, resources: byKey) })
        if paths.isEmpty, let freeForm {
            return freeFormIncludeSets(of: resource, pointer: freeForm)
        }
        let comment = "the values the include parameter declares"
        guard paths.count > 1 else {
            return paths.isEmpty ? [] : [Draft.IncludeSet(name: "all", paths: paths, comment: comment)]
        }
        var names = NameAllocator()
        var sets: [Draft.IncludeSet] = paths.map { path in
            let name = names.claim(
                DraftBuilder.stableMemberName(path.replacingOccurrences(of: ".", with: "-")), suffix: "Include",
                normalize: DraftBuilder.stableMemberName
            ) { $0 != "all" && isAllowedCase($0) }
            return Draft.IncludeSet(name: name, paths: [path], comment: "")
        }
        sets.append(Draft.IncludeSet(name: "all", paths: paths, comment: comment))
        return sets
    }

    /// The values an operation's `include` parameter declares (wire paths, `a,b` defaults split), and the
    /// parameter's pointer when it declares none (it takes any path).
    private mutating func includeValues(_ endpoint: OpenAPIEndpoint) -> (values: [String], freeForm: JSONPointer?) {
        var values: [String] = []
        var freeForm: JSONPointer?
        for parameter in endpoint.parameters
        where parameter.parameter.location == .query && parameter.parameter.name == "include" {
            guard let (schema, pointer) = parameterSchema(parameter),
                let resolved = resolver.resolve(schema, at: pointer, warnings: &warnings)
            else { continue }
            var enumerated = resolved.schema.allowedValues?.compactMap { $0.value as? String } ?? []
            if enumerated.isEmpty, case .array(_, let context) = resolved.schema.value, let items = context.items {
                enumerated = items.allowedValues?.compactMap { $0.value as? String } ?? []
            }
            if enumerated.isEmpty, let text = resolved.defaultValue?.value as? String {
                enumerated = text.split(separator: ",").map(String.init)
            }
            if enumerated.isEmpty, freeForm == nil { freeForm = pointer }
            values += enumerated.flatMap {
                $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            }
        }
        return (values, freeForm)
    }

    /// The include sets of `resource` that every GET of one of its paths accepts (`acceptsIncludes`): a set is
    /// accepted when its paths are among the values of each GET's `include` parameter (none without the
    /// parameter). Nil when the path takes them all, has no GET, or a GET's `include` takes any path.
    mutating func acceptedIncludeSets(
        of resource: Draft.Resource, endpoints: [OpenAPIEndpoint], resources byKey: [String: Draft.Resource]
    ) -> [String]? {
        let reads = endpoints.filter { $0.method == .get }
        guard !resource.includes.isEmpty, !reads.isEmpty else { return nil }
        var accepted: Set<String>?
        for endpoint in reads {
            let (values, freeForm) = includeValues(endpoint)
            if freeForm != nil { return nil }
            let paths = Set(values.compactMap { swiftPath($0, from: resource.type, resources: byKey) })
            accepted = accepted.map { $0.intersection(paths) } ?? paths
        }
        let sets = resource.includes.filter { set in set.paths.allSatisfy { accepted?.contains($0) ?? false } }
        return sets.count == resource.includes.count ? nil : sets.map(\.name)
    }

    /// For an `include` parameter that takes any path: a set per drafted relationship, and `all` of them
    /// when there are several (deeper paths are the user's to add).
    private func freeFormIncludeSets(of resource: Draft.Resource, pointer: JSONPointer) -> [Draft.IncludeSet] {
        let names = resource.relationships.filter { $0.target != nil || !$0.targets.isEmpty }.map(\.name)
        guard !names.isEmpty else { return [] }
        let comment = "guessed: the include parameter takes any path (\(pointer))"
        var sets = names.map { Draft.IncludeSet(name: $0, paths: [$0], comment: comment) }
        if names.count > 1, !names.contains("all") {
            sets.append(Draft.IncludeSet(name: "all", paths: names, comment: comment))
        }
        return sets
    }

    /// `comments.author` in wire keys → the same path in relationship names, or nil.
    private func swiftPath(_ wirePath: String, from key: String, resources: [String: Draft.Resource]) -> String? {
        var current = [key]
        var steps: [String] = []
        for step in wirePath.split(separator: ".", omittingEmptySubsequences: false) {
            let found = current.compactMap { key in
                resources[key]?.relationships.first { $0.key == step && ($0.target != nil || !$0.targets.isEmpty) }
            }
            guard let first = found.first, found.allSatisfy({ $0.name == first.name }) else { return nil }
            steps.append(first.name)
            current = DocumentReader.unique(found.flatMap(\.targetKeys))
        }
        return steps.isEmpty ? nil : steps.joined(separator: ".")
    }
}
