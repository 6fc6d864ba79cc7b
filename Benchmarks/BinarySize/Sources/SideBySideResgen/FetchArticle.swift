import Foundation
import ResgenJSONAPI

/// An article with its author and comments through the client resgen generated from the imported draft:
/// one request with `include=author,comments`, resolved into the article's typed relationships.
/// (docs/openapi-side-by-side.md counts these lines.)
func fetchArticleWithAuthorAndComments(_ client: Client, id: String) async throws -> ArticleSummary {
    let article = try await client.fetch(Article.show(id), including: .authorAndComments)
    return ArticleSummary(
        title: article.title, author: article.author.resolved?.name, comments: article.comments.resolved?.map(\.body) ?? [])
}
