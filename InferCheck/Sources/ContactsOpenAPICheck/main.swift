import Foundation
import InferCheckSupport
import ResgenRuntime

// The Contacts client generated from the draft `resgen import-openapi` wrote from the OpenAPI document of
// Tests/Servers/hal (fastapi-hypermodel; its routes document their HAL answers), against the same
// server (its URL is the argument): each list and show the draft declares, compared with the raw JSON.
guard CommandLine.arguments.count == 2, let base = URL(string: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: ContactsOpenAPICheck <server URL>\n".utf8))
    exit(64)
}
let client = Client(api: Contacts.self, baseURL: base)
let checker = RoundTripChecker(client: client, format: .hal)
try await checker.check(try await client.fetch(Contact.list()), path: "/contacts")
try await checker.check(try await client.fetch(Contact.show(3)), path: "/contacts/3")
try await checker.check(try await client.fetch(Order.list()), path: "/orders")
try await checker.check(try await client.fetch(Order.show(1)), path: "/orders/1")
try await checker.check(try await client.fetch(Order.show(1) / Item.list()), path: "/orders/1/items")
try await checker.check(try await client.fetch(Order.show(1) / Item.show(2)), path: "/orders/1/items/2")
try await checker.check(try await client.fetch(Website.show(1)), path: "/websites/1")
checker.finish("ContactsOpenAPICheck")
