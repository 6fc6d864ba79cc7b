import Foundation
import OpenAPIRuntime

/// An article with its author and comments through swift-openapi-generator's client for press.openapi.yaml:
/// one request with `include=author,comments`; the included resources are matched to the article's linkage
/// by hand, and ids are the wire's strings. (docs/openapi-side-by-side.md counts these lines.)
func fetchArticleWithAuthorAndComments(_ client: Client, id: String) async throws -> ArticleSummary {
    let document = try await client.showArticle(path: .init(id: id), query: .init(include: "author,comments"))
        .ok.body.applicationVnd_apiJson
    var people: [String: Components.Schemas.Person] = [:]
    var comments: [String: Components.Schemas.Comment] = [:]
    for resource in document.included ?? [] {
        switch resource {
        case .people(let person): people[person.id] = person
        case .comments(let comment): comments[comment.id] = comment
        default: break
        }
    }
    let article = document.data
    let author = article.relationships?.author.flatMap { people[$0.data.id] }
    let bodies = (article.relationships?.comments?.data ?? []).compactMap { comments[$0.id]?.attributes.body }
    return ArticleSummary(title: article.attributes.title, author: author?.attributes.name, comments: bodies)
}
