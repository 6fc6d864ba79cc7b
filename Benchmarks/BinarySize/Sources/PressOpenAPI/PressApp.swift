import Foundation
import OpenAPIRuntime

/// The app's work, the same in every Press app of the size benchmark: a page of articles with their authors
/// (`include=author`), one article, and a new comment on it; prints what it got. OpenAPI has no include
/// resolution, so the authors are looked up in `included` by hand, and ids are the wire's strings.
func runPressApp(_ client: Client) async throws {
    let page = try await client.listArticles(query: .init(include: "author")).ok.body.applicationVnd_apiJson
    var people: [String: Components.Schemas.Person] = [:]
    for case .people(let person) in page.included ?? [] {
        people[person.id] = person
    }
    for article in page.data {
        let name = article.relationships?.author.flatMap { people[$0.data.id] }?.attributes.name
        print("\(article.attributes.title) by \(name ?? "?")")
    }
    let article = try await client.showArticle(path: .init(id: "1")).ok.body.applicationVnd_apiJson.data
    print("\(article.attributes.title): \(article.attributes.views ?? 0) views, published \(article.attributes.publishedAt)")
    let new = Components.Schemas.CommentCreateDocument(
        data: .init(
            _type: .comments, attributes: .init(body: "Small is beautiful"),
            relationships: .init(
                author: .init(data: .init(_type: "people", id: "1")),
                article: .init(data: .init(_type: "articles", id: article.id)))))
    let comment = try await client.createComment(body: .applicationVnd_apiJson(new)).created.body.applicationVnd_apiJson.data
    print("comment \(comment.id) on article \(comment.relationships?.article?.data.id ?? "?"): \(comment.attributes.body)")
}
