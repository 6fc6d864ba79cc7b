import Foundation
import InferCheckSupport
import ResgenRuntime

// The Press client generated from the draft `resgen import-openapi` wrote from the OpenAPI document
// drf-spectacular-jsonapi publishes for Tests/Servers/jsonapi, against the same server (its URL is the
// argument): each list and show the draft declares, with the include sets it declares, compared with
// the raw JSON.
guard CommandLine.arguments.count == 2, let base = URL(string: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: PressOpenAPICheck <server URL>\n".utf8))
    exit(64)
}
let client = Client(api: Press.self, baseURL: base)
let checker = RoundTripChecker(client: client, format: .jsonapi)
try await checker.check(try await client.fetch(Article.list()), path: "/articles")
try await checker.check(try await client.fetch(Article.show(1)), path: "/articles/1")
try await checker.check(try await client.fetch(Article.show(1), including: .all), path: "/articles/1?include=author,comments,tags")
try await checker.check(try await client.fetch(Person.list()), path: "/people")
try await checker.check(try await client.fetch(Person.show(1)), path: "/people/1")
try await checker.check(try await client.fetch(Comment.list()), path: "/comments")
try await checker.check(try await client.fetch(Comment.show(2)), path: "/comments/2")
try await checker.check(try await client.fetch(Tag.list()), path: "/tags")
try await checker.check(try await client.fetch(Tag.show("http")), path: "/tags/http")
checker.finish("PressOpenAPICheck")
