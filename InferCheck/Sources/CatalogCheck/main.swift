import Foundation
import InferCheckSupport
import ResgenRuntime

// The Catalog client generated from the draft `resgen infer` wrote for Tests/Servers/jsonapi_polymorphic,
// against the same server (its URL is the argument): loans (a polymorphic to-one), shelves (a polymorphic
// to-many) and the polymorphic collection /items, each compared with the raw JSON.
guard CommandLine.arguments.count == 2, let base = URL(string: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: CatalogCheck <server URL>\n".utf8))
    exit(64)
}
let client = Client(api: Catalog.self, baseURL: base)
let checker = RoundTripChecker(client: client, format: .jsonapi)
try await checker.check(try await client.fetch(Loan.list()), path: "/loans")
try await checker.check(try await client.fetch(Loan.show(1)), path: "/loans/1")
try await checker.check(try await client.fetch(Shelf.list()), path: "/shelves")
try await checker.check(try await client.fetch(Shelf.show(2)), path: "/shelves/2")
try await checker.check(try await client.fetch(Item.list()), path: "/items")
checker.finish("CatalogCheck")
