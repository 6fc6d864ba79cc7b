import BlogClient
import Foundation
import ResgenRuntime
import Testing

/// The JSON:API client generated at build time by ResgenBuildPlugin (target BlogClient).
@Suite struct BlogClientTests {
    @Test func buildsPathsAndIncludes() {
        #expect(BlogClient.Article.show("1").path == "/articles/1")
        #expect((BlogClient.Article.show("1") / BlogClient.Comment.list()).path == "/articles/1/comments")
        #expect(BlogClient.Person.show("a/b").path == "/people/a%2Fb")
        #expect(BlogClient.Article.Include.full.includeQuery == "author,comments,tags")
        #expect(BlogClient.SearchArticles(term: "swift", page: 2, states: []).path == "/articles/search/swift")
    }

    @Test func decodesAnArticle() throws {
        let json = Data(
            #"{"id": "1", "title": "Hello", "published-at": "2026-11-21T10:00:00Z", "topics": [], "ratings": {}, "author": {"id": "9"}}"#
                .utf8
        )
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let article = try decoder.decode(BlogClient.Article.self, from: json)
        #expect(article.title == "Hello")
        #expect(article.author.id == "9")
        #expect(article.commentsPath == "/articles/1/comments", "handwritten code in the target sees the generated types")
    }
}
