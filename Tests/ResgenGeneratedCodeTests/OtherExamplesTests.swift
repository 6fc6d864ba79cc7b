import Foundation
import ResgenRuntime
import Testing

/// Exercises the golden output of `Schemas/contacts` (HAL) and `Schemas/forum` (three levels, JSON input).
@Suite struct OtherExamplesTests {
    @Test func contactsPathsIncludesAndLinks() {
        #expect(Contact.show(7).path == "/contacts/7")
        #expect((Order.show(3) / OrderItem.list()).path == "/orders/3/items")
        #expect(Contact.Include.contactsAndWebsiteOfContacts.paths.map(\.halDescription) == ["[contacts]", "[contacts].website", "website"])
        #expect(Contact.Include.contactsAndWebsiteOfContacts.paths.last?.steps.first?.rel == "website")
        #expect(Order.Include.withItems.paths.first?.steps.first?.rel == "ea:items")
        #expect(Contact.Link.search.rawValue == "ea:find")
        #expect(Contacts.format == .hal)
    }

    @Test func contactsDefaultsAndForms() throws {
        let json = Data(#"{"id": 1, "total": 12.5, "placed_at": "2026-01-01T00:00:00Z"}"#.utf8)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let order = try decoder.decode(Order.self, from: json)
        #expect(order.currency == "EUR")
        #expect(order.status == .pending)
        #expect(order.total == Decimal(string: "12.5"))
        let cancel = CancelOrder(orderID: 4, reason: "late")
        #expect(cancel.path == "/orders/4/cancel")
        guard case .form(let fields) = cancel.body else {
            Issue.record("expected a form body")
            return
        }
        #expect(fields == [QueryItem(name: "reason", value: "late"), QueryItem(name: "notify_customer", value: "true")])
        #expect(DeleteContactsOlderThan().path == "/contacts/older-than/30")
        #expect(DeleteContactsOlderThan(days: 7).path == "/contacts/older-than/7")
        #expect(FindContacts(name: "Ann").queryItems == [QueryItem(name: "name", value: "Ann"), QueryItem(name: "page", value: "0")])
    }

    @Test func forumNestsThreeLevelsAndEscapesKeywords() throws {
        let commenter = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let path = Post.show(1) / PostComment.show(2) / Commenter.show(commenter)
        #expect(path.path == "/posts/1/comments/2/commenters/E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect((Post.show(1) / PostComment.show(2) / Commenter.list()).path == "/posts/1/comments/2/commenters")
        let post = Post(id: 1, title: "t", default: true, isPinned: false)
        #expect(post.default)
        let data = try JSONEncoder().encode(post)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["is-pinned"] as? Bool == false)
        #expect(object["default"] as? Bool == true)
        #expect(Post.Include.discussion.includeQuery == "comments,comments.commenters")
    }
}

@Suite struct ClientForAPITests {
    @Test func aClientForAGeneratedAPIUsesItsFormatAndDates() {
        let blog = Client(api: Blog.self)
        #expect(blog.configuration.codec is JSONAPICodec)
        #expect(blog.configuration.codec.mediaType == "application/vnd.api+json")
        #expect(blog.baseURL.absoluteString == "https://api.example.com/v1")
        let contacts = Client(api: Contacts.self)
        #expect(contacts.configuration.codec is HALCodec)
        #expect(contacts.configuration.dateFormat == Contacts.dateFormat)
        let plain = Client(api: Blog.self, configuration: .init())
        #expect(plain.configuration.codec is PlainJSONCodec, "an explicit configuration wins")
    }
}
