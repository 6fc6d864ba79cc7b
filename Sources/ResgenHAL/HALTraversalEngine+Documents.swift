import Foundation
@_spi(Generated) @_spi(Testing) import ResgenRuntimeCore

/// Traversal of untyped ``HALDocument``s (``Client/resource(at:includes:options:)``): each included
/// relation is taken from `_embedded`, else fetched from its links, and stored in the document's
/// ``HALDocument/embedded`` — through the same scheduler as generated resources.
extension HALTraversalEngine {
    /// The document at `url`, decoded once per call.
    ///
    /// - Parameter path: The include path being followed (empty for the call's own document), for errors.
    package func loadDocument(_ url: URL, path: String) async throws -> HALDocument {
        try await decoded(HALDocument.self, url, path: path) { [client] raw in
            try client.decode(raw) { try HALCodec.decode(HALDocument.self, from: raw.body, context: $0) }
        }
    }

    /// The collection document at `url` (read by ``HALCollectionReader``, as typed calls read one), decoded
    /// once per call and `name`.
    ///
    /// - Parameter name: The relation or resource type the items are expected under, if known.
    func loadCollectionDocument(_ url: URL, named name: String?, path: String) async throws -> HALDocumentCollection {
        try await decoded(HALDocumentCollection.self, url, variant: name ?? "", path: path) { [client] raw in
            try client.decode(raw) { context in
                let decoder = HALCodec.decoder(context).copy(addingUserInfo: name.map { [.halCollectionItemsName: $0] } ?? [:])
                return try decoder.decodeUsingTape(HALDocumentCollection.self, from: raw.body)
            }
        }
    }

    /// The document a link at `node` points to, resolved along `node`: once per call and URL, shared by
    /// every link to it.
    func followDocument(_ url: URL, _ node: IncludeTree) async throws -> HALDocument {
        guard !node.children.isEmpty else { return try await loadDocument(url, path: node.path) }
        return try await shared(HALDocument.self, url, node) { try await self.resolve(self.loadDocument(url, path: node.path), node) }
    }

    /// The items of the collection a link at `node` points to (under `rel`), each resolved along `node`
    /// (the items count against the resource budget): once per call and URL.
    func followCollectionDocument(_ url: URL, named rel: String, _ node: IncludeTree) async throws -> [HALDocument] {
        try await shared([HALDocument].self, url, node) {
            let items = try await self.loadCollectionDocument(url, named: rel, path: node.path).items
            try await self.state.resolve(items.count, path: node.path)
            return try await self.resolveEach(items) { try await self.resolve($0, node) }
        }
    }

    /// `document` with the relations of `tree` embedded: taken from `_embedded`, else fetched. A bracketed
    /// relation with a single link is a collection; its items are embedded.
    package func resolve(_ document: HALDocument, _ tree: IncludeTree) async throws -> HALDocument {
        guard !tree.children.isEmpty else { return document }
        let jobs = try tree.children.compactMap { try job(for: $0, in: document) }
        var document = document
        for (job, items) in zip(jobs, try await run(jobs)) {
            guard let documents = items?.compactMap({ $0 as? HALDocument }) else { continue }
            if job.collectsMany {
                document.embedded[job.key] = .many(documents)
            } else if let first = documents.first {
                document.embedded[job.key] = .one(first)
            }
        }
        return document
    }

    /// The work for one included relation of `document`; nil when it has neither embedded resources nor
    /// links for it.
    private func job(for child: IncludeTree.Child, in document: HALDocument) throws -> Job? {
        let rel = child.step.rel, node = child.node
        let spelling = document.links.spellings(of: rel).first { document.embedded[$0] != nil } ?? rel
        let links = document.links[rel]
        if let present = document.embedded[spelling], !options.alwaysFetch || links == nil {
            let items = present.documents
            return Job(key: spelling, path: node.path, parts: items.map { item in
                { try await self.guarded(node, nil) { [try await self.resolve(item, node)] } }
            }, collectsMany: { if case .many = present { true } else { false } }())
        }
        switch links {
        case .many(let array):
            // An array of links: each is one related resource.
            let urls = try targets(array, for: node)
            return Job(key: rel, path: node.path, parts: urls.map { url in
                { try await self.guarded(node, url) { [try await self.followDocument(url, node)] } }
            })
        case .one(let link):
            // One link: the resource, or for a bracketed relation the collection of them.
            guard let target = try target(link, path: node.path).map({ url($0, for: node) }) else { return nil }
            let isCollection = child.step.isToMany
            return Job(key: rel, path: node.path, parts: [{
                try await self.guarded(node, target) { () async throws -> [any Sendable] in
                    guard isCollection else { return [try await self.followDocument(target, node)] }
                    return try await self.followCollectionDocument(target, named: rel, node)
                }
            }], collectsMany: isCollection)
        case nil:
            return nil
        }
    }
}
