import Foundation
import Testing

@testable import ResgenRuntime

/// `HALLink` keeps its seldom properties (`type`, `deprecation`, `name`, `profile`, `hreflang`) in a
/// shared box to stay small; it must still behave as a plain value with eight properties.
@Suite struct HALLinkTests {
    @Test func everyPropertyReadsBackWhatWasGiven() {
        let link = HALLink(
            href: "/a", templated: true, type: "t", deprecation: "d", name: "n", profile: "p", title: "ti", hreflang: "h",
            base: URL(string: "https://example.org/"))
        #expect([link.href, link.type, link.deprecation, link.name, link.profile, link.title, link.hreflang] == ["/a", "t", "d", "n", "p", "ti", "h"])
        #expect(link.templated && link.base == URL(string: "https://example.org/"))
    }

    /// Copies share the box; setting a property on one must not change the other.
    @Test func settingASeldomPropertyChangesOnlyThatCopy() {
        let original = HALLink(href: "/a", name: "ea", profile: "p")
        var copy = original
        copy.name = "other"
        copy.hreflang = "de"
        #expect(original.name == "ea" && original.hreflang == nil && original.profile == "p")
        #expect(copy.name == "other" && copy.hreflang == "de" && copy.profile == "p")
        #expect(copy != original)
    }

    /// A property set and cleared again leaves a link equal (and hashing equal) to one that never had it.
    @Test func equalityAndHashingFollowTheValues() {
        var cleared = HALLink(href: "/a", title: "A")
        cleared.deprecation = "https://example.org/why"
        #expect(cleared.isDeprecated)
        cleared.deprecation = nil
        let plain = HALLink(href: "/a", title: "A")
        #expect(cleared == plain)
        #expect(Set([cleared, plain]).count == 1)
        #expect(HALLink(href: "/a", type: "x") == HALLink(href: "/a", type: "x"))
        #expect(HALLink(href: "/a", type: "x") != HALLink(href: "/a", profile: "x"))
    }

    @Test func encodingWritesTheSameLinkObject() throws {
        let link = HALLink(href: "/a", templated: true, name: "ea", title: "A")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(link), as: UTF8.self) == #"{"href":"\/a","name":"ea","templated":true,"title":"A"}"#)
        #expect(try JSONDecoder().decode(HALLink.self, from: encoder.encode(link)) == link)
    }

    /// Links are the bulk of a decoded HAL document: the five seldom properties take one pointer, and a
    /// stored property added to links shows here (64 bytes on Linux, where a `URL` takes 16).
    @Test func theSeldomPropertiesTakeOnePointer() {
        let inline = MemoryLayout<String>.size + MemoryLayout<String?>.size + MemoryLayout<URL?>.size + MemoryLayout<Bool>.size
        #expect(MemoryLayout<HALLink>.size == inline + MemoryLayout<Int>.size)
    }
}
