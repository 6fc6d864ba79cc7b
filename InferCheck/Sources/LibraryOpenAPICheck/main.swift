import Foundation
import InferCheckSupport
import ResgenRuntime

// The Library client generated from the draft `resgen import-openapi` wrote from the OpenAPI document
// of Tests/Servers/fastapi_jsonapi, against the same server (its URL is the argument): each list and
// show the draft declares, with and without the include set the document's `include` parameter
// declares, compared with the raw JSON.
guard CommandLine.arguments.count == 2, let base = URL(string: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: LibraryOpenAPICheck <server URL>\n".utf8))
    exit(64)
}
let client = Client(api: Library.self, baseURL: base)
let checker = RoundTripChecker(client: client, format: .jsonapi)
try await checker.check(try await client.fetch(Book.list()), path: "/books/")
try await checker.check(try await client.fetch(Book.list(), including: .all), path: "/books/?include=author,genres")
try await checker.check(try await client.fetch(Book.show("3")), path: "/books/3/")
try await checker.check(try await client.fetch(Book.show("3"), including: .all), path: "/books/3/?include=author,genres")
try await checker.check(try await client.fetch(Author.list()), path: "/authors/")
try await checker.check(try await client.fetch(Author.show("1")), path: "/authors/1/")
try await checker.check(try await client.fetch(Genre.list()), path: "/genres/")
try await checker.check(try await client.fetch(Genre.show("2")), path: "/genres/2/")
checker.finish("LibraryOpenAPICheck")
