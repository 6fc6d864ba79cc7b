import Foundation
import HTTPTypes
import Logging
import ResgenRuntime
import Testing

/// No secret of a URL reaches an error's text or a log line: not the userinfo of a URL (or of the base
/// URL a relative link was resolved against), not the value of `api_key`, `access_token`,
/// `X-Amz-Signature`, `sig` and the like (percent-encoded names too), not a fragment. Checked for
/// every error type and kind, in `String(describing:)`, `localizedDescription` and
/// `String(reflecting:)`, on both transports where the HTTP stack's own error text spells the URL.
@Suite struct SecretsInErrorTextTests {
    /// The secrets the URLs below carry; none may appear in any text.
    static let secrets = ["bob", "s3cr3t-pw", "K-api", "K-token", "K-amz", "K-sig", "K-enc", "K-frag", "K-mine"]

    /// One URL with every kind of secret.
    static let url = URL(
        string: "http://bob:s3cr3t-pw@api.test/v1/x?api_key=K-api&page=2&access_token=K-token&X-Amz-Signature=K-amz"
            + "&sig=K-sig&%61pi%5Fkey=K-enc#access_token=K-frag")!

    /// A relative link, against a base URL with userinfo.
    static let base = URL(string: "http://bob:s3cr3t-pw@api.test/v1/")!
    static let relative = "contacts/1?access_token=K-token&Sig=K-sig#K-frag"

    /// Every way an error reaches a log or a screen.
    static func texts(of error: any Error) -> [String] {
        [String(describing: error), error.localizedDescription, String(reflecting: error), "\(error)"]
    }

    static func expectNoSecrets(in error: any Error, sourceLocation: SourceLocation = #_sourceLocation) {
        for text in texts(of: error) {
            for secret in secrets {
                #expect(!text.contains(secret), "'\(secret)' is in: \(text)", sourceLocation: sourceLocation)
            }
        }
    }

    /// A `URLError` as FoundationNetworking makes one: the URL in full in its user info.
    static func urlError(_ url: URL) -> URLError {
        URLError(.cannotConnectToHost, userInfo: [NSURLErrorFailingURLErrorKey: url, "NSErrorFailingURLStringKey": url.absoluteString])
    }

    static let allKinds: [ClientError.Kind] = [
        .unacceptableStatus, .decoding, .transport, .invalidRequest, .missingCredentials, .tooManyRedirects, .unsupportedScheme,
        .responseTooLarge,
    ]

    @Test(arguments: allKinds)
    func everyKindOfClientErrorHidesItsURLsSecrets(kind: ClientError.Kind) {
        let request = ClientError.RequestSummary(method: .get, url: Self.url)
        let problem = ServerErrorDocument.decode(
            Data(#"{"title": "see \#(Self.url.absoluteString)", "status": 400}"#.utf8), contentType: "application/problem+json")
        // The detail quotes URLs (as "does not form a URL with <base>" does); the underlying error spells one.
        let withDetail = ClientError(
            kind: kind, request: request, status: .badRequest, serverError: problem, codingPath: "data",
            detail: "'\(Self.url.absoluteString)' does not form a URL with \(Self.base)")
        let withUnderlying = ClientError(kind: kind, request: request, underlying: Self.urlError(Self.url))
        Self.expectNoSecrets(in: withDetail)
        Self.expectNoSecrets(in: withUnderlying)
        #expect(withUnderlying.description.hasPrefix(
            "GET http://api.test/v1/x?api_key=<redacted>&page=2&access_token=<redacted>&X-Amz-Signature=<redacted>&sig=<redacted>"
                + "&%61pi%5Fkey=<redacted>#<redacted>"))
        #expect(withUnderlying.request.url == Self.url, "the URL itself is the one requested")
    }

    @Test func aClientsOwnSensitiveNamesAreRedactedInItsErrors() async throws {
        let client = Client(
            baseURL: Self.base, transport: FakeTransport(status: 404, json: "{}"),
            configuration: .init(sensitiveQueryParameterNames: Client.Configuration.defaultSensitiveQueryParameterNames.union(["My_Token"])))
        let error = await #expect(throws: ClientError.self) {
            _ = try await client.request(.get, URL(string: "http://api.test/a?my_token=K-mine&api_key=K-api")!)
        }
        let thrown = try #require(error)
        Self.expectNoSecrets(in: thrown)
        #expect(thrown.description.hasPrefix("GET http://api.test/a?my_token=<redacted>&api_key=<redacted> failed with status 404"))
    }

    @Test func aTransportErrorHidesItsURLsSecretsAndThoseItsUnderlyingErrorSpells() {
        let error = TransportError(code: .cannotConnect, method: .get, url: Self.url, underlying: Self.urlError(Self.url))
        Self.expectNoSecrets(in: error)
        #expect(error.description.hasPrefix("GET http://api.test/v1/x?api_key=<redacted>&page=2&"))
    }

    /// A refused connection, on each transport: the HTTP stack's own error text (URLSession's spells the
    /// URL) never shows a secret, in the error or in the log; a relative URL resolved against a base
    /// URL with userinfo keeps none of it.
    @Test(arguments: TransportKind.allCases)
    func aRefusedConnectionShowsNoSecret(kind: TransportKind) async throws {
        let lines = DelayLog.Lines()
        var logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        logger.logLevel = .trace
        // Port 1 on loopback: nothing listens there, so the connection is refused at once.
        let base = URL(string: "http://bob:s3cr3t-pw@127.0.0.1:1/v1/")!
        let client = Client(
            baseURL: base, transport: kind.make(), configuration: .init(codec: HALCodec()),
            middlewares: [LoggingMiddleware(logger: logger, logHeaders: true)])
        for target in [URL(string: Self.relative)!, URL(string: "?X-Amz-Signature=K-amz&%61pi%5Fkey=K-enc#access_token=K-frag")!] {
            let error = await #expect(throws: ClientError.self) { _ = try await client.resource(at: target) }
            let thrown = try #require(error)
            #expect(thrown.kind == .transport && thrown.underlying is TransportError)
            Self.expectNoSecrets(in: thrown)
            Self.expectNoSecrets(in: try #require(thrown.underlying))
        }
        let log = lines.all.joined(separator: "\n")
        #expect(log.contains("failed"))
        for secret in Self.secrets { #expect(!log.contains(secret), "'\(secret)' is logged: \(log)") }
    }

    /// A link that fails, left unresolved: the failure names it without the base URL's userinfo or the
    /// link's secrets; a spent budget and a link that does not expand say as little.
    @Test func traversalFailuresShowNoSecret() async throws {
        let transport = FakeTransport { request, _ in
            guard request.path == "/v1/contacts/1" else {
                return FakeTransport.response(500, #"{"title": "failed: \#(Self.url.absoluteString)"}"#, headers: [.contentType: "application/problem+json"])
            }
            return FakeTransport.response(
                200, #"{"_links": {"self": {"href": "/v1/contacts/1"}, "website": {"href": "/v1/sites/1?access_token=K-token&sig=K-sig#K-frag"}}}"#,
                headers: [.contentType: "application/hal+json"])
        }
        let client = Client(baseURL: Self.base, transport: transport, configuration: .init(codec: HALCodec()))
        let lenient = try await client.traverseDocument(
            at: URL(string: "contacts/1")!, includes: ["website"], options: HALTraversalOptions(failurePolicy: .leaveUnresolved))
        let failure = try #require(lenient.failures.first)
        #expect(failure.description.hasPrefix("website (http://api.test/v1/sites/1?access_token=<redacted>&sig=<redacted>#<redacted>): GET"))
        for secret in Self.secrets { #expect(!failure.description.contains(secret), "'\(secret)' is in: \(failure)") }
        Self.expectNoSecrets(in: failure.error)

        let spent = await #expect(throws: HALTraversalError.self) {
            _ = try await client.resource(at: URL(string: "contacts/1")!, includes: ["website"], options: HALTraversalOptions(requestBudget: 1))
        }
        Self.expectNoSecrets(in: try #require(spent))
        for template in ["/v1/sites/1{?q*}&access_token=K-token{#K-frag", "http://bob:s3cr3t-pw@api.test/s?sig=K-sig{&q}#K-frag{"] {
            let unexpandable = HALTraversalError.unexpandableLink(
                path: "website", href: template, error: URITemplate.Error(template: template, offset: template.utf8.count - 1, reason: .unclosedExpression))
            Self.expectNoSecrets(in: unexpandable)
        }
    }
}
