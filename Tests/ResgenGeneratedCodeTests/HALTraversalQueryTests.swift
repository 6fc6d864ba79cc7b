import Foundation
import Testing

@testable import ResgenRuntime

/// Issue 23, item 8: ``HALTraversalOptions/query`` is appended to the query a server wrote in a link,
/// which is kept byte for byte (a signed URL's `sig=a%2Bb` must not become `sig=a+b`); the added names
/// and values are encoded so that a `+` arrives as a `+`, not as a space.
@Suite struct HALTraversalQueryTests {
    static let signed = "/contacts/1?sig=a%2Bb%2F%3D&exp=1700000000&X-Amz-Credential=AK%2F20240101%2Fus-east-1"

    @Test func aSignedLinkKeepsItsQueryAndTheAddedItemsAreEncoded() async throws {
        let transport = CountingDocuments([
            "/contacts/0": CountingDocuments.contact(0, links: [Self.signed, "/contacts/2", "/contacts/3?"]),
            Self.signed + "&q=a%2Bb%20c%26d%3De%23f&flag": CountingDocuments.contact(1, links: []),
            "/contacts/2?q=a%2Bb%20c%26d%3De%23f&flag": CountingDocuments.contact(2, links: []),
            "/contacts/3?q=a%2Bb%20c%26d%3De%23f&flag": CountingDocuments.contact(3, links: []),
        ])
        let options = HALTraversalOptions(query: ["contacts": [QueryItem(name: "q", value: "a+b c&d=e#f"), QueryItem(name: "flag", value: nil)]])
        let typed = try await transport.client().traverse(Contact.show(0), including: [IncludePath(.toMany("contacts"))], options: options)
        #expect(typed.value.contacts.resolved?.map(\.id) == [1, 2, 3], "requests: \(transport.requests)")
        let untyped = try await transport.client().resource(at: URL(string: "/contacts/0")!, includes: ["[contacts]"], options: options)
        #expect(untyped.embedded("contacts")?.map { $0["id"] } == [.number(1), .number(2), .number(3)], "requests: \(transport.requests)")
    }

    @Test(arguments: [
        ("http://h.test/c?sig=a%2Bb", "http://h.test/c?sig=a%2Bb&q=1%2B1"),
        ("http://h.test/c", "http://h.test/c?q=1%2B1"),
        ("http://h.test/c?", "http://h.test/c?q=1%2B1"),
        ("http://h.test/c?a=1&", "http://h.test/c?a=1&q=1%2B1"),
        ("http://h.test/c?a=%20+x#frag%2B", "http://h.test/c?a=%20+x&q=1%2B1#frag%2B"),
        ("http://h.test/c;p?a=b%26c", "http://h.test/c;p?a=b%26c&q=1%2B1"),
    ])
    func appendingKeepsTheServersQueryByteForByte(url: String, expected: String) throws {
        let appended = QueryItem.appending([QueryItem(name: "q", value: "1+1")], to: try #require(URL(string: url)))
        #expect(appended.absoluteString == expected)
    }

    @Test func addedNamesAndValuesCannotChangeTheQuerysStructure() throws {
        let items = [QueryItem(name: "a&b=c", value: "x=y&z#w%"), QueryItem(name: "ü", value: ""), QueryItem(name: "only", value: nil)]
        let appended = QueryItem.appending(items, to: try #require(URL(string: "http://h.test/c?k=v")))
        #expect(appended.absoluteString == "http://h.test/c?k=v&a%26b%3Dc=x%3Dy%26z%23w%25&%C3%BC=&only")
        #expect(QueryItem.appending([], to: try #require(URL(string: "http://h.test/c?s=%2B"))).absoluteString == "http://h.test/c?s=%2B")
    }
}
