import Foundation
import HTTPTypes
import Testing

@testable import ResgenRuntime

/// RFC 8288 `Link` headers: the parser on its own, and through the public path plain-JSON pagination
/// takes (`PlainJSONCodec.decodePage`).
@Suite struct LinkHeaderTests {
    let base = URL(string: "https://api.example.com/articles?page=1")!

    /// The relations of `value` as absolute strings, for short expectations.
    func relations(_ value: String) -> [String: String] {
        LinkHeader.relations(value, base: base).mapValues(\.absoluteString)
    }

    @Test func commasInsideTheTargetDoNotSplitLinks() {
        #expect(
            relations(#"</articles?ids=1,2&page=2>; rel="next", </articles?ids=1,2>; rel="first""#) == [
                "next": "https://api.example.com/articles?ids=1,2&page=2",
                "first": "https://api.example.com/articles?ids=1,2",
            ])
    }

    @Test func quotedStringsMayHoldCommasSemicolonsAndEscapes() {
        let links = LinkHeader.links(in: #"<a>; title="x, y; \"z\" \\", <b>; rel=next"#)
        #expect(links.map(\.target) == ["a", "b"])
        #expect(links.first?.parameter("title") == #"x, y; "z" \"#)
        #expect(relations(#"<a>; title="x, y; \"z\"", <b>; rel=next"#) == ["next": "https://api.example.com/b"])
    }

    @Test func relMayNameSeveralTypesInAnyCase() {
        #expect(
            relations(#"</p/2>; rel="next  LAST""#) == [
                "next": "https://api.example.com/p/2", "last": "https://api.example.com/p/2",
            ])
        #expect(relations("</p/2>; REL=Next") == ["next": "https://api.example.com/p/2"])
    }

    @Test func parametersComeInAnyOrderWithWhitespaceAroundThem() {
        #expect(relations("</p/2> ;title=\"two\" ;\trel = next ; type=\"application/json\"") == ["next": "https://api.example.com/p/2"])
        #expect(relations(" , </p/2>;rel=next,,</p/9>;rel=last ,") == ["next": "https://api.example.com/p/2", "last": "https://api.example.com/p/9"])
    }

    @Test func onlyTheFirstRelParameterCountsAndRelStarIsAnotherParameter() {
        #expect(relations("</p/2>; rel=next; rel=last") == ["next": "https://api.example.com/p/2"])
        #expect(relations("</p/2>; rel*=UTF-8''next") == [:])
        #expect(relations("</p/2>; rel*=UTF-8''last; rel=next") == ["next": "https://api.example.com/p/2"])
        #expect(relations("</p/2>; rel") == [:])
    }

    @Test func theFirstLinkOfARelationWins() {
        #expect(relations("</p/2>; rel=next, </p/3>; rel=next") == ["next": "https://api.example.com/p/2"])
        #expect(relations("</p/2>; rel=next, </p/3>; rel=\"next prev\"") == ["next": "https://api.example.com/p/2", "prev": "https://api.example.com/p/3"])
    }

    @Test func malformedLinksAreSkippedAndTheOthersKept() {
        let good = ["next": "https://api.example.com/p/2", "last": "https://api.example.com/p/9"]
        for bad in [
            "p/1; rel=prev",  // no <…>
            "</p 1>; rel=prev",  // whitespace in the target
            "</p/1; rel=prev",  // no >
            "</p/1>; rel=\"prev",  // unterminated
            "</p/1> rel=prev",  // no ;
            "</p/1>; =prev",  // no name
            "</p/1>; rel=",  // no value
            "</p/1>; rel=\"a\u{1}b\"",  // a control character
            "</p/1>; title=\"a, b\" junk",  // junk after a quoted comma
        ] {
            #expect(relations("</p/2>; rel=next, \(bad), </p/9>; rel=last") == good, "\(bad)")
        }
    }

    @Test func linksAboutAnotherResourceAreLeftOut() {
        #expect(relations("</p/2>; rel=next; anchor=\"/other\"") == [:])
        #expect(relations("</p/2>; rel=next; anchor=\"\"") == ["next": "https://api.example.com/p/2"])
        #expect(relations("</p/2>; anchor=\"/articles?page=1\"; rel=next") == ["next": "https://api.example.com/p/2"])
    }

    @Test func targetsResolveAgainstTheResponseURL() {
        #expect(relations("<?page=2>; rel=next, <https://cdn.example.org/x>; rel=last") == [
            "next": "https://api.example.com/articles?page=2", "last": "https://cdn.example.org/x",
        ])
    }

    /// Issue 17 item 5: a `next` URL with `ids=1,2` used to end plain-JSON pagination silently.
    @Test func plainJSONPagesFollowANextLinkWithACommaInItsQuery() throws {
        var fields = HTTPFields()
        fields[HTTPField.Name("Link")!] = #"</articles?ids=1,2&page=2>; rel="next", </articles?ids=1,2&page=1>; rel="first""#
        fields.append(HTTPField(name: HTTPField.Name("Link")!, value: "</articles?ids=1,2&page=7>; rel=last"))
        let context = ResponseContext(decoder: JSONDecoder(), url: base, response: HTTPResponse(status: .ok, headerFields: fields))
        let body = Data(#"[{"id": "1", "title": "t", "author": {}, "comments": {}}]"#.utf8)
        let page = try PlainJSONCodec().decodePage(Article.self, from: body, context: context)
        #expect(page.items.map(\.id) == ["1"])
        #expect(page.next?.absoluteString == "https://api.example.com/articles?ids=1,2&page=2")
        #expect(page.first?.absoluteString == "https://api.example.com/articles?ids=1,2&page=1")
        #expect(page.last?.absoluteString == "https://api.example.com/articles?ids=1,2&page=7")
        #expect(page.previous == nil)
    }
}
