import Foundation
@_spi(Generated) import ResgenRuntime
import Testing

/// `HALWrite`: every form of every relationship value, as generated HAL bodies write them — ids, URIs
/// under the client's base URL, links the server sent, link arrays, removal, and what is not sent.
@Suite struct HALRelationshipWriteTests {
    static let base = URL(string: "https://api.example.com/v1")!

    /// `value` encoded alone, as a client with `base` (or none) encodes it.
    func json(_ value: HALRelationshipValue?, base: URL? = Self.base) throws -> String? {
        guard let value else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if let base { encoder.userInfo[.resgenBaseURL] = base }
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func aToOneByIDInEveryForm() throws {
        let post = ToOne<Forum.Post>(id: 7)
        #expect(try json(HALWrite.toOne(post, as: .id)) == "7")
        #expect(try json(HALWrite.toOne(post, as: .uri)) == #""https://api.example.com/v1/posts/7""#)
        #expect(try json(HALWrite.toOne(post, as: .link)) == #"{"href":"https://api.example.com/v1/posts/7"}"#)
        // Outside a client: the path.
        #expect(try json(HALWrite.toOne(post, as: .uri), base: nil) == #""/posts/7""#)
        // String and UUID ids, percent-encoded in a URI.
        #expect(try json(HALWrite.toOne(ToOne<Person>(id: "a b"), as: .uri)) == #""https://api.example.com/v1/people/a%20b""#)
        let uuid = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
        #expect(try json(HALWrite.toOne(ToOne<Account>(id: uuid), as: .id)) == #""6F9619FF-8B86-D011-B42D-00C04FC964FF""#)
    }

    @Test func aToOneFromTheServersLinkKeepsIt() throws {
        let link = URL(string: "https://other.example/api/posts/3")!
        let post = ToOne<Forum.Post>(link: link)
        #expect(try json(HALWrite.toOne(post, as: .uri)) == #""https://other.example/api/posts/3""#)
        #expect(try json(HALWrite.toOne(post, as: .link)) == #"{"href":"https://other.example/api/posts/3"}"#)
        #expect(try json(HALWrite.toOne(post, as: .id)) == "3")
        // The same id: the server's spelling. Another id (set since): the instance URI of that id.
        #expect(try json(HALWrite.toOne(ToOne<Forum.Post>(id: 3, link: link), as: .uri)) == #""https://other.example/api/posts/3""#)
        #expect(try json(HALWrite.toOne(ToOne<Forum.Post>(id: 4, link: link), as: .uri)) == #""https://api.example.com/v1/posts/4""#)
    }

    @Test func nilIsNullAndNothingKnownIsNotSent() throws {
        for form in [HALWriteForm.id, .uri, .link] {
            #expect(try json(HALWrite.toOne(ToOne<Forum.Post>?.none, as: form)) == "null")
            #expect(try json(HALWrite.toMany(ToMany<Forum.Post>?.none, as: form, links: HALLinks(), rel: "posts")) == "null")
            #expect(HALWrite.toOne(ToOne<Forum.Post>(), as: form) == nil)
            #expect(HALWrite.toMany(ToMany<Forum.Post>(), as: form, links: HALLinks(), rel: "posts") == nil)
            // A link to the collection says nothing of the members.
            let collection = ToMany<Forum.Post>(link: URL(string: "https://api.example.com/v1/posts")!)
            #expect(HALWrite.toMany(collection, as: form, links: HALLinks(), rel: "posts") == nil)
        }
    }

    @Test func aToManyByIDsInEveryForm() throws {
        let posts = ToMany<Forum.Post>(ids: [1, 2])
        let links = HALLinks()
        #expect(try json(HALWrite.toMany(posts, as: .id, links: links, rel: "posts")) == "[1,2]")
        #expect(try json(HALWrite.toMany(posts, as: .uri, links: links, rel: "posts")) == #"["https://api.example.com/v1/posts/1","https://api.example.com/v1/posts/2"]"#)
        #expect(try json(HALWrite.toMany(posts, as: .link, links: links, rel: "posts"))
            == #"[{"href":"https://api.example.com/v1/posts/1"},{"href":"https://api.example.com/v1/posts/2"}]"#)
        #expect(try json(HALWrite.toMany(ToMany<Forum.Post>(ids: []), as: .id, links: links, rel: "posts")) == "[]")
    }

    @Test func aToManyFromALinkArrayWritesItsMembers() throws {
        let document = #"{"_links": {"posts": [{"href": "/v1/posts/4"}, {"href": "/v1/posts/5"}]}}"#
        let decoder = JSONDecoder()
        decoder.userInfo[.halDocumentURL] = URL(string: "https://api.example.com/v1/threads/1")!
        struct Links: Decodable { var _links: HALLinks }
        let links = try decoder.decode(Links.self, from: Data(document.utf8))._links
        let posts = ToMany<Forum.Post>()
        #expect(try json(HALWrite.toMany(posts, as: .uri, links: links, rel: "posts")) == #"["https://api.example.com/v1/posts/4","https://api.example.com/v1/posts/5"]"#)
        #expect(try json(HALWrite.toMany(posts, as: .id, links: links, rel: "posts")) == "[4,5]")
        #expect(try json(HALWrite.toMany(posts, as: .link, links: links, rel: "posts"))
            == #"[{"href":"https://api.example.com/v1/posts/4"},{"href":"https://api.example.com/v1/posts/5"}]"#)
    }

    @Test func aTargetWithoutACollectionPathNeedsALink() throws {
        #expect(throws: EncodingError.self) { try json(HALWrite.toOne(ToOne<Comment>(id: "1"), as: .uri)) }
        let link = URL(string: "https://api.example.com/v1/articles/1/comments/1")!
        #expect(try json(HALWrite.toOne(ToOne<Comment>(link: link), as: .uri)) == #""https://api.example.com/v1/articles/1/comments/1""#)
        #expect(try json(HALWrite.toOne(ToOne<Comment>(id: "1"), as: .id)) == #""1""#)
        // A link whose last segment is no id of the target's type.
        #expect(throws: EncodingError.self) { try json(HALWrite.toOne(ToOne<Forum.Post>(link: URL(string: "https://x.example/posts/latest")!), as: .id)) }
    }

    @Test func changedComparesWhatIsSent() {
        let link = URL(string: "https://api.example.com/v1/posts/3")!
        #expect(!HALWrite.changed(ToOne<Forum.Post>(link: link), since: ToOne(link: link)))
        #expect(HALWrite.changed(ToOne<Forum.Post>(id: 4), since: ToOne(link: link)))
        #expect(HALWrite.changed(ToOne<Forum.Post>?.none, since: ToOne(link: link)))
        #expect(HALWrite.changed(ToOne<Forum.Post>(id: 4), since: nil))
        #expect(!HALWrite.changed(ToOne<Forum.Post>(), since: ToOne(id: 4)))  // unknown: nothing to send
        #expect(!HALWrite.changed(ToOne<Forum.Post>?.none, since: nil))
        #expect(!HALWrite.changed(ToMany<Forum.Post>(ids: [1]), since: ToMany(ids: [1])))
        #expect(HALWrite.changed(ToMany<Forum.Post>(ids: [1, 2]), since: ToMany(ids: [1])))
        #expect(HALWrite.changed(ToMany<Forum.Post>(ids: []), since: ToMany()))
        #expect(!HALWrite.changed(ToMany<Forum.Post>(), since: ToMany(ids: [1])))
        #expect(HALWrite.changed(ToMany<Forum.Post>?.none, since: ToMany(ids: [1])))
    }
}
