import ResgenCore
import OpenAPIKit

/// An OpenAPI document in, a ``Draft`` out: the format from media types and schema shapes, resources
/// from the resource-object schemas of the responses (JSON:API) or the schemas with `_links` (HAL),
/// their paths and operations from the path items, and every other operation as a request.
///
/// Pure and deterministic: the same document gives the same draft and the same warnings.
struct OpenAPIDraftBuilder {
    let document: OpenAPI.Document
    let apiName: String
    let resolver: SchemaResolver
    var warnings = WarningLog()
    /// Type names in use (resources, objects, enums, requests, the API).
    var typeNames: NameAllocator
    var reserved: GeneratedNames
    var format: WireFormat = .jsonapi

    var objects: [Draft.Object] = []
    var enums: [Draft.Enum] = []
    /// Type names of the components made objects or enums so far (and those being made).
    var componentTypes: [String: String] = [:]
    /// The objects whose members are being drafted, outermost first (a member of one of these types
    /// would make a struct contain itself).
    var objectsBeingBuilt: [String] = []
    /// HAL: the resource key of each component drafted as a resource.
    var halComponentKeys: [String: String] = [:]
    /// The version the document states (before a 3.0 document is converted).
    var statedVersion: String?

    /// JSON:API unions: the polymorphic collections.
    var unions: [Draft.Union] = []
    /// The operations of each placed resource's own path (by its index among the drafted resources) and of each of
    /// its further paths (parallel to its `furtherPaths`), as `place` found them: what `acceptsIncludes` reads.
    var ownPathEndpoints: [Int: [OpenAPIEndpoint]] = [:]
    var furtherPathEndpoints: [Int: [[OpenAPIEndpoint]]] = [:]

    /// The JSON:API resources by type key, in first-seen order.
    var resourceKeys: [String] = []
    var resources: [String: ResourceEvidence] = [:]

    /// What the endpoints under a resource's instances say of its relationships: by the owner's type key,
    /// then the relationship's key (see `indexLinkTargets`).
    var linkTargets: [String: [String: [LinkTarget]]] = [:]

    /// A relationship's target as one endpoint under its owner's instance answers or takes it.
    struct LinkTarget: Hashable {
        var key: String
        var toMany: Bool
        /// The endpoint's path, and whether it is the related resources' (else the relationship endpoint's).
        var path: String
        var isRelated: Bool
    }

    /// The resource type keys by the stem of their key and of their name (see `targetKey(guessedFrom:)`),
    /// indexed once the resources are named.
    var keysByStem: [String: [String]] = [:]

    /// What the document says of one resource type.
    struct ResourceEvidence {
        var key: String
        var name: String = ""
        var typeSource: String
        /// Resource object schemas of responses, then of request bodies.
        var responseSchemas: [ResolvedSchema] = []
        var requestSchemas: [ResolvedSchema] = []
        /// Its response schema is one of a response's `included` resources: no primary data holds it.
        var includedOnly = false
    }

    init(document: OpenAPI.Document, apiName: String) {
        self.document = document
        self.apiName = apiName
        self.resolver = SchemaResolver(components: document.components)
        self.typeNames = NameAllocator(taken: [apiName])
        self.reserved = GeneratedNames.forTemplates(.defaults, format: .jsonapi)
    }

    /// The draft.
    mutating func build(source: String) -> Draft {
        let endpoints = OpenAPIEndpoint.all(in: document, warnings: &warnings)
        format = detectFormat(endpoints)
        reserved = GeneratedNames.forTemplates(.defaults, format: format)
        var drafted: [Draft.Resource] = []
        var requestEndpoints: [OpenAPIEndpoint] = []
        switch format {
        case .jsonapi:
            (drafted, requestEndpoints) = jsonapiResources(endpoints)
        case .hal:
            (drafted, requestEndpoints) = halResources(endpoints)
        }
        let requests = requestEndpoints.map { request($0) }
        let title = document.info.title
        var header = [
            "Drafted by `resgen import-openapi` from \(source) (\(title.isEmpty ? "untitled" : "'\(title)'"), OpenAPI \(statedVersion ?? document.openAPIVersion.rawValue)).",
            "Comments say what was guessed or left out, with the JSON pointer of the document where it stands: check each.",
        ]
        if isPlain {
            header.append(
                "No resource format (JSON:API or HAL) was found: every operation is a request, and `format: hal` only names a wire format the schema language needs."
            )
        }
        return Draft(
            name: apiName, format: format, baseURL: baseURL(), header: header, resources: drafted, unions: unions,
            objects: objects, entryPoints: [], enums: enums, requests: requests)
    }

    /// Whether the document showed neither format (plain JSON: requests only).
    var isPlain = false

    /// The first server's URL when it is an absolute http(s) URL.
    private func baseURL() -> String? {
        guard let url = document.servers.first?.urlTemplate.absoluteString,
            url.hasPrefix("http://") || url.hasPrefix("https://"), !url.contains("{")
        else { return nil }
        return url
    }

    // MARK: format

    /// JSON:API when a media type is `application/vnd.api+json` or a response's schema is a document of
    /// resource objects; HAL for `application/hal+json` or a schema with `_links`/`_embedded`; else plain.
    private mutating func detectFormat(_ endpoints: [OpenAPIEndpoint]) -> WireFormat {
        var mediaTypes: [String] = []
        var jsonapiShapes = 0
        var halShapes = 0
        for endpoint in endpoints {
            for (_, either) in endpoint.operation.responses {
                guard let response = try? document.components.lookup(either) else { continue }
                for (contentType, _) in response.content { mediaTypes.append(contentType.typeAndSubtype.lowercased()) }
            }
            if let body = successBody(endpoint) {
                if let data = documentData(body), data.members.contains(where: isResourceObject) { jsonapiShapes += 1 }
                if isHALResource(body) || (embeddedItems(body) != nil) { halShapes += 1 }
            }
        }
        if mediaTypes.contains("application/vnd.api+json") || jsonapiShapes > 0 { return .jsonapi }
        if mediaTypes.contains("application/hal+json") || halShapes > 0 { return .hal }
        isPlain = true
        return .hal
    }

    // MARK: bodies

    /// The media types read, best first.
    static let preferredMediaTypes = ["application/vnd.api+json", "application/hal+json", "application/json"]

    /// The schema of `content`'s best JSON media type, with its pointer.
    func jsonSchema(of content: OpenAPI.Content.Map, at pointer: JSONPointer) -> (OASchema, JSONPointer)? {
        // The best-ranked JSON media type that has a schema (FastAPI lists `application/hal+json: {}` beside
        // `application/json` with the schema); a media type `$ref` that does not resolve has none.
        for type in content.keys.sorted(by: { rank($0) < rank($1) }) where rank(type) < Int.max {
            guard let either = content[type], let media = try? document.components.lookup(either),
                let schema = media.schema
            else { continue }
            return (schema, pointer / "content" / type.rawValue / "schema")
        }
        return nil
    }

    private func rank(_ type: OpenAPI.ContentType) -> Int {
        let name = type.typeAndSubtype.lowercased()
        if let index = Self.preferredMediaTypes.firstIndex(of: name) { return index }
        return name.hasSuffix("+json") || name == "*/*" ? Self.preferredMediaTypes.count : Int.max
    }

    /// Where the first 2xx response with a JSON body has an empty schema (`{}`: it says nothing of the
    /// body), else nil.
    func emptySuccessSchema(_ endpoint: OpenAPIEndpoint) -> JSONPointer? {
        for (status, either) in endpoint.operation.responses where status.isSuccess {
            let pointer = endpoint.pointer / "responses" / status.rawValue
            guard let response = try? document.components.lookup(either),
                let (schema, schemaPointer) = jsonSchema(of: response.content, at: pointer)
            else { continue }
            return schema.isEmpty ? schemaPointer : nil
        }
        return nil
    }

    /// The schema of the first 2xx response with a JSON body, resolved.
    mutating func successBody(_ endpoint: OpenAPIEndpoint) -> ResolvedSchema? {
        for (status, either) in endpoint.operation.responses where status.isSuccess {
            let pointer = endpoint.pointer / "responses" / status.rawValue
            guard let response = try? document.components.lookup(either) else {
                warnings.add(pointer, "the response's reference does not resolve")
                continue
            }
            guard let (schema, schemaPointer) = jsonSchema(of: response.content, at: pointer) else { continue }
            if schema.isEmpty { return nil }
            return resolver.resolve(schema, at: schemaPointer, warnings: &warnings)
        }
        return nil
    }

    /// The JSON request body's schema, resolved.
    mutating func requestBody(_ endpoint: OpenAPIEndpoint) -> ResolvedSchema? {
        guard let either = endpoint.operation.requestBody else { return nil }
        let pointer = endpoint.pointer / "requestBody"
        guard let request = try? document.components.lookup(either) else {
            warnings.add(pointer, "the request body's reference does not resolve")
            return nil
        }
        guard let (schema, schemaPointer) = jsonSchema(of: request.content, at: pointer), !schema.isEmpty else {
            return nil
        }
        return resolver.resolve(schema, at: schemaPointer, warnings: &warnings)
    }

    /// HAL: the items of a collection document (`_embedded` with one array property of HAL resources).
    mutating func embeddedItems(_ resolved: ResolvedSchema) -> ResolvedSchema? {
        guard let embedded = property("_embedded", of: resolved) else { return nil }
        let members = properties(of: embedded)
        guard members.count == 1,
            let member = resolver.resolve(members[0].schema, at: members[0].pointer, warnings: &warnings),
            case .array(_, let context) = member.schema.value, let items = context.items,
            let item = resolver.resolve(items, at: member.pointer / "items", warnings: &warnings), isHALResource(item)
        else { return nil }
        return item
    }

    /// A name's stem for matching a relationship to a resource type: singular, lowercased, letters and
    /// digits only (`order-items`, `orderItems` and `OrderItem` are one stem).
    static func stem(_ word: String) -> String {
        Inflection.singular(word).lowercased().filter { $0.isLetter || $0.isNumber }
    }

    /// Indexes the resource types by the stems of their keys and names, once they are named.
    mutating func indexResourceStems() {
        keysByStem = [:]
        for key in resourceKeys {
            for stem in Set([Self.stem(key), Self.stem(resources[key]?.name ?? "")]) where !stem.isEmpty {
                keysByStem[stem, default: []].append(key)
            }
        }
    }

    /// The one resource type a relationship's key names, singular or plural (`comments` → `comments`,
    /// `article` → `articles`, `order-items` → `order_items`), for linkage that names no type; `nil` when
    /// no type or several match (`author` names none: the draft says so and the user writes the target).
    func targetKey(guessedFrom key: String) -> String? {
        let matches = keysByStem[Self.stem(key)] ?? []
        return matches.count == 1 ? matches[0] : nil
    }
}
