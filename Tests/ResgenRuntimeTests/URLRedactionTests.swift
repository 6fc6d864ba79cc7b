import Foundation
import ResgenRuntime
import Testing

/// The runtime's one redaction policy (`URLRedaction`), on its own: what a logged or described URL
/// keeps and what it never shows. The errors and the logging middleware that use it have their own
/// suites (`SecretsInErrorTextTests`, `MiddlewareTests`).
@Suite struct URLRedactionTests {
    @Test(arguments: [
        // Userinfo, always.
        ("http://bob:PW@host/a", "http://host/a"),
        ("https://bob@host:8443/a?b=1", "https://host:8443/a?b=1"),
        ("//bob:PW@host/a", "//host/a"),
        // Secret values, any case, percent-encoded names, `+` for a space, PHP's `name[]`.
        ("http://h/x?api_key=K&page=2", "http://h/x?api_key=<redacted>&page=2"),
        ("http://h/x?API_KEY=K", "http://h/x?API_KEY=<redacted>"),
        ("http://h/x?X-Amz-Signature=K&X-Amz-Date=1", "http://h/x?X-Amz-Signature=<redacted>&X-Amz-Date=1"),
        ("http://h/x?api%5Fkey=K", "http://h/x?api%5Fkey=<redacted>"),
        ("http://h/x?%61ccess_token=K", "http://h/x?%61ccess_token=<redacted>"),
        ("http://h/x?token[]=K&token[]=L", "http://h/x?token[]=<redacted>&token[]=<redacted>"),
        ("http://h/x?sig=a%2Bb", "http://h/x?sig=<redacted>"),
        // `;` as a separator: the rest of the pair goes.
        ("http://h/x?a=1;api_key=K;b=2&c=3", "http://h/x?a=1;api_key=<redacted>&c=3"),
        // Fragments, always (OAuth's implicit flow puts the token there).
        ("http://h/cb#access_token=K&state=s", "http://h/cb#<redacted>"),
        ("http://h/x?api_key=K#f", "http://h/x?api_key=<redacted>#<redacted>"),
        ("http://h/x#", "http://h/x#"),
        // URI templates (HAL links): expressions start the query or fragment, and end a value.
        ("/x{?page}&access_token=K{&size}", "/x{?page}&access_token=<redacted>{&size}"),
        ("/x{?q*}?api_key=K", "/x{?q*}?api_key=<redacted>"),
        ("http://h/x?sig=K{#section}", "http://h/x?sig=<redacted>#<redacted>"),
        // Relative references.
        ("/x?access_token=K", "/x?access_token=<redacted>"),
        ("?code=K#f", "?code=<redacted>#<redacted>"),
        // Nothing to hide: unchanged (an empty value has nothing to redact).
        ("http://h/x?page=2&api_key=", "http://h/x?page=2&api_key="),
        ("http://h/a@b/c?x", "http://h/a@b/c?x"),
    ])
    func referencesAreRedacted(_ reference: String, _ expected: String) {
        #expect(URLRedaction.reference(reference) == expected)
        #expect(URLRedaction.reference(expected) == expected, "redacting twice changes nothing")
    }

    @Test func aClientsOwnNamesAreRedactedAndOnlyThose() {
        let url = URL(string: "http://h/x?my_token=K&api_key=L")!
        #expect(URLRedaction.string(url, redacting: ["my_token"]) == "http://h/x?my_token=<redacted>&api_key=L")
        #expect(URLRedaction.string(url, redacting: []) == "http://h/x?my_token=K&api_key=L")
    }

    @Test func everyURLInFreeTextIsRedacted() {
        // As FoundationNetworking's URLError spells its URL.
        let text = #"Error Domain=NSURLErrorDomain Code=-1004 "(null)" UserInfo={NSErrorFailingURLKey=http://u:PW@h:1/x?api_key=K1&a=b, "#
            + "NSErrorFailingURLStringKey=https://h/y?X-Amz-Signature=K2#K3}: see ftp://h/z?token=K4\u{1B}[2J"
        let redacted = URLRedaction.text(text)
        for secret in ["PW", "K1", "K2", "K3", "K4"] { #expect(!redacted.contains(secret), "\(secret) in \(redacted)") }
        #expect(redacted.contains("NSErrorFailingURLKey=http://h:1/x?api_key=<redacted>&a=b"))
        #expect(redacted.hasSuffix("ftp://h/z?token=<redacted>\u{1B}[2J"), "a URL ends at a control character: \(redacted)")
        #expect(URLRedaction.text(redacted) == redacted, "redacting twice changes nothing")
        #expect(URLRedaction.text("no URL here: a://") == "no URL here: a://")
    }

    @Test func redactedTextCanBeRedactedAgainWithMoreNames() {
        let once = URLRedaction.text("GET http://h/x?api_key=K&mine=M#f failed)", redacting: ["api_key"])
        #expect(once == "GET http://h/x?api_key=<redacted>&mine=M#<redacted> failed)")
        #expect(URLRedaction.text(once, redacting: ["api_key", "mine"]) == "GET http://h/x?api_key=<redacted>&mine=<redacted>#<redacted> failed)")
        // Text that follows a redacted value directly stays.
        #expect(URLRedaction.text("(http://h/x?api_key=<redacted>): e") == "(http://h/x?api_key=<redacted>): e")
    }

    @Test func linkHeaderTargetsAreRedactedRelativeOrAbsolute() {
        let value = #"</items?page=2&access_token=K1>; rel="next", <http://u:PW@h/items?sig=K2#K3>; rel="self""#
        #expect(URLRedaction.linkValue(value) == #"</items?page=2&access_token=<redacted>>; rel="next", <http://h/items?sig=<redacted>#<redacted>>; rel="self""#)
    }

    /// The sets of secret names are kept lowercase, non-ASCII letters included: by the initializers, and by
    /// the client's configuration when they are set later (every request's context takes them as they are).
    @Test func secretNameSetsAreLowercased() {
        let mixed: Set<String> = ["X-Session", "Authorization", "ÉTAT", "cookie"]
        let expected: Set<String> = ["x-session", "authorization", "état", "cookie"]
        let context = MiddlewareContext(
            requiresAuth: false, isIdempotent: true, baseOrigin: nil, url: URL(string: "https://h/")!,
            sensitiveHeaderNames: mixed, sensitiveQueryParameterNames: ["My_Token", "sig"])
        #expect(context.sensitiveHeaderNames == expected)
        #expect(context.sensitiveQueryParameterNames == ["my_token", "sig"])
        #expect(ClientError.RequestSummary(method: .get, url: URL(string: "https://h/")!, sensitiveQueryParameterNames: ["API_Key", "état"])
            .sensitiveQueryParameterNames == ["api_key", "état"])
        var configuration = Client.Configuration()
        configuration.sensitiveHeaderNames = mixed
        configuration.sensitiveQueryParameterNames.insert("Session_ID")
        #expect(configuration.sensitiveHeaderNames == expected)
        #expect(configuration.sensitiveQueryParameterNames.contains("session_id"))
        #expect(!configuration.sensitiveQueryParameterNames.contains("Session_ID"))
    }
}
