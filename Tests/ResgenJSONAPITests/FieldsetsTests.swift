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
