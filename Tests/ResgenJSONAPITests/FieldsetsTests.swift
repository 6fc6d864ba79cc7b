import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// Sparse fieldsets for included types (`Fieldsets`), on fixed documents.
@Suite struct FieldsetsTests {
    /// Articles with their authors included as `fields[people]=email`: the people lack their required
    /// `name`, so only the sparse twin can hold them.
    static let document = #"""
        {"data": [{"type": "articles", "id": "1", "attributes": {"title": "T"}, "relationships": {"author": {"data": {"type": "people", "id": "2"}}}},
                  {"type": "articles", "id": "3", "attributes": {"title": "U"}, "relationships": {"author": {"data": {"type": "people", "id": "9"}}}}],
         "included": [{"type": "people", "id": "2", "attributes": {"email": "alan@example.org"}},
                      {"type": "tags", "id": "swift", "attributes": {"name": "Swift"}}]}
        """#

    /// The sparse twin reads and writes through the same fields reader and writer as the full model
    /// (issue 50): a resource object under the JSON:API wire format, the plain form otherwise, and a
    /// field the document leaves out stays nil and is left out again.
    @Test func theSparseTwinReadsAndWritesBothFormsThroughTheModelsReaderAndWriter() throws {
        let object = #"{"type": "articles", "id": "1", "attributes": {"title": "T", "views": 3}, "relationships": {"author": {"data": {"type": "people", "id": "2"}}, "comments": {"links": {"related": "/articles/1/comments"}}}}"#
        let jsonAPIDecoder = JSONDecoder()
        jsonAPIDecoder.userInfo[.resgenWireFormat] = WireFormat.jsonapi
        let sparse = try jsonAPIDecoder.decode(Article.Sparse.self, from: Data(object.utf8))
        #expect(sparse.id == 1 && sparse.title == "T" && sparse.views == 3)
        #expect(sparse.body == nil && sparse.publishedAt == nil && sparse.tags == nil, "not in the document: nil")
        #expect(sparse.author?.id == 2)
        #expect(sparse.comments != nil && sparse.comments?.ids == nil, "sent with links only: there, its members unknown")

        let jsonAPIEncoder = JSONEncoder()
        jsonAPIEncoder.outputFormatting = .sortedKeys
        jsonAPIEncoder.userInfo[.resgenWireFormat] = WireFormat.jsonapi
        let written = try JSONSerialization.jsonObject(with: jsonAPIEncoder.encode(sparse)) as? [String: Any]
        #expect(written?["type"] as? String == "articles" && written?["id"] as? String == "1", "a resource object, its id a string: \(String(describing: written))")
        let attributes = written?["attributes"] as? [String: Any]
        #expect(attributes?.keys.sorted() == ["title", "views"], "absent attributes left out")
        let relationships = written?["relationships"] as? [String: Any]
        #expect((relationships?["author"] as? [String: Any])?["data"] != nil)
        #expect(relationships?["tags"] == nil)
        #expect(relationships?["comments"] == nil, "linkage unknown: not written, as the full model does")
        var sent = sparse
        sent.comments = nil
        #expect(try jsonAPIDecoder.decode(Article.Sparse.self, from: jsonAPIEncoder.encode(sparse)) == sent, "round trip")

        let plain = try JSONEncoder().encode(sparse)
        let plainObject = try JSONSerialization.jsonObject(with: plain) as? [String: Any]
        #expect(plainObject?["type"] == nil && plainObject?["title"] as? String == "T" && plainObject?["body"] == nil, "the plain form")
        #expect(try JSONDecoder().decode(Article.Sparse.self, from: plain) == sparse, "round trip")

        let wrongType = #"{"type": "people", "id": "1"}"#
        #expect(throws: DecodingError.self) { try jsonAPIDecoder.decode(Article.Sparse.self, from: Data(wrongType.utf8)) }
    }

    @Test func queryItemsArePerTypeAndMergeRepeats() {
        let fields: Fieldsets = [Article.fieldset(.title, .author), Person.fieldset(.name), Article.fieldset(.title, .body)]
        #expect(fields.queryItems == [QueryItem(name: "fields[articles]", value: "title,author,body"), QueryItem(name: "fields[people]", value: "name")])
        #expect(Fieldsets([Person.fieldset()]).queryItems == [QueryItem(name: "fields[people]", value: "")], "no fields: ids only")
    }

    @Test func includedResourcesOfRestrictedTypesDecodeIntoTheSparseTwin() throws {
        let data = Data(Self.document.utf8)
        let codec = JSONAPICodec(api: Press.self)
        #expect(throws: DecodingError.self, "the whole Person needs its name") {
            _ = try codec.decodeDocument([Article.Sparse].self, from: data, decoder: DocumentTests.decoder, includes: [IncludePath(.toOne("author"))])
        }
        let document = try codec.decodeDocument(
            [Article.Sparse].self, from: data, decoder: DocumentTests.decoder, includes: [IncludePath(.toOne("author"))],
            fieldsets: [Article.fieldset(.title, .author), Person.fieldset(.email)])
        #expect(document.data.map { document.sparse($0.author)?.email } == ["alan@example.org", nil], "person 9 is not included")
        #expect(document.sparse(document.data[0].author)?.name == nil)
        #expect(document.data[0].author?.resolved == nil, "a ToOne<Person> holds no Person.Sparse: the identifier stays")
        #expect(document.included(Person.self).isEmpty)
        #expect(document.included(Person.Sparse.self).map(\.id) == [2])
        #expect(document.included(Tag.self).map(\.name) == ["Swift"], "unrestricted types decode whole")
    }

    @Test func toManyTargetsAreAllOrNothing() throws {
        let json = #"""
            {"data": {"type": "people", "id": "2", "attributes": {"name": "Alan"}, "relationships": {"articles": {"data": [{"type": "articles", "id": "1"}, {"type": "articles", "id": "4"}]}}},
             "included": [{"type": "articles", "id": "1", "attributes": {"title": "T"}}, {"type": "articles", "id": "4", "attributes": {"title": "U"}}]}
            """#
        let document = try JSONAPICodec(api: Press.self).decodeDocument(
            Person?.self, from: Data(json.utf8), decoder: DocumentTests.decoder, includes: [IncludePath(.toMany("articles"))], fieldsets: [Article.fieldset(.title)])
        let person = try #require(document.data)
        #expect(document.sparse(person.articles)?.map(\.title) == ["T", "U"])
        #expect(person.articles.resolved == nil)
        let partial = ToMany<Article>(ids: [1, 5])
        #expect(document.sparse(partial) == nil, "article 5 is not included")
    }
}
