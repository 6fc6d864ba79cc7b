import Foundation
import Testing

@testable import ResgenRuntime

/// `Origin`: what it matches, and the origins it refuses because no request could match them or because
/// they would trust more than they say.
@Suite struct OriginTests {
    @Test("An origin by its parts matches the URLs of that scheme, host and port, whatever their path")
    func partsMatchURLs() throws {
        let url = try #require(URL(string: "https://API.example.com:443/v1/articles?page=2#top"))
        #expect(Origin(of: url) == Origin(scheme: "HTTPS", host: "api.example.com"))
        #expect(Origin(of: url) != Origin(scheme: "http", host: "api.example.com"))
        #expect(Origin(of: url) != Origin(scheme: "https", host: "api.example.com", port: 8443))
        #expect(Origin(scheme: "http", host: "localhost", port: 8080).description == "http://localhost:8080")
    }

    /// Foundation reports an IPv6 literal without brackets (`http://[::1]:8080/` has the host `::1`), so
    /// that is how an origin names one; the zone of a link-local address is decoded.
    @Test(
        "IPv6 addresses and other hosts are written as URL.host reports them",
        arguments: [
            ("http://[::1]:8080/", "::1", 8080),
            ("http://[FE80::1%25eth0]/", "fe80::1%eth0", 80),
            ("https://[::ffff:127.0.0.1]/", "::ffff:127.0.0.1", 443),
            ("http://127.0.0.1:8080", "127.0.0.1", 8080),
            ("https://xn--bcher-kva.de", "xn--bcher-kva.de", 443),
            ("https://example.com./", "example.com.", 443),
        ])
    func hostsAsURLReportsThem(url: String, host: String, port: Int) throws {
        let url = try #require(URL(string: url))
        #expect(Origin.problem(scheme: "http", host: host, port: port) == nil)
        #expect(Origin(of: url)?.host == host)
        #expect(Origin(of: url) == Origin(scheme: try #require(url.scheme), host: host, port: port))
    }

    @Test(
        "A host no URL reports is refused with a message that says what to write",
        arguments: [
            ("host:8443", #"Origin host 'host:8443' has a port; write Origin(scheme: "https", host: "host", port: 8443)"#),
            ("[::1]", "Origin host '[::1]' is in brackets; write an IPv6 address as URL.host reports it: '::1'"),
            ("api.example.com/v1", "Origin host 'api.example.com/v1' can never match a request: a URL written with it has the host 'api.example.com'"),
            ("bob@api.example.com", "Origin host 'bob@api.example.com' can never match a request: a URL written with it has the host 'api.example.com'"),
            ("bücher.de", "Origin host 'bücher.de' can never match a request: a URL written with it has the host 'xn--bcher-kva.de'"),
            ("a b", "Origin host 'a b' is not a host a URL can have"),
            ("", "Origin host is empty"),
        ])
    func unmatchableHosts(host: String, message: String) {
        #expect(Origin.problem(scheme: "https", host: host, port: nil) == message)
    }

    @Test(
        "IPv6 addresses are told from a host with a port",
        arguments: [
            ("::1", true), ("::", true), ("1:2:3:4:5:6:7:8", true), ("1::8", true), ("fe80::1%eth0", true),
            ("::ffff:127.0.0.1", true), ("64:ff9b::1.2.3.4", true), ("host:8443", false), ("localhost:8080", false),
            ("1:2:3:4:5:6:7:8:9", false), ("1::2::3", false), ("12345::1", false), ("::g", false),
            ("::1.2.3.256", false), ("1.2.3.4::", false), ("fe80::1%", false), (":1", false),
        ])
    func ipv6Addresses(text: String, isAddress: Bool) {
        #expect(Origin.isIPv6Address(text) == isAddress)
    }

    @Test("A scheme other than http and https, or a port outside 1...65535, is refused")
    func schemesAndPorts() {
        #expect(Origin.problem(scheme: "ws", host: "example.com", port: nil) == "Origin scheme 'ws' is neither 'http' nor 'https'; no request goes there")
        #expect(Origin.problem(scheme: "http", host: "example.com", port: 0) == "Origin port 0 is outside 1...65535")
        #expect(Origin.problem(scheme: "http", host: "example.com", port: 65536) == "Origin port 65536 is outside 1...65535")
        #expect(Origin.problem(scheme: "http", host: "example.com", port: 65535) == nil)
    }

    @Test("Origin(scheme:host:) stops the program on a host with a port, naming the fix")
    func hostWithPortStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Origin(scheme: "http", host: "localhost:8080")
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains(#"write Origin(scheme: "http", host: "localhost", port: 8080)"#), "\(text)")
    }

    @Test("Origin(scheme:host:) stops the program on an IPv6 address in brackets")
    func bracketedIPv6Stops() async {
        await #expect(processExitsWith: .failure) {
            _ = Origin(scheme: "http", host: "[::1]", port: 8080)
        }
    }

    @Test("A URL that names only an origin makes one; with or without a slash, a port or userinfo")
    func urlsThatNameAnOrigin() throws {
        for text in ["https://cdn.example.com", "https://cdn.example.com/", "https://cdn.example.com:443", "https://u@cdn.example.com/"] {
            #expect(Origin(try #require(URL(string: text))) == Origin(scheme: "https", host: "cdn.example.com"), "\(text)")
        }
        #expect(Origin(try #require(URL(string: "http://[::1]:8080"))) == Origin(scheme: "http", host: "::1", port: 8080))
        #expect(Origin(try #require(URL(string: "/relative/path"))) == nil)
    }

    /// `trustedOrigins: [Origin(URL(string: "https://api.example.com/v1")!)!]` reads as trusting `/v1` and
    /// would trust the whole origin; the program stops instead, without printing the path (it may hold a
    /// secret).
    @Test("Origin(URL) stops the program on a URL with a path, and does not print the path")
    func urlWithPathStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Origin(URL(string: "https://api.example.com/secret-tenant/v1")!)
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("Origin(_:) was given a URL of https://api.example.com:443 with a path"), "\(text)")
        #expect(text.contains("use Origin(of:)"))
        #expect(!text.contains("secret-tenant"))
    }

    @Test("Origin(URL) stops the program on a URL with a query")
    func urlWithQueryStops() async {
        await #expect(processExitsWith: .failure) {
            _ = Origin(URL(string: "https://api.example.com?api_key=K")!)
        }
    }

    @Test("AuthMiddleware stops the program on an origin URL with a path")
    func authMiddlewareOriginWithPathStops() async {
        await #expect(processExitsWith: .failure) {
            _ = AuthMiddleware(provider: InMemoryCredentialStore(credential: .bearer("t")), origin: URL(string: "https://api.example.com/v1")!)
        }
    }
}
