import Foundation
import ResgenJSONAPI

// docs/openapi-side-by-side.md, resgen's side. Usage: SideBySideResgen BASE-URL ARTICLE-ID
let arguments = CommandLine.arguments
let client = Client(api: Press.self, baseURL: URL(string: arguments[1])!)
print(try await fetchArticleWithAuthorAndComments(client, id: arguments[2]))
