import Foundation

/// A HAL resource without a schema: its properties as ``JSONValue``s, its links, and its embedded
/// resources (those the server embedded, and those a traversal fetched).
public struct HALDocument: Hashable, Sendable, Decodable {
    /// What one embedded relation holds (kept as the server wrote it: an object or an array).
    public enum Embedded: Hashable, Sendable {
        /// One embedded resource.
        case one(HALDocument)
        /// An array of embedded resources.
        case many([HALDocument])

        /// The resources, as an array either way.
        public var documents: [HALDocument] {
            switch self {
            case .one(let document): [document]
            case .many(let documents): documents
            }
        }
    }

    /// Every property but `_links` and `_embedded`.
    public var properties: [String: JSONValue]
    /// The `_links`.
    public var links: HALLinks
    /// The `_embedded` resources by relation, as written (a traversal adds what it fetched).
    public var embedded: [String: Embedded]

    /// Creates a document.
    public init(properties: [String: JSONValue] = [:], links: HALLinks = HALLinks(), embedded: [String: Embedded] = [:]) {
        self.properties = properties
        self.links = links
        self.embedded = embedded
    }

    /// The property `name`.
    public subscript(name: String) -> JSONValue? { properties[name] }

    /// The embedded resources of `rel` under any of its spellings (CURIEs), as an array.
    public func embedded(_ rel: String) -> [HALDocument]? {
        for spelling in links.spellings(of: rel) {
            if let value = embedded[spelling] { return value.documents }
        }
        return nil
    }

    /// The first embedded resource of `rel`.
    public func embeddedOne(_ rel: String) -> HALDocument? { embedded(rel)?.first }

    /// The whole document as a JSON value (properties, `_links`, `_embedded`), as a dictionary tree.
    public var json: JSONValue {
        var object = properties
        if !links.isEmpty {
            object["_links"] = .object(links.relations.mapValues { value in
                switch value {
                case .one(let link): Self.json(link)
                case .many(let links): .array(links.map(Self.json))
                }
            })
        }
        if !embedded.isEmpty {
            object["_embedded"] = .object(embedded.mapValues { value in
                switch value {
                case .one(let document): document.json
                case .many(let documents): .array(documents.map(\.json))
                }
            })
        }
        return .object(object)
    }

    private static func json(_ link: HALLink) -> JSONValue {
        var object: [String: JSONValue] = ["href": .string(link.url?.absoluteString ?? link.href)]
        if link.templated { object["templated"] = .bool(true) }
        for (key, value) in [("type", link.type), ("deprecation", link.deprecation), ("name", link.name), ("profile", link.profile), ("title", link.title), ("hreflang", link.hreflang)] {
            if let value { object[key] = .string(value) }
        }
        return .object(object)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: HALKey.self)
        var properties: [String: JSONValue] = [:]
        var links = HALLinks()
        var embedded: [String: Embedded] = [:]
        for key in container.allKeys {
            switch key.stringValue {
            case "_links":
                links = try container.decode(HALLinks.self, forKey: key)
            case "_embedded":
                let nested = try container.nestedContainer(keyedBy: HALKey.self, forKey: key)
                for rel in nested.allKeys {
                    if let many = try? nested.decode([HALDocument].self, forKey: rel) {
                        embedded[rel.stringValue] = .many(many)
                    } else {
                        embedded[rel.stringValue] = .one(try nested.decode(HALDocument.self, forKey: rel))
                    }
                }
            default:
                properties[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
            }
        }
        self.properties = properties
        self.links = links
        self.embedded = embedded
    }
}

/// A HAL collection without a schema: the items, the page metadata and the links (`next`…).
public struct HALCollection: Hashable, Sendable {
    /// The items (the `_embedded` array; see ``Client/collection(at:includes:options:)``).
    public var items: [HALDocument]
    /// Every top-level property but `_links` and `_embedded` (page numbers, totals…).
    public var metadata: [String: JSONValue]
    /// The collection's `_links`.
    public var links: HALLinks
    /// The URL of the next page.
    public var next: URL? { links.link("next")?.url }
}

/// Untyped access, as Halley's manual traversal: any HAL API, no schema. Include strings are Halley's
/// (`[contacts]`, `[contacts].website`, `website`); each names a relation of the document, fetched when
/// not embedded (or always, with ``HALTraversalOptions/alwaysFetch``). The traversal options hold at every
/// depth; every URL is fetched at most once per call.
extension Client {
    /// Fetches the resource at `url` (absolute, or relative to the base URL) with `includes` resolved into
    /// its ``HALDocument/embedded``.
    public func resource(at url: URL, includes: [String] = [], options: HALTraversalOptions? = nil) async throws -> HALDocument {
        try await traverseDocument(at: url, includes: includes, options: options).value
    }

    /// Like ``resource(at:includes:options:)``, with the failures left unresolved and the request count.
    public func traverseDocument(at url: URL, includes: [String] = [], options: HALTraversalOptions? = nil) async throws -> HALTraversal<HALDocument> {
        let engine = HALTraversalEngine(client: self, options: options ?? halOptions, headers: [])
        let tree = try UntypedTree(includes)
        let document = try await engine.loadDocument(absolute(url))
        let value = try await engine.resolve(document, tree)
        return HALTraversal(value: value, failures: await engine.state.failures, requestCount: await engine.state.issued)
    }

    /// Fetches the collection at `url`: its items (with `includes` resolved in each) and metadata.
    public func collection(at url: URL, includes: [String] = [], options: HALTraversalOptions? = nil) async throws -> HALCollection {
        let engine = HALTraversalEngine(client: self, options: options ?? halOptions, headers: [])
        let tree = try UntypedTree(includes)
        let document = try await engine.loadDocument(absolute(url))
        let items = HALTraversalEngine.items(of: document)
        let resolved = try await withThrowingTaskGroup(of: (Int, HALDocument).self) { group in
            for (index, item) in items.enumerated() { group.addTask { (index, try await engine.resolve(item, tree)) } }
            var result = items
            for try await (index, item) in group { result[index] = item }
            return result
        }
        return HALCollection(items: resolved, metadata: document.properties, links: document.links)
    }

    private func absolute(_ url: URL) -> URL {
        url.scheme == nil ? URL(string: url.relativeString, relativeTo: baseURL)?.absoluteURL ?? url : url
    }
}

/// Untyped include strings merged into a tree of relation names.
struct UntypedTree: Sendable {
    struct Child: Sendable {
        var rel: String
        var isToMany: Bool
        var node: UntypedTree
    }

    var path = ""
    var children: [Child] = []

    init() {}

    init(_ includes: [String]) throws {
        for include in includes { insert(try IncludeString.parse(include)[...]) }
    }

    private mutating func insert(_ steps: ArraySlice<(name: String, bracketed: Bool)>) {
        guard let step = steps.first else { return }
        if let index = children.firstIndex(where: { $0.rel == step.name }) {
            children[index].isToMany = children[index].isToMany || step.bracketed
            children[index].node.insert(steps.dropFirst())
        } else {
            var node = UntypedTree()
            let text = step.bracketed ? "[\(step.name)]" : step.name
            node.path = path.isEmpty ? text : path + "." + text
            node.insert(steps.dropFirst())
            children.append(Child(rel: step.name, isToMany: step.bracketed, node: node))
        }
    }
}

extension HALTraversalEngine {
    func loadDocument(_ url: URL) async throws -> HALDocument {
        let raw = try await response(url)
        return try client.decode(raw) { try HALCodec.decode(HALDocument.self, from: raw.body, context: $0) }
    }

    /// The items of a collection document: the `_embedded` array (the only entry, else the first array).
    static func items(of document: HALDocument) -> [HALDocument] {
        if document.embedded.count == 1, let only = document.embedded.values.first { return only.documents }
        for key in document.embedded.keys.sorted() {
            if case .many(let items) = document.embedded[key] { return items }
        }
        return []
    }

    /// `document` with the relations of `tree` embedded: taken from `_embedded`, else fetched. A bracketed
    /// relation with a single link is a collection; its items are embedded.
    func resolve(_ document: HALDocument, _ tree: UntypedTree) async throws -> HALDocument {
        guard !tree.children.isEmpty else { return document }
        var document = document
        try await withThrowingTaskGroup(of: (String, HALDocument.Embedded?).self) { group in
            for child in tree.children {
                let spelling = document.links.spellings(of: child.rel).first { document.embedded[$0] != nil } ?? child.rel
                let links = document.links[child.rel]
                if let present = document.embedded[spelling], !options.alwaysFetch || links == nil {
                    group.addTask {
                        try await self.guardedUntyped(child.node, nil) {
                            switch present {
                            case .one(let item): .one(try await self.resolve(item, child.node))
                            case .many(let items): .many(try await self.resolveAll(items, child.node))
                            }
                        }.map { (spelling, $0) } ?? (spelling, nil)
                    }
                    continue
                }
                switch links {
                case .many(let array):
                    let urls = try array.compactMap { try target($0, path: child.node.path) }
                    group.addTask {
                        let items = try await withThrowingTaskGroup(of: (Int, HALDocument?).self) { inner in
                            for (index, url) in urls.enumerated() {
                                inner.addTask { (index, try await self.guardedUntyped(child.node, url) { try await self.resolve(self.loadDocument(url), child.node) }) }
                            }
                            var result = [HALDocument?](repeating: nil, count: urls.count)
                            for try await (index, item) in inner { result[index] = item }
                            return result
                        }
                        return (child.rel, items.contains { $0 == nil } ? nil : .many(items.compactMap { $0 }))
                    }
                case .one(let link):
                    guard let url = try target(link, path: child.node.path) else { continue }
                    group.addTask {
                        let value = try await self.guardedUntyped(child.node, url) { () async throws -> HALDocument.Embedded in
                            let fetched = try await self.loadDocument(url)
                            if child.isToMany { return .many(try await self.resolveAll(Self.items(of: fetched), child.node)) }
                            return .one(try await self.resolve(fetched, child.node))
                        }
                        return (child.rel, value)
                    }
                case nil:
                    continue
                }
            }
            for try await (rel, value) in group {
                if let value { document.embedded[rel] = value }
            }
        }
        return document
    }

    private func resolveAll(_ items: [HALDocument], _ tree: UntypedTree) async throws -> [HALDocument] {
        guard !tree.children.isEmpty else { return items }
        return try await withThrowingTaskGroup(of: (Int, HALDocument).self) { group in
            for (index, item) in items.enumerated() { group.addTask { (index, try await self.resolve(item, tree)) } }
            var result = items
            for try await (index, item) in group { result[index] = item }
            return result
        }
    }

    private func guardedUntyped<T: Sendable>(_ node: UntypedTree, _ url: URL?, _ part: @Sendable () async throws -> T) async throws -> T? {
        var tree = IncludeTree()
        tree.path = node.path
        return try await guarded(tree, url, part)
    }
}
