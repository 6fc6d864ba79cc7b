import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// Traversal mechanics over an in-memory transport: the concurrency bound, one request per URL, and
/// options at depth (the real-server suite covers the HTTP side). Its clients have no call deadline
/// (`timeout: nil`), for the reason `CountingDocuments.client` gives.
@Suite struct HALTraversalTests {
    /// Serves `/contacts/0` linking to contacts 1…40 (each twice), each linking back to 0 and to the next.
    final class Graph: Transport, @unchecked Sendable {
        // @unchecked: the counters are only touched under `lock`.
        private let lock = NSLock()
        private var inFlight = 0
        private(set) var maximumInFlight = 0
        private(set) var paths: [String] = []

        func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
            lock.withLock {
                inFlight += 1
                maximumInFlight = max(maximumInFlight, inFlight)
                paths.append(request.path ?? "")
            }
            try await Task.sleep(for: .milliseconds(2))
            lock.withLock { inFlight -= 1 }
            let path = request.path?.split(separator: "?").first.map(String.init) ?? ""
            guard let id = Int(path.split(separator: "/").last ?? "") else { return (HTTPResponse(status: .notFound), Data()) }
            let known = id == 0 ? (1...40).map { $0 } + (1...40).map { $0 } : [0, id % 40 + 1]
            let links = known.map { #"{"href": "/contacts/\#($0)"}"# }.joined(separator: ",")
            let json = #"{"id": \#(id), "name": "C\#(id)", "_links": {"self": {"href": "/contacts/\#(id)"}, "contacts": [\#(links)]}}"#
            var response = HTTPResponse(status: .ok)
            response.headerFields[.contentType] = "application/hal+json"
            return (response, Data(json.utf8))
        }
    }

    @Test(arguments: [1, 4, 16])
    func concurrencyIsBoundedAndEachURLFetchedOnce(limit: Int) async throws {
        let graph = Graph()
        let options = HALTraversalOptions(maximumConcurrency: limit)
        let client = Client(baseURL: URL(string: "http://graph.test")!, transport: graph, configuration: .init(codec: HALCodec(options: options), timeout: nil))
        let traversal = try await client.traverse(Contact.show(0), including: [IncludePath(.toMany("contacts"), .toMany("contacts"))])
        #expect(graph.maximumInFlight <= limit)
        #expect(traversal.requestCount == 41 && graph.paths.count == 41 && Set(graph.paths).count == 41)
        let first = try #require(traversal.value.contacts.resolved?.first)
        #expect(traversal.value.contacts.resolved?.count == 80 && first.contacts.resolved?.map(\.id) == [0, 2])
    }

    /// Serves fixed documents by path.
    struct Documents: Transport {
        var documents: [String: String]

        func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
            guard let json = documents[request.path ?? ""] else { return (HTTPResponse(status: .notFound), Data()) }
            var response = HTTPResponse(status: .ok)
            response.headerFields[.contentType] = "application/hal+json"
            return (response, Data(json.utf8))
        }
    }

    @Test func aTemplatedLinkThatDoesNotExpandFailsTheCallWhateverThePolicy() async throws {
        let transport = Documents(documents: [
            "/contacts/1": #"""
                {"id": 1, "name": "Ann", "_links": {"contacts": {"href": "/contacts{?page", "templated": true},
                 "website": {"href": "/websites/{id:0}", "templated": true}}}
                """#
        ])
        let client = Client(baseURL: URL(string: "http://documents.test")!, transport: transport, configuration: .init(codec: HALCodec(), timeout: nil))
        for policy in [HALTraversalOptions.FailurePolicy.fail, .leaveUnresolved] {
            let options = HALTraversalOptions(failurePolicy: policy)
            for (include, href) in [(IncludePath(.toMany("contacts")), "/contacts{?page"), (IncludePath(.toOne("website")), "/websites/{id:0}")] {
                let error = await #expect(throws: HALTraversalError.self) {
                    try await client.traverse(Contact.show(1), including: [include], options: options)
                }
                guard case .unexpandableLink(_, let failed, _) = error else {
                    Issue.record("expected unexpandableLink, got \(String(describing: error))")
                    continue
                }
                #expect(failed == href)
            }
            // Untyped traversal alike.
            await #expect(throws: HALTraversalError.self) {
                try await client.resource(at: URL(string: "/contacts/1")!, includes: ["[contacts]"], options: options)
            }
        }
        // Without the include, the link is not followed and nothing fails.
        #expect(try await client.traverse(Contact.show(1), including: []).value.name == "Ann")
        let error = HALTraversalError.unexpandableLink(path: "[contacts]", href: "/c{?p", error: URITemplate.Error(template: "/c{?p", offset: 2, reason: .unclosedExpression))
        #expect(error.description.hasPrefix("include '[contacts]': the templated link '/c{?p' does not expand: The URI template '/c{?p' is invalid at offset 2"))
    }

    @Test func budgetIsCheckedBeforeTheRequestThatWouldExceedIt() async throws {
        let graph = Graph()
        let client = Client(baseURL: URL(string: "http://graph.test")!, transport: graph, configuration: .init(codec: HALCodec(), timeout: nil))
        let options = HALTraversalOptions(requestBudget: 10)
        await #expect(throws: HALTraversalError.self) {
            try await client.traverse(Contact.show(0), including: [IncludePath(.toMany("contacts"))], options: options)
        }
        #expect(Set(graph.paths).count <= 10)
        let error = HALTraversalError.requestBudgetExceeded(budget: 10, url: URL(string: "http://graph.test/contacts/9")!)
        #expect(error.description == "the traversal's request budget of 10 is spent; not fetching http://graph.test/contacts/9 (raise HALTraversalOptions.requestBudget)")
    }

    /// Which `_embedded` entry holds a collection's items is one rule for typed and untyped collections:
    /// the entry named like the items, else the only one, else `items`/`item`; anything else fails.
    @Test func oneRuleFindsACollectionsItemsTypedAndUntyped() async throws {
        let item = #"{"id": 1, "name": "Ann"}"#
        let transport = Documents(documents: [
            "/named": #"{"_embedded": {"contacts": [\#(item)], "meta": [{"id": 9, "name": "no"}]}}"#,
            "/only": #"{"_embedded": {"people": [\#(item)]}}"#,
            "/items": #"{"_embedded": {"items": [\#(item)], "extra": [{"id": 9, "name": "no"}]}}"#,
            "/ambiguous": #"{"_embedded": {"b": [\#(item)], "a": [\#(item)]}}"#,
            "/empty": #"{"total": 0}"#,
            "/contacts/1": #"{"id": 1, "name": "Ann", "_links": {"contacts": {"href": "/named"}}}"#,
        ])
        let client = Client(baseURL: URL(string: "http://documents.test")!, transport: transport, configuration: .init(codec: HALCodec(), timeout: nil))
        for path in ["/named", "/only", "/items"] {
            let typed = try await client.fetch(ResourcePath<Contact, Op.List>(uncheckedComponents: [.literal(path)]))
            #expect(typed.map(\.name) == ["Ann"], "\(path)")
            if path != "/named" {
                #expect(try await client.collection(at: URL(string: path)!).items.map { $0["name"] } == [.string("Ann")], "\(path)")
            }
        }
        // Untyped, through a link: the relation followed names the entry.
        let document = try await client.resource(at: URL(string: "/contacts/1")!, includes: ["[contacts]"])
        #expect(document.embedded("contacts")?.map { $0["name"] } == [.string("Ann")])
        #expect(try await client.collection(at: URL(string: "/empty")!).items.isEmpty)
        #expect(try await client.fetch(ResourcePath<Contact, Op.List>(uncheckedComponents: [.literal("/empty")])).isEmpty)
        for path in ["/ambiguous", "/named"] {
            let error = await #expect(throws: ClientError.self) { _ = try await client.collection(at: URL(string: path)!) }
            #expect(error?.kind == .decoding && error?.detail?.contains("cannot tell which of") == true, "\(path): \(String(describing: error))")
        }
        let typed = await #expect(throws: ClientError.self) {
            _ = try await client.fetch(ResourcePath<Contact, Op.List>(uncheckedComponents: [.literal("/ambiguous")]))
        }
        #expect(typed?.detail?.contains("cannot tell which of [a, b] holds the 'contacts' items") == true)
    }
}
