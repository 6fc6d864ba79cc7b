import Foundation
import HTTPTypes
@_spi(Generated) import ResgenRuntime
import Testing

/// A Crane-style request with static and instance headers and query items, as generated code writes it.
struct SearchArticles: APIRequest {
    typealias Response = [Article]
    static var method: HTTPMethod { .get }
    static var defaultHeaders: [HeaderField] { [HeaderField(name: "X-Version", value: "static"), HeaderField(name: "X-Static", value: "s")] }
    static var defaultQueryItems: [QueryItem] { [QueryItem(name: "page", value: "1"), QueryItem(name: "fixed", value: "f")] }
    var term: String
    var version: String?
    var page: Int?
    var pathComponents: [PathComponent] { [.literal("/articles/search/"), .value(term)] }
    var queryItems: [QueryItem] {
        var items: [QueryItem] = []
        items.append("page", page)
        items.append("tag", ["a", "b"])
        return items
    }
    var headers: [HeaderField] {
        var fields: [HeaderField] = []
        fields.append("x-version", version)
        return fields
    }
}

/// A POST with a JSON body that requires auth.
struct Publish: APIRequest {
    typealias Response = EmptyResponse
    static var method: HTTPMethod { .post }
    static var requiresAuth: Bool { true }
    var id: String
    var pathComponents: [PathComponent] { [.literal("/articles/"), .value(id), .literal("/publish")] }
    var body: RequestBody { .json(["when": "now"]) }
}

let articleJSON = #"{"id": "1", "title": "Hello", "author": {"id": "9"}, "comments": {}}"#

@Suite struct ClientTests {
    let base = URL(string: "https://api.example.com/v1")!

    @Test func fetchBuildsTheURLUnderTheBasePathAndDecodes() async throws {
        let transport = FakeTransport(json: articleJSON)
        let client = Client(baseURL: base, transport: transport)
        let article = try await client.fetch(Article.show("1"), query: [QueryItem(name: "fields[articles]", value: "title,body")])
        #expect(article.title == "Hello")
        #expect(article.author.id == "9")
        let sent = try #require(transport.sent.first)
        #expect(sent.request.method == .get)
        #expect(sent.url?.absoluteString == "https://api.example.com/v1/articles/1?fields%5Barticles%5D=title%2Cbody")
        #expect(sent.header(.accept) == "application/json")
        #expect(sent.body == nil)
    }

    @Test func childPathsListAndDelete() async throws {
        let transport = FakeTransport { request, _ in
            request.method == .delete ? FakeTransport.response(204) : FakeTransport.response(200, #"[{"id": "5", "body": "hi", "author": {}}]"#)
        }
        let client = Client(baseURL: base, transport: transport)
        let comments = try await client.fetch(Article.show("a/b") / Comment.list())
        #expect(comments.map(\.id) == ["5"])
        try await client.delete(Article.delete("1"))
        #expect(transport.sent.map { $0.request.path ?? "" } == ["/v1/articles/a%2Fb/comments", "/v1/articles/1"], "the request line keeps the encoding")
        #expect(transport.sent.last?.request.method == .delete)
    }

    @Test func createSendsTheEncodedValue() async throws {
        let transport = FakeTransport(status: 201, json: articleJSON)
        let client = Client(baseURL: base, transport: transport)
        let new = Article(id: "1", title: "Hello", author: ToOne(id: "9"), comments: ToMany())
        _ = try await client.create(Article.create(), new)
        let sent = try #require(transport.sent.first)
        #expect(sent.request.method == .post)
        #expect(sent.header(.contentType) == "application/json")
        let object = try JSONSerialization.jsonObject(with: try #require(sent.body)) as? [String: Any]
        #expect(object?["title"] as? String == "Hello")
    }

    @Test func headersMergeDefaultsStaticInstanceAndCallWithLaterWinning() async throws {
        let transport = FakeTransport(json: "[]")
        let client = Client(baseURL: base, transport: transport, configuration: .init(defaultHeaders: [
            HeaderField(name: "X-Version", value: "client"), HeaderField(name: "X-Client", value: "c"), HeaderField(name: "Accept", value: "application/x-custom"),
        ]))
        _ = try await client.send(SearchArticles(term: "swift", version: "instance"), headers: [HeaderField(name: "X-Call", value: "call")])
        let fields = try #require(transport.sent.first).request.headerFields
        #expect(fields[values: HTTPField.Name("X-Version")!] == ["instance"], "instance beats static beats client default, case-insensitively")
        #expect(fields[HTTPField.Name("X-Client")!] == "c")
        #expect(fields[HTTPField.Name("X-Static")!] == "s")
        #expect(fields[HTTPField.Name("X-Call")!] == "call")
        #expect(fields[.accept] == "application/x-custom", "an explicit Accept is kept")

        _ = try await client.send(SearchArticles(term: "swift"), headers: [HeaderField(name: "x-static", value: "call")])
        let second = try #require(transport.sent.last).request.headerFields
        #expect(second[values: HTTPField.Name("X-Version")!] == ["static"], "without an instance value the static one is sent")
        #expect(second[values: HTTPField.Name("X-Static")!] == ["call"], "a call's extra field beats the request's")
    }

    @Test func queryItemsMergeByNameKeepingRepeatsOfOneSource() async throws {
        let transport = FakeTransport(json: "[]")
        let client = Client(baseURL: base, transport: transport)
        _ = try await client.send(SearchArticles(term: "a b&c", page: 3), query: [QueryItem(name: "fixed", value: "call")])
        let url = try #require(transport.sent.first?.url)
        #expect(url.path(percentEncoded: true) == "/v1/articles/search/a%20b%26c")
        #expect(url.query == "page=3&tag=a&tag=b&fixed=call")
        _ = try await client.send(SearchArticles(term: "x"))
        #expect(transport.sent.last?.url?.query == "page=1&fixed=f&tag=a&tag=b", "defaults stay when the instance has no value")
    }

    @Test func headerValuesWithLineBreaksAreRejectedBeforeSending() async throws {
        let transport = FakeTransport(json: "[]")
        let client = Client(baseURL: base, transport: transport)
        let error = await #expect(throws: ClientError.self) {
            _ = try await client.send(SearchArticles(term: "x", version: "1\r\nX-Injected: yes"))
        }
        #expect(error?.kind == .invalidRequest)
        #expect(transport.sent.isEmpty)
        let badName = await #expect(throws: ClientError.self) {
            _ = try await client.fetch(Article.show("1"), headers: [HeaderField(name: "Bad Name", value: "x")])
        }
        #expect(badName?.kind == .invalidRequest)
    }

    @Test func non2xxIsAnErrorWithTheServerDocument() async throws {
        let body = #"{"errors": [{"status": "422", "code": "blank", "title": "Invalid", "detail": "title is blank", "source": {"pointer": "/data/attributes/title"}}]}"#
        let transport = FakeTransport(status: 422, json: body, headers: [.contentType: "application/vnd.api+json"])
        let client = Client(baseURL: base, transport: transport)
        let error = await #expect(throws: ClientError.self) { _ = try await client.fetch(Article.show("1")) }
        let thrown = try #require(error)
        #expect(thrown.kind == .unacceptableStatus)
        #expect(thrown.status?.code == 422)
        #expect(thrown.request.method == .get)
        #expect(thrown.request.url.absoluteString == "https://api.example.com/v1/articles/1")
        #expect(thrown.headers?[.contentType] == "application/vnd.api+json")
        #expect(thrown.bodyExcerpt == body)
        guard case .jsonAPI(let errors) = thrown.serverError else {
            Issue.record("expected JSON:API errors, got \(String(describing: thrown.serverError))")
            return
        }
        #expect(errors.first?.source?.pointer == "/data/attributes/title")
        #expect(errors.first?.code == "blank")
        #expect(thrown.description.contains("Invalid: title is blank (/data/attributes/title)"))
    }

    /// The status in an error's text: code and reason phrase, or the code alone when the response had no
    /// phrase, without a stray space either way.
    @Test(arguments: [(HTTPResponse.Status(code: 404, reasonPhrase: "Not Found"), "failed with status 404 Not Found"), (HTTPResponse.Status(code: 422, reasonPhrase: ""), "failed with status 422")])
    func anErrorsTextNamesTheStatusWithOrWithoutAReasonPhrase(status: HTTPResponse.Status, text: String) async throws {
        let transport = FakeTransport { _, _ in (HTTPResponse(status: status), Data()) }
        let error = await #expect(throws: ClientError.self) { _ = try await Client(baseURL: base, transport: transport).fetch(Article.show("1")) }
        let description = try #require(error).description
        #expect(description.hasSuffix(text), "\(description)")
    }

    /// JSON:API error objects keep their `links`: `about` as a string or a link object, `type` (1.1).
    @Test func jsonAPIErrorObjectsKeepTheirLinks() throws {
        let body = #"{"errors": [{"status": "403", "links": {"about": "https://api.example.com/errors/42", "type": {"href": "https://api.example.com/errors/types/quota", "meta": {"v": 1}}}}, {"status": "400"}]}"#
        guard case .jsonAPI(let errors) = ServerErrorDocument.decode(Data(body.utf8), contentType: "application/vnd.api+json") else {
            Issue.record("expected JSON:API errors")
            return
        }
        #expect(errors.first?.aboutLink?.href == "https://api.example.com/errors/42")
        #expect(errors.first?.typeLink == JSONAPILink(href: "https://api.example.com/errors/types/quota", meta: .object(["v": .number(1)])))
        #expect(errors.last?.links == nil)
    }

    @Test func problemAndVndErrorDocumentsDecode() throws {
        let problem = ServerErrorDocument.decode(Data(#"{"type": "about:blank", "title": "Bad", "status": 400, "detail": "no"}"#.utf8), contentType: "application/problem+json; charset=utf-8")
        #expect(problem == .problem(ProblemDetails(type: "about:blank", title: "Bad", status: 400, detail: "no", instance: nil)))
        let vnd = ServerErrorDocument.decode(Data(#"{"message": "Not found", "logref": 42, "_embedded": {"errors": [{"message": "no contact 7"}]}}"#.utf8), contentType: "application/vnd.error+json")
        #expect(vnd?.summaries == ["Not found; no contact 7"])
        #expect(ServerErrorDocument.decode(Data("<html>".utf8), contentType: "text/html") == nil)
    }

    @Test func bodyExcerptIsBounded() async throws {
        let huge = String(repeating: "x", count: 100_000)
        let client = Client(baseURL: base, transport: FakeTransport(status: 500, json: huge, headers: [.contentType: "text/plain"]))
        let error = await #expect(throws: ClientError.self) { _ = try await client.fetch(Article.show("1")) }
        #expect((error?.bodyExcerpt?.utf8.count ?? 0) < ClientError.bodyExcerptLimit + 40)
        #expect(error?.bodyExcerpt?.hasSuffix("(100000 bytes)") == true)
    }

    @Test func decodingErrorsNameTheFieldPath() async throws {
        let client = Client(baseURL: base, transport: FakeTransport(json: #"[{"id": "1", "title": 5, "author": {}, "comments": {}}]"#))
        let error = await #expect(throws: ClientError.self) { _ = try await client.fetch(Article.list()) }
        #expect(error?.kind == .decoding)
        #expect(error?.codingPath == "[0].title")
    }

    @Test func emptyResponsesAndNoContent() async throws {
        let transport = FakeTransport { _, _ in FakeTransport.response(204) }
        let client = Client(baseURL: base, transport: transport, middlewares: [AuthMiddleware(provider: InMemoryCredentialStore(credential: .bearer("t")))])
        _ = try await client.send(Publish(id: "1"))
        let sent = try #require(transport.sent.first)
        #expect(sent.header(.contentType) == "application/json")
        #expect(sent.body.map { String(decoding: $0, as: UTF8.self) } == #"{"when":"now"}"#)
    }

    @Test func datesDecodeWithAndWithoutFractionalSeconds() throws {
        struct Stamp: Codable { var at: Date }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = DateFormat.iso8601.decodingStrategy
        let plain = try decoder.decode(Stamp.self, from: Data(#"{"at": "2026-11-21T10:00:00Z"}"#.utf8))
        let fractional = try decoder.decode(Stamp.self, from: Data(#"{"at": "2026-11-21T10:00:00.250Z"}"#.utf8))
        #expect(fractional.at.timeIntervalSince(plain.at) == 0.25)
        let offset = try decoder.decode(Stamp.self, from: Data(#"{"at": "2026-11-21T11:00:00+01:00"}"#.utf8))
        #expect(offset.at == plain.at)
        #expect(throws: DecodingError.self) { try decoder.decode(Stamp.self, from: Data(#"{"at": "yesterday"}"#.utf8)) }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = DateFormat.iso8601WithFractionalSeconds.encodingStrategy
        #expect(String(decoding: try encoder.encode(fractional), as: UTF8.self) == #"{"at":"2026-11-21T10:00:00.250Z"}"#)
    }

    @Test func transportFailuresAreClientErrors() async throws {
        struct Refused: Error {}
        let client = Client(baseURL: base, transport: FakeTransport { _, _ in throw Refused() })
        let error = await #expect(throws: ClientError.self) { _ = try await client.fetch(Article.show("1")) }
        #expect(error?.kind == .transport)
        #expect(error?.underlying is Refused)
    }

    @Test func cancellationCancelsTheCall() async throws {
        let transport = FakeTransport { _, _ in
            try await Task.sleep(for: .seconds(30))
            return FakeTransport.response(200, articleJSON)
        }
        let client = Client(baseURL: base, transport: transport)
        let task = Task { try await client.fetch(Article.show("1")) }
        try await Task.sleep(for: .milliseconds(50))
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
    }

    @Test func aCallDeadlineStopsASlowCall() async throws {
        let transport = FakeTransport { _, _ in
            try await Task.sleep(for: .seconds(30))
            return FakeTransport.response(200, articleJSON)
        }
        let client = Client(baseURL: base, transport: transport, configuration: .init(timeout: .milliseconds(50)))
        let error = await #expect(throws: ClientError.self) { _ = try await client.fetch(Article.show("1")) }
        #expect(error?.kind == .timedOut)
        #expect(error?.description.contains("timed out") == true)
    }
}

@Suite struct PaginationTests {
    let base = URL(string: "https://api.example.com")!

    @Test func pagesFollowTheLinkHeaderUntilThereIsNoNext() async throws {
        let transport = FakeTransport { request, _ in
            let page = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "page" }?.value } ?? "1"
            let next = page == "3" ? [:] : [HTTPField.Name("Link")!: "</articles?page=\((Int(page) ?? 1) + 1)>; rel=\"next\", </articles?page=1>; rel=\"first\""]
            return FakeTransport.response(200, "[{\"id\": \"\(page)\", \"title\": \"t\", \"author\": {}, \"comments\": {}}]", headers: next)
        }
        let client = Client(baseURL: base, transport: transport)
        var ids: [String] = []
        for try await page in client.pages(Article.list()) {
            ids += page.items.map(\.id)
            #expect(page.first?.absoluteString == (page.next == nil ? nil : "https://api.example.com/articles?page=1"))
        }
        #expect(ids == ["1", "2", "3"])
        var items: [String] = []
        for try await article in client.items(Article.list()) { items.append(article.id) }
        #expect(items == ["1", "2", "3"])
    }

    @Test func aLoopingNextLinkEnds() async throws {
        let transport = FakeTransport { _, _ in
            FakeTransport.response(200, "[]", headers: [HTTPField.Name("Link")!: "</articles>; rel=\"next\""])
        }
        let client = Client(baseURL: base, transport: transport)
        var count = 0
        for try await _ in client.pages(Article.list()) { count += 1 }
        #expect(count == 1, "a page that names itself as next is not fetched again")
    }

    @Test func includesNeedAFormatThatHasThem() async throws {
        let client = Client(baseURL: base, transport: FakeTransport(json: articleJSON))
        let error = await #expect(throws: ClientError.self) { _ = try await client.fetch(Article.show("1"), including: .author) }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.detail?.contains("PlainJSONCodec") == true)
    }
}
