import Foundation
import ResgenJSONAPI

/// The app's work, the same in every Press app of the size benchmark: a page of articles with their authors
/// (`include=author`), one article, and a new comment on it; prints what it got.
func runPressApp(_ client: Client) async throws {
    let articles = try await client.fetch(Article.list(), including: .author)
    for article in articles {
        print("\(article.title) by \(article.author.resolved?.name ?? "?")")
    }
    let article = try await client.fetch(Article.show(1))
    print("\(article.title): \(article.views) views, published \(article.publishedAt)")
    let comment = try await client.create(
        Comment.create(), Comment.New(body: "Small is beautiful", author: ToOne(id: 1), article: ToOne(id: article.id)))
    print("comment \(comment.id) on article \(comment.article.id.map(String.init) ?? "?"): \(comment.body)")
}
