import Foundation
import Testing

@_spi(Generated) import ResgenRuntimeCore

/// `RelationshipLink`, the stored form of a relationship's link: no link, a URL as given, or a HAL href
/// resolved against its base when read. Equality and hashing go by the resolved URL whatever the form.
@Suite struct RelationshipLinkTests {
    let base = URL(string: "https://api.example.com/v1/articles/1")!

    @Test func eachFormReadsAsItsURL() {
        #expect(RelationshipLink.none.url == nil)
        #expect(RelationshipLink.none.isNone)
        #expect(RelationshipLink(nil).isNone)
        let given = URL(string: "https://api.example.com/v1/people/9")!
        #expect(RelationshipLink.url(given).url == given)
        #expect(!RelationshipLink.url(given).isNone)
        #expect(RelationshipLink.href("../people/9", base: base).url == URL(string: "https://api.example.com/v1/people/9"))
        #expect(RelationshipLink.href("https://other.example/x", base: nil).url == URL(string: "https://other.example/x"))
        // An href is a link even when it resolves to nothing: it is not "no link".
        #expect(!RelationshipLink.href("http://[", base: nil).isNone)
        #expect(RelationshipLink.href("http://[", base: nil).url == nil)
    }

    @Test func formsCompareAndHashByTheResolvedURL() {
        let resolved = URL(string: "https://api.example.com/v1/people/9")!
        let forms: [RelationshipLink] = [.url(resolved), .href("../people/9", base: base), .href("https://api.example.com/v1/people/9", base: nil)]
        for left in forms {
            for right in forms {
                #expect(left == right)
                #expect(left.hashValue == right.hashValue)
            }
        }
        #expect(RelationshipLink.url(resolved) != .none)
        #expect(RelationshipLink.none != .href("../people/9", base: base))
        #expect(RelationshipLink.url(resolved) != .url(URL(string: "https://api.example.com/v1/people/8")!))
        #expect(RelationshipLink.href("../people/9", base: base) != .href("../people/8", base: base))
        // An href that resolves to no URL reads as no link, and so compares.
        #expect(RelationshipLink.href("http://[", base: nil) == .none)
        #expect(RelationshipLink.none == RelationshipLink(nil))
    }
}
