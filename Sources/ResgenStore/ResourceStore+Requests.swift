import Foundation
@_spi(Generated) import ResgenRuntimeCore
import ResgenJSONAPI

/// Request types through the store: a schema's free-form `GET` request whose response is resources
/// (`SearchArticles(term:)` answering articles) is read, merged and watched like a list.
///
/// What it answered is kept as a list of its own, keyed by the request's path and query (its default
/// and instance items), so the same request with other parameters is another list; the resources in it
/// are the store's one record each, shared with every other read. A request type whose response is one
/// resource is kept as a list of one.
///
/// Only reads are stored: a request type of another method (a `POST` that changes the server) is sent
/// through the client, not the store.
extension ResourceStore {
    /// Sends a `GET` request type whose response is resources, with the relationships of `includes`,
    /// and merges what it answered; watchers of the request see its members.
    ///
    /// ```swift
    /// let found = try await store.fetch(SearchArticles(term: "swift"), including: .withAuthor)
    /// for await articles in await store.watch(SearchArticles(term: "swift"), including: .withAuthor) { … }
    /// ```
    public func fetch<Request: IncludingRequest>(_ request: Request, including includes: Request.Include...) async throws -> Request.Response
    where Request.Response == [Request.Include.Root], Request.Include.Root: JSONAPIResource {
        try await fetchMany(request, includes: Self.paths(includes))
    }

    /// Sends a `GET` request type whose response is resources and merges what it answered.
    public func fetch<Request: APIRequest, R: JSONAPIResource>(_ request: Request) async throws -> [R] where Request.Response == [R] {
        try await fetchMany(request, includes: [])
    }

    /// Sends a `GET` request type whose response is one resource, with the relationships of `includes`,
    /// and merges it.
    public func fetch<Request: IncludingRequest>(_ request: Request, including includes: Request.Include...) async throws -> Request.Response
    where Request.Response == Request.Include.Root, Request.Include.Root: JSONAPIResource {
        try await fetchOne(request, includes: Self.paths(includes))
    }

    /// Sends a `GET` request type whose response is one resource and merges it.
    public func fetch<Request: APIRequest, R: JSONAPIResource>(_ request: Request) async throws -> R where Request.Response == R {
        try await fetchOne(request, includes: [])
    }

    /// What the store holds for a request type it read with the same includes (its members as stored
    /// now); nil when it never read that request.
    public func peek<Request: IncludingRequest>(_ request: Request, including includes: Request.Include...) -> Request.Response?
    where Request.Response == [Request.Include.Root], Request.Include.Root: JSONAPIResource {
        let includes = Self.paths(includes)
        guard let key = try? requestKey(request, includes: includes), let primary = graph.list(key) else { return nil }
        return storedValues(Request.Include.Root.self, primary, includes: includes)
    }

    /// What the store holds for a request type it read (without includes); nil when it never read it.
    public func peek<Request: APIRequest, R: JSONAPIResource>(_ request: Request) -> [R]? where Request.Response == [R] {
        guard let key = try? requestKey(request, includes: []), let primary = graph.list(key) else { return nil }
        return storedValues(R.self, primary, includes: [])
    }

    /// The members of a request type's answer with the relationships of `includes`, now and after every
    /// change to the answer or to any member's graph; see ``watch(_:including:)-(ResourcePath<R,Op.List>,_)``.
    public func watch<Request: IncludingRequest>(_ request: Request, including includes: Request.Include...) -> ResourceWatch<Request.Response>
    where Request.Response == [Request.Include.Root], Request.Include.Root: JSONAPIResource {
        watchMany(request, includes: Self.paths(includes))
    }

    /// The members of a request type's answer, now and after every change.
    public func watch<Request: APIRequest, R: JSONAPIResource>(_ request: Request) -> ResourceWatch<[R]> where Request.Response == [R] {
        watchMany(request, includes: [])
    }

    /// The resource a request type answered with, with the relationships of `includes`, now and after
    /// every change to it or its graph.
    public func watch<Request: IncludingRequest>(_ request: Request, including includes: Request.Include...) -> ResourceWatch<Request.Response>
    where Request.Response == Request.Include.Root, Request.Include.Root: JSONAPIResource {
        watchOne(request, includes: Self.paths(includes))
    }

    /// The resource a request type answered with, now and after every change.
    public func watch<Request: APIRequest, R: JSONAPIResource>(_ request: Request) -> ResourceWatch<R> where Request.Response == R {
        watchOne(request, includes: [])
    }

    /// Values of the request type's answer (`request` with these parameters) go stale `age` after they
    /// arrived; nil: as the default says.
    public func setMaximumAge<Request: APIRequest>(_ age: Duration?, forRequest request: Request) throws {
        freshness.listAges[try requestKey(request, includes: []).path] = age
    }

    // MARK: reading and watching a request

    private func fetchMany<Request: APIRequest, R: JSONAPIResource>(_ request: Request, includes: [IncludePath]) async throws -> [R] {
        let (key, target) = try requestRead(request, includes: includes)
        try await load(target, includes: includes, query: [], listKey: key)
        // The answer as the store shows it: without what a queued write deletes.
        return try decodeAll(R.self, graph.list(key) ?? [], includes: includes) ?? []
    }

    private func fetchOne<Request: APIRequest, R: JSONAPIResource>(_ request: Request, includes: [IncludePath]) async throws -> R {
        let (key, target) = try requestRead(request, includes: includes)
        let loaded = try await load(target, includes: includes, query: [], listKey: key)
        let (primary, body) = (loaded.primary, loaded.body)
        guard primary.count == 1 else { throw StoreError.notAResource(key.path) }
        if let value = try decodeOne(R.self, primary[0], includes: includes) { return value }
        // The store shows none (a queued delete of it): the server's answer is what was asked for.
        guard let value = try StoreDecoding.decode(R.self, from: body, many: false, decoder: codec.jsonAPIDecoder(from: client.decoder), includes: includes).first else {
            throw StoreError.notAResource(key.path)
        }
        return value
    }

    private func watchMany<Request: APIRequest, R: JSONAPIResource>(_ request: Request, includes: [IncludePath]) -> ResourceWatch<[R]> {
        let read = try? requestRead(request, includes: includes)
        return makeWatch(revalidate: { store in
            if let (key, target) = read { store.refreshIfStale(list: key, target: target, includes: includes) }
        }) { store in
            guard let key = read?.key else { return (nil, []) }
            return store.watchedList(R.self, key, includes: includes)
        }
    }

    private func watchOne<Request: APIRequest, R: JSONAPIResource>(_ request: Request, includes: [IncludePath]) -> ResourceWatch<R> {
        let read = try? requestRead(request, includes: includes)
        return makeWatch(revalidate: { store in
            if let (key, target) = read { store.refreshIfStale(list: key, target: target, includes: includes) }
        }) { store in
            guard let key = read?.key else { return (nil, []) }
            let (values, graph) = store.watchedList(R.self, key, includes: includes, many: false)
            return (values?.first, graph)
        }
    }

    /// The list key of `request`'s answer and how to read it: its `GET` with its query, header fields
    /// and the `include=` of `includes`.
    private func requestRead<Request: APIRequest>(_ request: Request, includes: [IncludePath]) throws -> (key: ListKey, target: ReadTarget) {
        let key = try requestKey(request, includes: includes)
        let items = PreparedRequest.merge(query: [Request.defaultQueryItems, request.queryItems, client.pageQuery(includes)])
        let url = try client.url(for: request.pathComponents, method: Request.method, query: items)
        let headers = PreparedRequest.merge(headers: [Request.defaultHeaders, request.headers])
        return (key, .request(url, headers: headers, requiresAuth: Request.requiresAuth))
    }

    /// The list a request's answer is kept as: its path and query (without `include`), and `includes`.
    /// Throws for a request type that is not a read.
    private func requestKey<Request: APIRequest>(_ request: Request, includes: [IncludePath]) throws -> ListKey {
        guard Request.method == .get else {
            throw StoreError.invalidWrite("\(Request.self) is a \(Request.method.rawValue); the store keeps what GET requests answer, send others through the client")
        }
        let items = PreparedRequest.merge(query: [Request.defaultQueryItems, request.queryItems])
        return ListKey(path: Self.listPath(request.path, items), includes: includes)
    }
}
