import Foundation
import OpenAPIURLSession

// docs/openapi-side-by-side.md, swift-openapi-generator's side. Usage: SideBySideOpenAPI BASE-URL ARTICLE-ID
let arguments = CommandLine.arguments
let client = Client(serverURL: URL(string: arguments[1])!, transport: URLSessionTransport())
print(try await fetchArticleWithAuthorAndComments(client, id: arguments[2]))
