import Foundation
import ResgenRuntime
import Testing

/// The README's "What the generated code looks like" lines, so the README cannot drift from the code.
@Suite struct ReadmeSnippetTests {
    @Test func generatedCodeSnippet() {
        let article = Article(id: "1", title: "Hello", publishedAt: .now, topics: [], ratings: [:])
        #expect(article.views == 0)
        #expect(Article.show("1").path == "/articles/1")
        #expect((Article.show("1") / Comment.list()).path == "/articles/1/comments")
        #expect(Person.show("a/b").path == "/people/a%2Fb")
        #expect(Article.Include.full.includeQuery == "author,comments,tags")
        #expect(SearchArticles(term: "swift", page: 2, states: [.published]).queryItems == [
            QueryItem(name: "page[number]", value: "2"), QueryItem(name: "states", value: "published"),
        ])
        #expect(ArticleState(rawValue: "scheduled") == .unknown("scheduled"))
    }
}
