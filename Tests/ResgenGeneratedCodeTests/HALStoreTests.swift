import Foundation
import HTTPTypes
import ResgenRuntime
import ResgenStore
import Testing

/// `ResourceStore` over a HAL client (issue 51): one record per `self` link, merged from every document
/// a traversal read and every resource embedded in it, absent-is-not-null, `peek` without a request,
/// and watchers that see every change to their graph, over an in-memory HAL server (the real-server
/// suite is `HALStoreServerTests`).
@Suite struct HALStoreTests {
    /// Serves the documents set now by path, and counts the requests.
    final class Server: Transport, @unchecked Sendable {
        // @unchecked: `documents` and `requests` are only touched under `lock`.
        private let lock = NSLock()
        private var documents: [String: String] = [:]
        private var cacheControls: [String: String] = [:]
        private(set) var requests: [String] = []

        func serve(_ documents: [String: String]) { lock.withLock { self.documents.merge(documents) { _, new in new } } }
        /// Answers `path` with this `Cache-Control` from now on.
        func setCacheControl(_ value: String, for path: String) { lock.withLock { cacheControls[path] = value } }
        var requestCount: Int { lock.withLock { requests.count } }

        func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
            let path = request.path ?? ""
            let (json, cacheControl) = lock.withLock {
                requests.append(path)
                return (documents[path], cacheControls[path])
            }
            guard let json else { return (HTTPResponse(status: .notFound), Data()) }
            var response = HTTPResponse(status: .ok)
            response.headerFields[.contentType] = "application/hal+json"
            if let cacheControl { response.headerFields[.cacheControl] = cacheControl }
            return (response, Data(json.utf8))
        }
    }

    static let base = URL(string: "http://hal.test")!

    static func store(_ server: Server) throws -> ResourceStore {
        try ResourceStore(client: Client(baseURL: base, transport: server, configuration: .init(codec: HALCodec(), timeout: nil)))
    }

    /// A contact document; one with a `website` (its document) links and embeds it.
    static func contact(_ id: Int, name: String, email: String? = nil, website: String? = nil, contacts: [Int] = []) -> String {
        let mail = email.map { #", "email": "\#($0)""# } ?? ""
        let links = contacts.map { #"{"href": "/contacts/\#($0)"}"# }.joined(separator: ",")
        let embedded = website.map { #", "_embedded": {"website": \#($0)}"# } ?? ""
        let websiteLink = website == nil ? "" : #", "website": {"href": "/websites/5"}"#
        return #"{"id": \#(id), "name": "\#(name)"\#(mail), "_links": {"self": {"href": "/contacts/\#(id)"}\#(websiteLink), "contacts": [\#(links)]}\#(embedded)}"#
    }

    static func website(title: String?) -> String {
        let title = title.map { #", "title": "\#($0)""# } ?? ""
        return #"{"id": 5, "url": "https://example.org"\#(title), "_links": {"self": {"href": "http://hal.test/websites/5"}}}"#
    }

    /// A document read from another origin speaks only for that origin: a resource embedded in it that
    /// names an API resource as its `self` does not replace the API's record.
    @Test func aDocumentFromAnotherOriginCannotReplaceTheAPIsRecords() async throws {
        let server = Server()
        let foreign = #"{"id": 5, "url": "https://example.org", "_links": {"self": {"href": "http://elsewhere.test/websites/5"}}, "_embedded": {"owner": {"id": 1, "name": "Mallory", "_links": {"self": {"href": "http://hal.test/contacts/1"}}}}}"#
        server.serve([
            "/contacts/1": #"{"id": 1, "name": "Ann", "_links": {"self": {"href": "/contacts/1"}, "website": {"href": "http://elsewhere.test/websites/5"}, "contacts": []}}"#,
            "/websites/5": foreign,
        ])
        let store = try Self.store(server)
        _ = try await store.fetch(Contact.show(1), includingPaths: [IncludePath(.toOne("website"))])
        #expect(await store.peek(Contact.show(1))?.name == "Ann")
    }

    /// The website embedded in a contact and the one read later at its own URL (a `self` link written
    /// relative in one, absolute in the other) are one record; `peek` answers from it without a request.
    @Test func oneRecordPerSelfLinkWhereverItWasRead() async throws {
        let server = Server()
        server.serve([
            "/contacts/1": Self.contact(1, name: "Ann", website: Self.website(title: "Old")),
            "/websites/5": Self.website(title: "New"),
        ])
        let store = try Self.store(server)
        let contact = try await store.fetch(Contact.show(1), includingPaths: [IncludePath(.toOne("website"))])
        #expect(contact.name == "Ann" && contact.website?.resolved?.title == "Old")
        #expect(server.requestCount == 1, "the website came embedded")
        let website = try await store.fetch(Website.show(5))
        #expect(website.title == "New")
        let requests = server.requestCount
        let peeked = await store.peek(Contact.show(1), includingPaths: [IncludePath(.toOne("website"))])
        #expect(peeked?.website?.resolved?.title == "New", "the website read later is the same record")
        #expect(peeked?.name == "Ann")
        #expect(server.requestCount == requests, "peek makes no request")
        #expect(await store.count == 2)
        #expect(await store.peek(Contact.show(2)) == nil)
    }

    /// A property a document did not carry (a partial embedded resource) keeps its stored value; an
    /// explicit `null` clears it.
    @Test func absentIsNotNull() async throws {
        let server = Server()
        server.serve(["/websites/5": Self.website(title: "Home")])
        let store = try Self.store(server)
        _ = try await store.fetch(Website.show(5))
        // The contact embeds the website without its title.
        server.serve(["/contacts/1": Self.contact(1, name: "Ann", email: "ann@example.org", website: Self.website(title: nil))])
        _ = try await store.fetch(Contact.show(1), includingPaths: [IncludePath(.toOne("website"))])
        #expect(await store.peek(Website.show(5))?.title == "Home", "absent: kept")
        #expect(await store.peek(Contact.show(1), includingPaths: [IncludePath(.toOne("website"))])?.website?.resolved?.title == "Home")
        // A partial contact: no email; then an explicit null.
        server.serve(["/contacts/1": #"{"id": 1, "name": "Ann B", "_links": {"self": {"href": "/contacts/1"}}}"#])
        _ = try await store.fetch(Contact.show(1))
        #expect(await store.peek(Contact.show(1))?.email == "ann@example.org", "absent: kept")
        #expect(await store.peek(Contact.show(1))?.name == "Ann B")
        server.serve(["/contacts/1": #"{"id": 1, "name": "Ann B", "email": null, "_links": {"self": {"href": "/contacts/1"}}}"#])
        _ = try await store.fetch(Contact.show(1))
        #expect(await store.peek(Contact.show(1)) != nil)
        #expect(await store.peek(Contact.show(1))?.email == nil, "null: cleared")
    }

    /// A relation the traversal followed by its link (not embedded) is merged from the document it
    /// read, and resolved from the store by `peek`.
    @Test func linkedDocumentsTheTraversalReadAreMerged() async throws {
        let server = Server()
        server.serve([
            "/contacts/1": Self.contact(1, name: "Ann", contacts: [2, 3]),
            "/contacts/2": Self.contact(2, name: "Bob"),
            "/contacts/3": Self.contact(3, name: "Cy"),
        ])
        let store = try Self.store(server)
        let contact = try await store.fetch(Contact.show(1), includingPaths: [IncludePath(.toMany("contacts"))])
        #expect(contact.contacts.resolved?.map(\.name) == ["Bob", "Cy"])
        #expect(server.requestCount == 3)
        let peeked = await store.peek(Contact.show(1), includingPaths: [IncludePath(.toMany("contacts"))])
        #expect(peeked?.contacts.resolved?.map(\.name) == ["Bob", "Cy"])
        #expect(await store.peek(Contact.show(3))?.name == "Cy")
        #expect(server.requestCount == 3)
    }

    /// A list's members, each with its embedded website, are records; `peek` of the list answers
    /// without a request and sees a member read later.
    @Test func listsAreMergedByMember() async throws {
        let server = Server()
        let items = [
            Self.contact(1, name: "Ann", website: Self.website(title: "Home")),
            Self.contact(2, name: "Bob"),
        ].joined(separator: ",")
        server.serve(["/contacts": #"{"_links": {"self": {"href": "/contacts"}}, "_embedded": {"contacts": [\#(items)]}}"#])
        let store = try Self.store(server)
        let listed = try await store.fetch(Contact.list(), includingPaths: [IncludePath(.toOne("website"))])
        #expect(listed.map(\.name) == ["Ann", "Bob"])
        #expect(listed.first?.website?.resolved?.title == "Home")
        server.serve(["/contacts/2": Self.contact(2, name: "Bob Ray")])
        _ = try await store.fetch(Contact.show(2))
        let requests = server.requestCount
        let peeked = await store.peek(Contact.list(), includingPaths: [IncludePath(.toOne("website"))])
        #expect(peeked?.map(\.name) == ["Ann", "Bob Ray"])
        #expect(peeked?.first?.website?.resolved?.title == "Home")
        #expect(server.requestCount == requests)
    }

    /// Two watchers over overlapping graphs (a contact with its website; the list of contacts with
    /// theirs) both see a change to the website read by a third call, and only when their value changed.
    @Test func watchersOfOverlappingGraphsSeeEveryChange() async throws {
        let server = Server()
        let items = [Self.contact(1, name: "Ann", website: Self.website(title: "Home")), Self.contact(2, name: "Bob")].joined(separator: ",")
        server.serve(["/contacts": #"{"_embedded": {"contacts": [\#(items)]}}"#, "/websites/5": Self.website(title: "Moved")])
        let store = try Self.store(server)
        let website = [IncludePath(.toOne("website"))]
        _ = try await store.fetch(Contact.list(), includingPaths: website)
        var one = await store.watch(Contact.show(1), includingPaths: website).makeAsyncIterator()
        var list = await store.watch(Contact.list(), includingPaths: website).makeAsyncIterator()
        #expect(await one.next()?.website?.resolved?.title == "Home")
        #expect(await list.next()?.first?.website?.resolved?.title == "Home")
        _ = try await store.fetch(Website.show(5))
        #expect(await one.next()?.website?.resolved?.title == "Moved")
        #expect(await list.next()?.first?.website?.resolved?.title == "Moved")
        // A read that changes nothing yields nothing; the next change is what comes next.
        _ = try await store.fetch(Website.show(5))
        server.serve(["/contacts/2": Self.contact(2, name: "Bob Ray")])
        _ = try await store.fetch(Contact.show(2))
        #expect(await list.next()?.map(\.name) == ["Ann", "Bob Ray"])
        server.serve(["/contacts/1": Self.contact(1, name: "Ann Lee")])
        _ = try await store.fetch(Contact.show(1))
        #expect(await one.next()?.name == "Ann Lee")
    }

    /// A path whose resource's `self` link names another URL (`/contacts/1` is `/people/1`): a process
    /// restarted on the store file finds it by that path in `peek` and `watch` without a request, as the
    /// process that read it did.
    @Test func aPathReadIsFoundByARestartedProcess() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hal-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("store.sqlite")
        let server = Server()
        server.serve([
            "/contacts/1": #"{"id": 1, "name": "Ann", "_links": {"self": {"href": "/people/1"}, "contacts": [{"href": "/people/2"}]}}"#,
            "/people/2": #"{"id": 2, "name": "Bob", "_links": {"self": {"href": "/people/2"}, "contacts": []}}"#,
        ])
        func makeStore() throws -> ResourceStore {
            try ResourceStore(client: Client(baseURL: Self.base, transport: server, configuration: .init(codec: HALCodec(), timeout: nil)), file: file)
        }
        let known = [IncludePath(.toMany("contacts"))]
        let read = try await makeStore().fetch(Contact.show(1), includingPaths: known)
        #expect(read.contacts.resolved?.map(\.name) == ["Bob"])
        let requests = server.requestCount

        let store = try makeStore()
        // Required before the watch is awaited: a watch of what the store does not hold yields nothing.
        #expect(try #require(await store.peek(Contact.show(1), includingPaths: known)) == read)
        var watch = await store.watch(Contact.show(1), includingPaths: known).makeAsyncIterator()
        #expect(await watch.next() == read)
        #expect(server.requestCount == requests, "no request")
    }

    /// Every document a traversal read decides whether the read goes to the store file, not only the
    /// first: a linked document marked `private` or `no-store` keeps the whole read in memory, as the
    /// HTTP cache would not keep it for another user; the app can opt in.
    @Test(arguments: ["private, max-age=60", "no-store"])
    func aPrivateLinkedDocumentKeepsTheReadInMemory(cacheControl: String) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hal-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for optedIn in [false, true] {
            let file = directory.appendingPathComponent("store-\(optedIn).sqlite")
            let server = Server()
            server.serve([
                "/contacts/1": #"{"id": 1, "name": "Ann", "_links": {"self": {"href": "/contacts/1"}, "website": {"href": "/websites/5"}, "contacts": []}}"#,
                "/websites/5": Self.website(title: "Home"),
            ])
            server.setCacheControl(cacheControl, for: "/websites/5")
            func makeStore() throws -> ResourceStore {
                let client = Client(baseURL: Self.base, transport: server, configuration: .init(codec: HALCodec(), timeout: nil))
                return try ResourceStore(client: client, file: file, persistsPrivateResponses: optedIn)
            }
            let website = [IncludePath(.toOne("website"))]
            let read = try await makeStore().fetch(Contact.show(1), includingPaths: website)
            #expect(read.website?.resolved?.title == "Home", "read through the link")
            let restarted = try makeStore()
            #expect((await restarted.peek(Contact.show(1)) != nil) == optedIn, "the contact's document was public, the website's \(cacheControl)")
            #expect((await restarted.peek(Website.show(5)) != nil) == optedIn)
        }
    }

    /// `evict` of a show path forgets the record a read of that path found, and nothing else; a watcher
    /// keeps its last value until the resource is read again.
    @Test func evictingAPathForgetsItsRecord() async throws {
        let server = Server()
        server.serve([
            "/contacts/1": Self.contact(1, name: "Ann", website: Self.website(title: "Home")),
        ])
        let store = try Self.store(server)
        _ = try await store.fetch(Contact.show(1), includingPaths: [IncludePath(.toOne("website"))])
        #expect(await store.count == 2)
        await store.evict(Contact.show(1))
        #expect(await store.peek(Contact.show(1)) == nil)
        #expect(await store.peek(Website.show(5))?.title == "Home", "the embedded website is a record of its own")
        #expect(await store.count == 1)
        _ = try await store.fetch(Contact.show(1))
        #expect(await store.peek(Contact.show(1))?.name == "Ann")
    }

    /// A to-many relation the server writes as one link to a collection (Spring Data REST's way) is
    /// resolved from the store as the traversal resolved it: the collection's items, each its own record.
    @Test func aToManyWrittenAsOneLinkToACollectionIsResolvedFromTheStore() async throws {
        let server = Server()
        server.serve([
            "/contacts/1": #"{"id": 1, "name": "Ann", "_links": {"self": {"href": "/contacts/1"}, "contacts": {"href": "/contacts/1/contacts"}}}"#,
            "/contacts/1/contacts": #"{"_links": {"self": {"href": "/contacts/1/contacts"}}, "_embedded": {"contacts": [\#(Self.contact(2, name: "Bob")), \#(Self.contact(3, name: "Cy"))]}}"#,
        ])
        let store = try Self.store(server)
        let known = [IncludePath(.toMany("contacts"))]
        let read = try await store.fetch(Contact.show(1), includingPaths: known)
        #expect(read.contacts.resolved?.map(\.name) == ["Bob", "Cy"])
        let requests = server.requestCount
        let peeked = try #require(await store.peek(Contact.show(1), includingPaths: known))
        #expect(peeked.contacts.resolved?.map(\.name) == ["Bob", "Cy"])
        #expect(await store.peek(Contact.show(3))?.name == "Cy", "each item is a record of its own")
        #expect(server.requestCount == requests)

        // A watcher of the contact watches the collection's items too.
        var watch = await store.watch(Contact.show(1), includingPaths: known).makeAsyncIterator()
        #expect(await watch.next()?.contacts.resolved?.map(\.name) == ["Bob", "Cy"])
        server.serve(["/contacts/3": Self.contact(3, name: "Cy Renamed")])
        _ = try await store.fetch(Contact.show(3))
        #expect(await watch.next()?.contacts.resolved?.map(\.name) == ["Bob", "Cy Renamed"])
    }
}

