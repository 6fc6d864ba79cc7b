import Foundation
import ResgenRuntime
import Testing

/// The generated Contacts client against a real HAL server (fastapi-hypermodel, `Tests/Servers/hal/server.py`).
@Suite(.enabled(if: HALServer.isAvailable), .serialized) struct HALServerTests {
    /// A client of `server` over the `kind` of transport: the suite runs over each.
    func client(_ server: HALServer, _ kind: TransportKind, options: HALTraversalOptions = HALTraversalOptions()) -> Client {
        var configuration = Client.Configuration(codec: HALCodec(options: options))
        configuration.dateFormat = Contacts.dateFormat
        return Client(baseURL: server.baseURL, transport: kind.make(), configuration: configuration)
    }

    // MARK: documents

    @Test(arguments: TransportKind.allCases) func linksKeepCardinalityEveryPropertyAndResolveRelativeHrefs(kind: TransportKind) async throws {
        let server = try await HALServer.shared()
        let contact = try await Client(api: Contacts.self, baseURL: server.baseURL, transport: kind.make()).fetch(Contact.show(1))
        #expect(contact.id == 1 && contact.name == "Contact 1" && contact.email == "c1@example.org" && contact.phone == nil)
        guard case .many(let known) = contact.links["contacts"] else {
            Issue.record("contacts should stay a link array: \(String(describing: contact.links["contacts"]))")
            return
        }
        #expect(known.map(\.url) == [server.url("/contacts/2"), server.url("/contacts/3")])
        #expect(known.map(\.title) == ["Contact 2", "Contact 3"])
        guard case .one(let website) = contact.links["website"] else {
            Issue.record("website should stay one link object")
            return
        }
        #expect(website.url == server.url("/websites/1"))
        #expect(contact.website?.link == server.url("/websites/1"))
        let homepage = try #require(contact.links.link("homepage"))  // a relation the schema does not name
        #expect(homepage.type == "text/html" && homepage.hreflang == "en" && homepage.name == "public")
        #expect(homepage.profile == "https://example.org/profiles/person" && homepage.isDeprecated)
        // CURIEs: the schema's `ea:orders` is also found by its expansion.
        #expect(contact.orders.link == server.url("/contacts/1/orders"))
        #expect(contact.links["/rels/orders"]?.links.first?.url == server.url("/contacts/1/orders"))
        #expect(contact.links.spellings(of: "ea:orders") == ["ea:orders", "/rels/orders"])
    }

    @Test(arguments: TransportKind.allCases) func embeddedItemsDecodeIntoGeneratedModels(kind: TransportKind) async throws {
        let server = try await HALServer.shared()
        let order = try await client(server, kind).fetch(Order.show(1))
        #expect(order.total == Decimal(string: "10.5") && order.status == .pending && order.currency == "EUR")
        #expect(order.items.resolved?.map(\.name) == ["Item 1.1", "Item 1.2"])
        #expect(order.items.ids == [1, 2])
        #expect(order.items.link == server.url("/orders/1/items"))
        #expect(order.customer.link == server.url("/contacts/1") && order.customer.resolved == nil)
    }

    // MARK: traversal

    @Test(arguments: TransportKind.allCases) func generatedIncludeSetFollowsLinksOncePerURL(kind: TransportKind) async throws {
        let server = try await HALServer.start()
        let client = client(server, kind)
        let traversal = try await client.traverse(Contact.show(1), including: Contact.Include.contactsAndWebsiteOfContacts.paths)
        let contact = traversal.value
        #expect(contact.contacts.resolved?.map(\.id) == [2, 3])
        #expect(contact.contacts.resolved?.first?.website?.resolved?.url == URL(string: "https://example.org/2"))
        #expect(contact.contacts.resolved?.last?.website == nil)  // contact 3 has no website
        #expect(contact.website?.resolved?.title == "Site 1")
        let stats = try await server.stats()
        #expect(stats.values.allSatisfy { $0 == 1 })
        #expect(traversal.requestCount == stats.count)
        #expect(Set(stats.keys) == ["/contacts/1", "/contacts/2", "/contacts/3", "/websites/1", "/websites/2"])
        // The same through the codec: `fetch(_:including:)`.
        let again = try await client.fetch(Contact.show(1), including: .contactsAndWebsiteOfContacts)
        #expect(again == contact)
    }

    @Test(arguments: TransportKind.allCases) func includeStringsAreCheckedAgainstTheSchema(kind: TransportKind) async throws {
        let server = try await HALServer.shared()
        let client = client(server, kind)
        let contact = try await client.fetch(Contact.show(1), including: ["[contacts].website", "website", "ea:orders"])
        #expect(contact.contacts.resolved?.count == 2 && contact.website?.resolved != nil)
        #expect(contact.orders.resolved?.map(\.id) == [1, 2, 3])  // one link: the collection
        await #expect(throws: HALTraversalError.unknownInclude(include: "[contacts].webiste", step: "webiste", resource: "Contact", known: ["contacts", "website", "orders"])) {
            try await client.fetch(Contact.show(1), including: ["[contacts].webiste"])
        }
        await #expect(throws: HALTraversalError.invalidInclude(include: "[website]", reason: "'website' is to-one; write it without brackets")) {
            try await client.fetch(Contact.show(1), including: ["[website]"])
        }
    }

    @Test(arguments: TransportKind.allCases) func embeddedIsTakenUnlessAlwaysFetch(kind: TransportKind) async throws {
        let server = try await HALServer.start()
        let embedded = try await client(server, kind).traverse(Order.show(1), including: Order.Include.withItems.paths)
        #expect(embedded.requestCount == 1 && embedded.value.items.resolved?.count == 2)
        let fetched = try await client(server, kind, options: HALTraversalOptions(alwaysFetch: true)).traverse(Order.show(1), including: Order.Include.withItems.paths)
        #expect(fetched.requestCount == 2 && fetched.value.items.resolved?.map(\.quantity) == [1, 2])
        let customer = try await client(server, kind).fetch(Order.show(2), including: .withCustomer)
        #expect(customer.customer.resolved?.website?.resolved?.url == URL(string: "https://example.org/1"))
    }

    @Test(arguments: TransportKind.allCases) func cyclesTerminateAndOptionsHoldAtEveryDepth(kind: TransportKind) async throws {
        let server = try await HALServer.start()
        // Contact i knows i+1 and i+2: four levels deep revisit the same contacts many times.
        let options = HALTraversalOptions(maximumConcurrency: 1, query: ["contacts.contacts.contacts": [QueryItem(name: "depth", value: "3")]])
        let traversal = try await client(server, kind, options: options).traverse(
            Contact.show(1), including: [IncludePath(.toMany("contacts"), .toMany("contacts"), .toMany("contacts"), .toMany("contacts"))])
        let stats = try await server.stats()
        #expect(stats.values.allSatisfy { $0 == 1 }, "\(stats)")
        #expect(traversal.requestCount == stats.count)
        #expect(stats.keys.contains("/contacts/4?depth=3"))  // the query of the third level, applied there
        let third = traversal.value.contacts.resolved?.first?.contacts.resolved?.first?.contacts.resolved?.first
        #expect(third?.id == 4 && third?.contacts.resolved?.map(\.id) == [5, 6])
    }

    @Test(arguments: TransportKind.allCases) func requestBudgetAndFailurePolicy(kind: TransportKind) async throws {
        let server = try await HALServer.start()
        let paths = Contact.Include.contactsAndWebsiteOfContacts.paths
        await #expect(throws: HALTraversalError.self) {
            try await client(server, kind, options: HALTraversalOptions(requestBudget: 2)).traverse(Contact.show(1), including: paths)
        }
        let strict = client(server, kind)
        try await strict.delete(Contact.delete(3))
        let error = await #expect(throws: ClientError.self) { try await strict.traverse(Contact.show(1), including: paths) }
        #expect(error?.description.contains("404") == true)
        let lenient = try await self.client(server, kind, options: HALTraversalOptions(failurePolicy: .leaveUnresolved)).traverse(Contact.show(1), including: paths)
        #expect(lenient.value.contacts.resolved == nil && lenient.value.website?.resolved != nil)
        #expect(lenient.failures.map(\.path) == ["[contacts]"] && lenient.failures.first?.url == server.url("/contacts/3"))
    }

    // MARK: untyped

    @Test(arguments: TransportKind.allCases) func untypedResourceAndCollection(kind: TransportKind) async throws {
        let server = try await HALServer.shared()
        let client = client(server, kind)
        let document = try await client.resource(at: server.url("/contacts/1"), includes: ["[contacts]", "[contacts].website", "website"])
        #expect(document["name"] == .string("Contact 1"))
        #expect(document.embedded("contacts")?.map { $0["id"] } == [.number(2), .number(3)])
        #expect(document.embedded("contacts")?.first?.embeddedOne("website")?["url"] == .string("https://example.org/2"))
        #expect(document.embeddedOne("website")?["title"] == .string("Site 1"))
        let order = try await client.resource(at: URL(string: "/orders/1")!, includes: ["[ea:items]", "ea:customer"])
        #expect(order.embedded("ea:items")?.count == 2 && order.embeddedOne("ea:customer")?["id"] == .number(1))
        let collection = try await client.collection(at: server.url("/contacts?size=4"), includes: ["website"])
        #expect(collection.items.count == 4 && collection.next == server.url("/contacts?page=1&size=4"))
        #expect(collection.metadata["page"]?["totalElements"] == .number(12))
        #expect(collection.items.first?.embeddedOne("website")?["id"] == .number(1))
        #expect(collection.links.link("ea:find")?.templated == true && collection.links.link("ea:find")?.url == nil)
    }

    @Test(arguments: TransportKind.allCases) func templatedLinksExpandWithLayeredVariables(kind: TransportKind) async throws {
        let server = try await HALServer.shared()
        let client = client(server, kind)
        let find = try #require(try await client.collection(at: server.url("/contacts")).links.link("ea:find"))
        #expect(find.templated && find.url == nil && find.title == "Find contacts by name")
        let defaults: [String: URITemplate.Value] = ["name": "contact 2", "page": "0"]
        let url = try #require(try find.url(expanding: TemplateVariables(defaults: defaults, call: ["name": "contact 1"])))
        #expect(url == server.url("/contacts/search?name=contact%201&page=0"))
        #expect(try await client.page(Contact.self, at: url).items.map(\.id) == [1, 10, 11, 12])
        let all = try #require(try find.url(expanding: TemplateVariables(defaults: defaults, removing: ["name"])))
        #expect(try await client.page(Contact.self, at: all).items.count == 12)
        // Traversal follows a templated link with the options' variables, at any depth.
        let options = HALTraversalOptions(templateVariables: TemplateVariables(defaults: defaults))
        let document = try await client.resource(at: server.url("/contacts?size=1"), includes: ["[ea:find]"], options: options)
        #expect(document.embedded("ea:find")?.map { $0["id"] } == [.number(2)])
    }

    // MARK: pagination

    @Test(arguments: TransportKind.allCases) func pagesFollowNextLinks(kind: TransportKind) async throws {
        let server = try await HALServer.shared()
        let client = client(server, kind)
        var pages: [Page<Contact>] = []
        for try await page in client.pages(Contact.list()) { pages.append(page) }
        #expect(pages.map(\.items.count) == [5, 5, 2])
        #expect(pages.flatMap(\.items).map(\.id) == Array(1...12))
        #expect(pages[1].previous == server.url("/contacts?page=0&size=5") && pages[0].last == server.url("/contacts?page=2&size=5"))
        #expect(pages[0].meta?["page"]?["totalPages"] == .number(3))
        var orders: [Order] = []
        for try await order in client.items(Order.list()) { orders.append(order) }
        #expect(orders.map(\.id) == [1, 2, 3] && orders.allSatisfy { $0.items.resolved?.count == 2 })
        let found = try await client.send(FindContacts(name: "contact 1"))
        #expect(found.map(\.id) == [1, 10, 11, 12])
    }

    @Test(arguments: TransportKind.allCases) func pagesAndItemsTraverseEachPagesItems(kind: TransportKind) async throws {
        let server = try await HALServer.shared()
        let client = client(server, kind)
        var pages: [Page<Contact>] = []
        for try await page in client.pages(Contact.list(), including: .website) { pages.append(page) }
        #expect(pages.map(\.items.count) == [5, 5, 2])
        let websites = pages.flatMap(\.items).map { $0.website?.resolved?.url.absoluteString }
        let expected = (1...12).map { $0 % 3 == 0 ? nil : "https://example.org/\($0)" }  // every third has no website
        #expect(websites == expected, "each page's items traversed")
        var contacts: [Contact] = []
        for try await contact in client.items(Contact.list(), including: .contactsAndWebsiteOfContacts) { contacts.append(contact) }
        #expect(contacts.count == 12)
        #expect(contacts.first?.contacts.resolved?.first?.website?.resolved?.url == URL(string: "https://example.org/2"))
    }

    // MARK: writes and errors

    @Test(arguments: TransportKind.allCases) func createPatchDeleteAndErrorDocuments(kind: TransportKind) async throws {
        let server = try await HALServer.start()
        let client = client(server, kind)
        // The server refuses a body with `id`, `_links` or `_embedded` (400): success shows none were sent.
        let created = try await client.create(Contact.create(), Contact(id: 0, name: "New", email: "new@example.org"))
        #expect(created.id == 13 && created.name == "New" && created.links.selfLink?.url == server.url("/contacts/13"))
        let patched = try await client.patch(Contact.patch(13), ["phone_number": "+49 1"])
        #expect(patched.phone == "+49 1" && patched.email == "new@example.org")
        try await client.delete(Contact.delete(13))
        let missing = await #expect(throws: ClientError.self) { try await client.fetch(Contact.show(13)) }
        guard case .problem(let problem) = missing?.serverError else {
            Issue.record("expected problem details: \(String(describing: missing))")
            return
        }
        #expect(problem.status == 404 && problem.detail == "no contact 13")
        let invalid = await #expect(throws: ClientError.self) { try await client.patch(Contact.patch(1), ["name": 5]) }
        #expect(invalid?.description.contains("422") == true)
        let conflict = await #expect(throws: ClientError.self) { try await client.delete(Order.delete(1)) }
        guard case .vndError(let vnd) = conflict?.serverError else {
            Issue.record("expected vnd.error: \(String(describing: conflict))")
            return
        }
        #expect(vnd.message == "order 1 cannot be deleted once placed" && vnd.logref == "orders-immutable")
    }
}
