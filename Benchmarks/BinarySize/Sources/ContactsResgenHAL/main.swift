import Foundation
import ResgenHAL

// A HAL-only app: the Contacts client (Schemas/contacts) over the default transport. Usage: ContactsResgenHAL [base URL]
let baseURL = CommandLine.arguments.dropFirst().first.flatMap { URL(string: $0) }
let client = Client(api: Contacts.self, baseURL: baseURL)
let contacts = try await client.fetch(Contact.list(), including: .website)
for contact in contacts {
    print("\(contact.name): \(contact.website?.resolved.map { "\($0)" } ?? "-")")
}
let contact = try await client.fetch(Contact.show(1))
print("\(contact.name) \(contact.email ?? "")")
