import Foundation
import HTTPTypes
import Testing

@testable import ResgenRuntime

/// Every `type` a JSON:API document names is read and checked against the schema (issue 24): primary
/// data, linkage (to-one, to-many, optional), `included`, relationship endpoints and atomic results. A
/// member of a type the schema does not allow where it stands is a `DecodingError.dataCorrupted` whose
/// path ends in its `type` and whose underlying error is a ``JSONAPITypeMismatch``; include resolution
/// matches on (type, id). The Press types share ids on purpose: article 1, comment 1 and person 1 all
/// exist, so a check on ids alone would pass every test here.
@Suite struct ResourceTypeCheckTests {
    static let codec = JSONAPICodec(api: Press.self)
    static let decoder = DocumentTests.decoder

    static func article(_ id: Int, type: String = "articles", relationships: String = "{}") -> String {
        #"{"type": "\#(type)", "id": "\#(id)", "attributes": {"title": "T\#(id)", "body": "B", "published-at": "2026-01-02T09:00:00Z"}, "relationships": \#(relationships)}"#
    }

    static func person(_ id: Int) -> String { #"{"type": "people", "id": "\#(id)", "attributes": {"name": "Person \#(id)"}}"# }
    static func comment(_ id: Int, relationships: String = "{}") -> String {
        #"{"type": "comments", "id": "\#(id)", "attributes": {"body": "Comment \#(id)"}, "relationships": \#(relationships)}"#
    }

    /// What `body` threw: the path and the mismatch, or nil (an issue is recorded) when it threw something
    /// else or nothing.
    static func mismatch(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) -> (path: String, mismatch: JSONAPITypeMismatch)? {
        do {
            try body()
            Issue.record("decoded without an error", sourceLocation: sourceLocation)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, let mismatch = context.underlyingError as? JSONAPITypeMismatch {
                return (error.pathDescription, mismatch)
            }
            Issue.record("not a type mismatch: \(error)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("not a decoding error: \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    /// Decodes `json` as a document of `[Article]` through the codec (the tape decoder, which declines a
    /// document it cannot decode, then `JSONDecoder`) and checks that the tape decoder alone declined it:
    /// both decoders give the one answer, the error.
    static func decodeArticles(_ json: String, includes: [IncludePath] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let data = Data(json.utf8)
        let decoder = codec.jsonAPIDecoder(from: Self.decoder)
        #expect(TapeDecoder.decode(WireDocument<[Article]>.self, from: data, like: decoder, userInfo: decoder.userInfo) == nil,
                "the tape decoder does not accept it either", sourceLocation: sourceLocation)
        _ = try codec.decodeDocument([Article].self, from: data, decoder: Self.decoder, includes: includes)
    }

    // MARK: primary data

    @Test func oneResourceOfAnotherTypeIsNotReadAsTheRequestedOne() throws {
        let json = #"{"data": \#(Self.article(1, type: "comments"))}"#
        let found = Self.mismatch { _ = try Self.codec.decodeResource(Article.self, from: Data(json.utf8), context: DocumentTests.context()) }
        #expect(found?.path == "data.type")
        #expect(found?.mismatch == JSONAPITypeMismatch(found: "comments", allowed: ["articles"]))
    }

    @Test func aCollectionMemberOfAnotherTypeIsAnErrorAtItsIndex() throws {
        let json = #"{"data": [\#(Self.article(1)), \#(Self.article(1, type: "people"))]}"#
        let found = Self.mismatch { try Self.decodeArticles(json) }
        #expect(found?.path == "data[1].type")
        #expect(found?.mismatch.found == "people")
        #expect(found?.mismatch.allowed == ["articles"])
    }

    @Test func theSparseTwinChecksItsTypeToo() throws {
        let json = #"{"data": [{"type": "people", "id": "1", "attributes": {"title": "T"}}]}"#
        let found = Self.mismatch { _ = try Self.codec.decodeDocument([Article.Sparse].self, from: Data(json.utf8), decoder: Self.decoder) }
        #expect(found?.path == "data[0].type")
        #expect(found?.mismatch == JSONAPITypeMismatch(found: "people", allowed: ["articles"]))
    }

    @Test func aMissingTypeIsAnErrorAsTheSpecificationRequiresOne() throws {
        let primary = #"{"data": [{"id": "1", "attributes": {"title": "T", "body": "B", "published-at": "2026-01-02T09:00:00Z"}}]}"#
        let linkage = #"{"data": [\#(Self.article(1, relationships: #"{"author": {"data": {"id": "2"}}}"#))]}"#
        for (json, path) in [(primary, "data[0].type"), (linkage, "data[0].relationships.author.data.type")] {
            do {
                try Self.decodeArticles(json)
                Issue.record("decoded without a type")
            } catch let error as DecodingError {
                guard case .keyNotFound(let key, _) = error else { throw error }
                #expect(key.stringValue == "type")
                #expect(error.pathDescription == path)
            }
        }
    }

    @Test func rightTypesDecodeAsBeforeOnTheTape() throws {
        let json = #"{"data": [\#(Self.article(1, relationships: #"{"author": {"data": {"type": "people", "id": "1"}}, "comments": {"data": [{"type": "comments", "id": "1"}]}}"#))], "included": [\#(Self.person(1)), \#(Self.comment(1))]}"#
        let decoder = Self.codec.jsonAPIDecoder(from: Self.decoder)
        let wire = try #require(TapeDecoder.decode(WireDocument<[Article]>.self, from: Data(json.utf8), like: decoder, userInfo: decoder.userInfo))
        #expect(wire.data.map(\.author.id) == [1])
        #expect(wire.data.map(\.comments.ids) == [[1]])
    }

    // MARK: linkage

    @Test func aToOneOfAnotherTypeIsAnError() throws {
        let json = #"{"data": [\#(Self.article(1, relationships: #"{"author": {"data": {"type": "comments", "id": "2"}}}"#))]}"#
        let found = Self.mismatch { try Self.decodeArticles(json) }
        #expect(found?.path == "data[0].relationships.author.data.type")
        #expect(found?.mismatch == JSONAPITypeMismatch(found: "comments", allowed: ["people"]))
    }

    @Test func aToManyMemberOfAnotherTypeIsAnErrorAtItsIndex() throws {
        let comments = #"{"comments": {"data": [{"type": "comments", "id": "1"}, {"type": "comments", "id": "2"}, {"type": "articles", "id": "3"}]}}"#
        let found = Self.mismatch { try Self.decodeArticles(#"{"data": [\#(Self.article(1, relationships: comments))]}"#) }
        #expect(found?.path == "data[0].relationships.comments.data[2].type")
        #expect(found?.mismatch == JSONAPITypeMismatch(found: "articles", allowed: ["comments"]))
    }

    @Test func anOptionalToOneOfAnotherTypeIsAnErrorAndNullStaysNull() throws {
        let wrong = #"{"data": [\#(Self.comment(1, relationships: #"{"author": {"data": {"type": "articles", "id": "1"}}}"#))]}"#
        let found = Self.mismatch { _ = try Self.codec.decodeDocument([Comment].self, from: Data(wrong.utf8), decoder: Self.decoder) }
        #expect(found?.path == "data[0].relationships.author.data.type")
        #expect(found?.mismatch == JSONAPITypeMismatch(found: "articles", allowed: ["people"]))
        let null = #"{"data": [\#(Self.comment(1, relationships: #"{"author": {"data": null}}"#))]}"#
        #expect(try Self.codec.decodeDocument([Comment].self, from: Data(null.utf8), decoder: Self.decoder).data.map(\.author) == [nil])
    }

    @Test func linkageInAnIncludedResourceIsCheckedToo() throws {
        let comment = Self.comment(1, relationships: #"{"article": {"data": {"type": "people", "id": "1"}}}"#)
        let json = #"{"data": [\#(Self.article(1))], "included": [\#(Self.person(1)), \#(comment)]}"#
        let found = Self.mismatch { try Self.decodeArticles(json) }
        #expect(found?.path == "included[1].relationships.article.data.type")
        #expect(found?.mismatch == JSONAPITypeMismatch(found: "people", allowed: ["articles"]))
    }

    // MARK: included

    @Test func inclusionMatchesTypeAndIDNeverIDAlone() throws {
        // Article 1's author is person 2 and its comments are comments 2 and 3; every id is also taken by a
        // resource of another type, listed first.
        let relationships = #"{"author": {"data": {"type": "people", "id": "2"}}, "comments": {"data": [{"type": "comments", "id": "2"}, {"type": "comments", "id": "3"}]}}"#
        let included = [Self.article(2), Self.comment(2), Self.person(3), Self.article(3), Self.person(2), Self.comment(3)].joined(separator: ", ")
        let json = #"{"data": [\#(Self.article(1, relationships: relationships)), \#(Self.article(2))], "included": [\#(included)]}"#
        let articles = try Self.codec.decodeDocument(
            [Article].self, from: Data(json.utf8), decoder: Self.decoder, includes: [IncludePath(.toOne("author")), IncludePath(.toMany("comments"))]
        ).data
        #expect(articles[0].author.resolved?.name == "Person 2")
        #expect(articles[0].comments.resolved?.map(\.body) == ["Comment 2", "Comment 3"])
    }

    @Test func aTargetWhoseTypeIsNotIncludedStaysUnresolvedWhateverSharesItsID() throws {
        // Person 2 is not included; comment 2 and article 2 (primary data) are.
        let relationships = #"{"author": {"data": {"type": "people", "id": "2"}}}"#
        let json = #"{"data": [\#(Self.article(1, relationships: relationships)), \#(Self.article(2))], "included": [\#(Self.comment(2))]}"#
        let articles = try Self.codec.decodeDocument([Article].self, from: Data(json.utf8), decoder: Self.decoder, includes: [IncludePath(.toOne("author"))]).data
        #expect(articles[0].author.id == 2)
        #expect(articles[0].author.resolved == nil)
    }

    /// Before issue 24 a linkage naming a comment was read as the id of a person, which an included person
    /// of the same id then resolved: a value from another resource, without an error.
    @Test func aLinkageOfAnotherTypeNeverResolvesToTheSameIDOfTheSchemasType() throws {
        let relationships = #"{"author": {"data": {"type": "comments", "id": "2"}}}"#
        let json = #"{"data": [\#(Self.article(1, relationships: relationships))], "included": [\#(Self.comment(2)), \#(Self.person(2))]}"#
        let found = Self.mismatch { try Self.decodeArticles(json, includes: [IncludePath(.toOne("author"))]) }
        #expect(found?.path == "data[0].relationships.author.data.type")
    }

    @Test func anUnknownIncludedTypeIsSkippedOrWhenStrictATypeMismatch() throws {
        let json = #"{"data": [\#(Self.article(1))], "included": [\#(Self.person(1)), {"type": "planets", "id": "1", "attributes": {}}]}"#
        #expect(try Self.codec.decodeDocument([Article].self, from: Data(json.utf8), decoder: Self.decoder).included.count == 1)
        let strict = JSONAPICodec(api: Press.self, strict: true)
        let found = Self.mismatch { _ = try strict.decodeDocument([Article].self, from: Data(json.utf8), decoder: Self.decoder) }
        #expect(found?.path == "included[1].type")
        #expect(found?.mismatch == JSONAPITypeMismatch(found: "planets", allowed: ["articles", "comments", "people", "tags"]))
        #expect(found?.mismatch.description == "resource type 'planets' where the schema allows 'articles', 'comments', 'people' or 'tags'")
    }

    // MARK: relationship endpoints

    static func client(_ body: String, status: HTTPResponse.Status = .ok) -> (Client, AtomicCannedTransport) {
        let transport = AtomicCannedTransport(status: status, body: body, contentType: JSONAPICodec.mediaType)
        let client = Client(baseURL: URL(string: "https://press.example.org")!, transport: transport, configuration: .init(codec: codec))
        return (client, transport)
    }

    /// The `ClientError` `body` threw, which must be a type mismatch: its coding path and mismatch.
    static func clientMismatch(sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void) async -> (path: String?, mismatch: JSONAPITypeMismatch?) {
        do {
            try await body()
            Issue.record("no error", sourceLocation: sourceLocation)
        } catch let error as ClientError {
            #expect(error.kind == .decoding, sourceLocation: sourceLocation)
            #expect(error.jsonAPITypeMismatch != nil, "\(error)", sourceLocation: sourceLocation)
            return (error.codingPath, error.jsonAPITypeMismatch)
        } catch {
            Issue.record("not a ClientError: \(error)", sourceLocation: sourceLocation)
        }
        return (nil, nil)
    }

    @Test func fetchLinkageChecksEveryMember() async throws {
        let (many, _) = Self.client(#"{"data": [{"type": "comments", "id": "1"}, {"type": "people", "id": "2"}]}"#)
        let found = await Self.clientMismatch { _ = try await many.fetchLinkage(\Article.comments, of: Article.at(1)) }
        #expect(found.path == "data[1].type")
        #expect(found.mismatch == JSONAPITypeMismatch(found: "people", allowed: ["comments"]))

        let (one, _) = Self.client(#"{"data": {"type": "comments", "id": "2"}}"#)
        let single = await Self.clientMismatch { _ = try await one.fetchLinkage(\Article.author, of: Article.at(1)) }
        #expect(single.path == "data.type")
        #expect(single.mismatch == JSONAPITypeMismatch(found: "comments", allowed: ["people"]))

        let (optional, _) = Self.client(#"{"data": {"type": "articles", "id": "2"}}"#)
        #expect(await Self.clientMismatch { _ = try await optional.fetchLinkage(\Comment.author, of: Comment.at(1)) }.path == "data.type")

        let (right, _) = Self.client(#"{"data": [{"type": "comments", "id": "1"}, {"type": "comments", "id": "2"}]}"#)
        #expect(try await right.fetchLinkage(\Article.comments, of: Article.at(1)) == [1, 2])
        let (null, _) = Self.client(#"{"data": null}"#)
        #expect(try await null.fetchLinkage(\Comment.author, of: Comment.at(1)) == nil)
    }

    @Test func anIDThatIsNotTheTargetsIDTypeNamesItsMember() async throws {
        let (client, _) = Self.client(#"{"data": [{"type": "comments", "id": "1"}, {"type": "comments", "id": "x"}]}"#)
        do {
            _ = try await client.fetchLinkage(\Article.comments, of: Article.at(1))
            Issue.record("'x' is not an Int")
        } catch let error as ClientError {
            #expect(error.codingPath == "data[1].id")
            #expect(error.detail == "'x' is not a valid Int id")
            #expect(error.jsonAPITypeMismatch == nil)
        }
    }

    @Test func aRelationshipUpdatesAnswerIsCheckedWhenItCarriesLinkage() async throws {
        let (wrong, transport) = Self.client(#"{"data": [{"type": "tags", "id": "swift"}, {"type": "people", "id": "2"}]}"#)
        let found = await Self.clientMismatch { try await wrong.add(["swift"], to: \Article.tags, of: Article.at(1)) }
        #expect(found.path == "data[1].type")
        #expect(found.mismatch == JSONAPITypeMismatch(found: "people", allowed: ["tags"]))
        #expect(transport.requests.count == 1, "the update was sent once")

        let (toOne, _) = Self.client(#"{"data": {"type": "comments", "id": "2"}}"#)
        let single = await Self.clientMismatch { try await toOne.replace(\Article.author, of: Article.at(1), with: 2) }
        #expect(single.path == "data.type")

        // Right types, top-level meta alone, `null`, and no content are all fine.
        for (status, body) in [(HTTPResponse.Status.ok, #"{"data": [{"type": "tags", "id": "swift"}]}"#), (.ok, #"{"meta": {"updated": true}}"#), (.noContent, "")] {
            try await Self.client(body, status: status).0.replace(\Article.tags, of: Article.at(1), with: ["swift"])
            try await Self.client(body, status: status).0.remove(["swift"], from: \Article.tags, of: Article.at(1))
        }
        try await Self.client(#"{"data": null}"#).0.replace(\Comment.author, of: Comment.at(1), with: nil)
    }

    // MARK: atomic operations

    @Test func anAtomicResultOfAnotherTypeIsAnError() async throws {
        let results = #"{"atomic:results": [{"data": {"type": "authors", "id": "7", "attributes": {"name": "A"}}}, {"data": {"type": "authors", "id": "12", "attributes": {"name": "B"}}}]}"#
        let transport = AtomicCannedTransport(body: results)
        let client = AtomicOperationsTests.client(transport)
        let found = await Self.clientMismatch {
            _ = try await client.atomic { batch in
                (batch.add(Author.create(), Author.New(name: "A")), batch.add(Book.create(), Book.New(title: "B", published: day("2000-01-01"))))
            }
        }
        #expect(found.path == "atomic:results[1].data.type")
        #expect(found.mismatch == JSONAPITypeMismatch(found: "authors", allowed: ["books"]))
    }

    // MARK: the wrong data of issue 24, now errors

    /// Issue 24: `"item": {"data": {"type": "films", "id": "2"}}` under `item: { toOne: Book }` gave a book
    /// with id 2. Here: an article's author (`toOne: Person`) naming comment 2, with person 2 included.
    @Test func issue24AToOneNamingAnotherTypeIsNotReadAsTheTarget() async throws {
        let relationships = #"{"author": {"data": {"type": "comments", "id": "2"}}}"#
        let (client, _) = Self.client(#"{"data": \#(Self.article(1, relationships: relationships)), "included": [\#(Self.person(2)), \#(Self.comment(2))]}"#)
        let found = await Self.clientMismatch { _ = try await client.fetch(Article.show(1), including: .author) }
        #expect(found.path == "data.relationships.author.data.type")
        #expect(found.mismatch == JSONAPITypeMismatch(found: "comments", allowed: ["people"]))
    }

    /// Issue 24: a shelf's `items` (`toMany: Book`) holding `[albums/3, books/4, films/5]` gave
    /// `ids == [3, 4, 5]`, in the resource and from `fetchLinkage`. Here: an article's comments.
    @Test func issue24AToManyOfMixedTypesIsNotReadAsIDsOfTheTarget() async throws {
        let mixed = #"[{"type": "people", "id": "3"}, {"type": "comments", "id": "4"}, {"type": "tags", "id": "5"}]"#
        let (resource, _) = Self.client(#"{"data": \#(Self.article(1, relationships: #"{"comments": {"data": \#(mixed)}}"#))}"#)
        let inResource = await Self.clientMismatch { _ = try await resource.fetch(Article.show(1)) }
        #expect(inResource.path == "data.relationships.comments.data[0].type")
        #expect(inResource.mismatch == JSONAPITypeMismatch(found: "people", allowed: ["comments"]))

        let (endpoint, _) = Self.client(#"{"data": \#(mixed)}"#)
        let fromEndpoint = await Self.clientMismatch { _ = try await endpoint.fetchLinkage(\Article.comments, of: Article.at(1)) }
        #expect(fromEndpoint.path == "data[0].type")
        #expect(fromEndpoint.mismatch == JSONAPITypeMismatch(found: "people", allowed: ["comments"]))
    }

    /// Issue 24: `GET /items` read as `[Album]` decoded books and films as albums. Here: `GET /articles`
    /// answering an article, a person and a comment that have an article's attributes, as books and films
    /// share an album's `title` (a request type's response: `RequestTypeCheckTests`).
    @Test func issue24ACollectionOfMixedTypesIsNotReadAsTheRequestedType() async throws {
        let (client, _) = Self.client(#"{"data": [\#(Self.article(1)), \#(Self.article(2, type: "people")), \#(Self.article(3, type: "comments"))]}"#)
        let found = await Self.clientMismatch { _ = try await client.fetch(Article.list()) }
        #expect(found.path == "data[1].type")
        #expect(found.mismatch == JSONAPITypeMismatch(found: "people", allowed: ["articles"]))
    }
}
