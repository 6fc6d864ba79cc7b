import Foundation
@testable import ResgenRuntimeCore
import Testing

/// RFC 3986 §5 reference resolution on the text (issue 49): §5.4's normal and abnormal examples, escapes
/// kept byte for byte, and only what may not stand in a URL encoded, once.
@Suite struct URIReferenceTests {
    static let base = "http://a/b/c/d;p?q"

    /// RFC 3986 §5.4.1.
    static let normal: [(String, String)] = [
        ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"), ("/g", "http://a/g"),
        ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"), ("#s", "http://a/b/c/d;p?q#s"),
        ("g#s", "http://a/b/c/g#s"), ("g?y#s", "http://a/b/c/g?y#s"), (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"),
        ("g;x?y#s", "http://a/b/c/g;x?y#s"), ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"),
        ("..", "http://a/b/"), ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
        ("../../g", "http://a/g"),
    ]

    /// RFC 3986 §5.4.2.
    static let abnormal: [(String, String)] = [
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"), ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"),
        ("g?y/../x", "http://a/b/c/g?y/../x"), ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"),
        ("http:g", "http:g"),
    ]

    @Test(arguments: normal + abnormal)
    func resolvesAsRFC3986Section5Point4Says(reference: String, expected: String) {
        #expect(URIReference.resolve(reference, against: Self.base) == expected)
    }

    @Test func aLinkKeepsItsEscapesAndItsBracketsAreEncodedOnce() throws {
        let link = "http://host/events/?include=venue%2Ctickets&page[number]=2&page[size]=5"
        let url = try #require(URIReference.url(link, relativeTo: URL(string: "http://host/events/")!))
        #expect(url.absoluteString == "http://host/events/?include=venue%2Ctickets&page%5Bnumber%5D=2&page%5Bsize%5D=5")
        let relative = try #require(URIReference.url("?include=venue%2Ctickets&page%5Bnumber%5D=2", relativeTo: URL(string: "http://host/events/?page=1")!))
        #expect(relative.absoluteString == "http://host/events/?include=venue%2Ctickets&page%5Bnumber%5D=2")
    }

    @Test(arguments: [
        ("a b", "a%20b"), ("café", "caf%C3%A9"), ("100%", "100%25"), ("%zz", "%25zz"), ("%41", "%41"), ("x+y%20z", "x+y%20z"),
        ("http://[::1]:8080/p?q=[1]", "http://[::1]:8080/p?q=%5B1%5D"), ("a{b}|c", "a%7Bb%7D%7Cc"), ("k=", "k="),
        ("http://a/b#c#d", "http://a/b#c%23d"),
    ])
    func onlyWhatMayNotStandInAURLIsEncoded(text: String, expected: String) {
        #expect(URIReference.encodingIllegalCharacters(text) == expected)
        #expect(URIReference.encodingIllegalCharacters(expected) == expected, "encoding twice changes nothing")
    }

    /// Random link spellings: the URL's text is the link resolved, with only illegal characters encoded,
    /// and Foundation keeps it as it is.
    @Test func randomLinksKeepTheirSpelling() throws {
        var generator = SplitMix64(seed: 46)
        let pieces = ["a", "Z", "0", "-", "_", "~", ".", "%2C", "%20", "%25", "+", "=", "&", "[", "]", "%5B", "%5D", " ", "é", "/", ";", ",", "'", "!", "*", ":", "@", "#", "?"]
        for _ in 0..<2_000 {
            let path = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let query = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let host = Bool.random(using: &generator) ? "[::1]:8080" : "example.org"
            let link = "http://\(host)/x/" + path + (Bool.random(using: &generator) ? "?" + query : "")
            let expected = URIReference.encodingIllegalCharacters(URIReference.resolve(link, against: "http://example.org/"))
            let url = try #require(URIReference.url(link, relativeTo: URL(string: "http://example.org/")!), "\(link)")
            #expect(url.absoluteString == expected, "\(link)")
        }
    }
}
