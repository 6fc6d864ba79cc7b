import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// A request type's JSON:API response decodes through the same models as a resource path's, so every
/// member's `type` is checked there too (issue 24).
@Suite struct RequestTypeCheckTests {
    /// Answers every request with one JSON:API document.
    final class OneDocument: Transport, Sendable {
        let body: String

        init(_ body: String) { self.body = body }

        func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
            (HTTPResponse(status: .ok, headerFields: [.contentType: JSONAPICodec.mediaType]), Data(self.body.utf8))
        }
    }

    static func article(_ id: String, type: String = "articles") -> String {
        #"{"type": "\#(type)", "id": "\#(id)", "attributes": {"title": "T", "published-at": "2026-01-02T09:00:00Z", "topics": [], "ratings": {}}}"#
    }

    /// Issue 24: a request declared with response `[Album]` on `GET /items` decoded books and films as
    /// albums. Here: `SearchArticles` (response `[Article]`) answered with an article, a person and a tag
    /// that have an article's attributes (as books and films have an album's `title`), which decoded as
    /// articles without an error before.
    @Test func issue24ARequestsResponseOfMixedTypesIsNotReadAsTheDeclaredType() async throws {
        let mixed = #"{"data": [\#(Self.article("1")), \#(Self.article("2", type: "people")), \#(Self.article("3", type: "tags"))]}"#
        let client = Client(api: Blog.self, transport: OneDocument(mixed))
        do {
            _ = try await client.send(SearchArticles(term: "swift", states: []))
            Issue.record("a person and a tag were read as articles")
        } catch let error as ClientError {
            #expect(error.kind == .decoding)
            #expect(error.codingPath == "data[1].type")
            #expect(error.jsonAPITypeMismatch == JSONAPITypeMismatch(found: "people", allowed: ["articles"]))
            #expect(error.description.hasSuffix("at 'data[1].type': resource type 'people' where the schema allows 'articles'"))
        }
    }

    @Test func aRequestsResponseOfTheDeclaredTypeDecodes() async throws {
        let client = Client(api: Blog.self, transport: OneDocument(#"{"data": [\#(Self.article("1")), \#(Self.article("2"))]}"#))
        #expect(try await client.send(SearchArticles(term: "swift", states: [])).map(\.id) == ["1", "2"])
    }
}
