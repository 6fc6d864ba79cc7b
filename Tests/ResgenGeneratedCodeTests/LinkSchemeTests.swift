import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// A server's link, `next` page or redirect to a `file:` (or any non-HTTP) URL never reaches the
/// transport: the call fails with ``ClientError/Kind/unsupportedScheme``.
@Suite struct LinkSchemeTests {
    /// Serves fixed documents by path and records every URL it is asked for.
    final class Documents: Transport, @unchecked Sendable {
        // @unchecked: `requested` is only touched under `lock`.
        private let lock = NSLock()
        private var requested: [String] = []
        let documents: [String: (status: Int, headers: [HTTPField.Name: String], body: String)]

        init(_ documents: [String: (status: Int, headers: [HTTPField.Name: String], body: String)]) { self.documents = documents }

        var urls: [String] { lock.withLock { requested } }

        func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
            lock.withLock { requested.append(request.url?.absoluteString ?? "") }
            guard let document = documents[request.path ?? ""] else { return (HTTPResponse(status: .notFound), Data()) }
            var response = HTTPResponse(status: .init(code: document.status))
            for (name, value) in document.headers { response.headerFields[name] = value }
            return (response, Data(document.body.utf8))
        }
    }

    static let hal: [HTTPField.Name: String] = [.contentType: "application/hal+json"]
    let base = URL(string: "http://api.test")!

    @Test func aHALLinkToAFileIsRefusedInTypedAndUntypedTraversal() async throws {
        let transport = Documents([
            "/contacts/1": (200, Self.hal, #"{"id": 1, "name": "A", "_links": {"self": {"href": "/contacts/1"}, "website": {"href": "file:///etc/passwd"}}}"#)
        ])
        let client = Client(baseURL: base, transport: transport, configuration: .init(codec: HALCodec()))
        let typed = await #expect(throws: ClientError.self) { _ = try await client.fetch(Contact.show(1), including: .website) }
        #expect(typed?.kind == .unsupportedScheme && typed?.request.url.absoluteString == "file:///etc/passwd")
        let untyped = await #expect(throws: ClientError.self) { _ = try await client.resource(at: URL(string: "/contacts/1")!, includes: ["website"]) }
        #expect(untyped?.kind == .unsupportedScheme)
        // Left unresolved under that policy, and reported; still never requested.
        let lenient = try await client.traverse(
            Contact.show(1), including: Contact.Include.website.paths, options: HALTraversalOptions(failurePolicy: .leaveUnresolved))
        #expect(lenient.value.website?.resolved == nil && (lenient.failures.first?.error as? ClientError)?.kind == .unsupportedScheme)
        #expect(transport.urls.allSatisfy { $0.hasPrefix("http://api.test/") }, "\(transport.urls)")
    }

    @Test func aNextPageOrRedirectToAFileIsRefused() async throws {
        let transport = Documents([
            "/contacts": (200, Self.hal, #"{"_embedded": {"contacts": []}, "_links": {"next": {"href": "file:///etc/passwd"}}}"#),
            "/contacts/1": (302, [.location: "file:///etc/passwd"], ""),
        ])
        let client = Client(baseURL: base, transport: transport, configuration: .init(codec: HALCodec()))
        var pages = 0
        let paging = await #expect(throws: ClientError.self) { for try await _ in client.pages(Contact.list()) { pages += 1 } }
        #expect(pages == 1 && paging?.kind == .unsupportedScheme)
        let redirect = await #expect(throws: ClientError.self) { _ = try await client.fetch(Contact.show(1)) }
        #expect(redirect?.kind == .unsupportedScheme && redirect?.status?.code == 302)
        let named = await #expect(throws: ClientError.self) { _ = try await client.request(.get, URL(string: "file:///etc/passwd")!) }
        #expect(named?.kind == .unsupportedScheme)
        #expect(transport.urls == ["http://api.test/contacts", "http://api.test/contacts/1"])
    }
}
