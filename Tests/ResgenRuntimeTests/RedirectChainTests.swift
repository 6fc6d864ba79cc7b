import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// The client's rule along a redirect chain: a hop carries a header field the caller set only when it
/// and every hop before it went to origins that field may go to, and a request's body is resent only to
/// an origin the caller trusts. (`TwoOriginsRedirectTests` has the same over real HTTP, both transports.)
@Suite struct RedirectChainTests {
    let base = URL(string: "https://api.example.com")!
    static let elsewhere = "https://evil.example.net"

    /// A POST with a JSON body.
    struct Order: APIRequest {
        typealias Response = EmptyResponse
        static var method: HTTPMethod { .post }
        var pathComponents: [PathComponent] { [.literal("/orders")] }
        var body: RequestBody { .json(["card": "4111 1111 1111 1111"]) }
    }

    /// A GET whose request type sets a field of its own.
    struct Orders: APIRequest {
        typealias Response = EmptyResponse
        static var method: HTTPMethod { .get }
        static var defaultHeaders: [HeaderField] { [HeaderField(name: "X-Static", value: "s")] }
        var pathComponents: [PathComponent] { [.literal("/orders")] }
    }

    /// A client of `base` that sets a field every way it can: defaults and credentials.
    func client(_ transport: FakeTransport, trusting trusted: Set<Origin> = [], auth: AuthMiddleware? = nil) -> Client {
        Client(
            baseURL: base, transport: transport,
            configuration: .init(defaultHeaders: [HeaderField(name: "X-Api-Key", value: "k")], trustedOrigins: trusted),
            middlewares: [auth ?? AuthMiddleware(provider: InMemoryCredentialStore(credential: .bearer("secret")))])
    }

    /// The fields the caller set among those a request carried.
    static func callerFields(_ sent: FakeTransport.Sent) -> [String] {
        ["X-Api-Key", "Authorization", "X-Static", "X-Call"].filter { sent.header(HTTPField.Name($0)!) != nil }
    }

    @Test("A chain back to the API from another origin carries none of the caller's fields")
    func backToTheAPIWithoutCallerFields() async throws {
        let transport = FakeTransport { request, _ in
            switch request.url?.absoluteString {
            case "https://api.example.com/orders": FakeTransport.response(307, headers: [.location: "\(Self.elsewhere)/bounce"])
            case "\(Self.elsewhere)/bounce": FakeTransport.response(307, headers: [.location: "https://api.example.com/admin/chosen-by-b"])
            default: FakeTransport.response(204)
            }
        }
        _ = try await client(transport).send(Orders(), headers: [HeaderField(name: "X-Call", value: "c")])

        let hops = transport.sent
        #expect(hops.map { $0.url?.absoluteString } == ["https://api.example.com/orders", "\(Self.elsewhere)/bounce", "https://api.example.com/admin/chosen-by-b"])
        #expect(Self.callerFields(hops[0]) == ["X-Api-Key", "Authorization", "X-Static", "X-Call"])
        #expect(Self.callerFields(hops[1]) == [])
        #expect(Self.callerFields(hops[2]) == [], "the other origin chose this URL: nothing of the caller's goes with it")
    }

    @Test("Trusted origins keep the caller's fields along the chain, there and back")
    func trustedOriginsKeepThem() async throws {
        let transport = FakeTransport { request, _ in
            switch request.url?.absoluteString {
            case "https://api.example.com/orders": FakeTransport.response(307, headers: [.location: "https://eu.example.com/orders"])
            case "https://eu.example.com/orders": FakeTransport.response(307, headers: [.location: "https://api.example.com/orders/eu"])
            default: FakeTransport.response(204)
            }
        }
        _ = try await client(transport, trusting: [Origin(scheme: "https", host: "eu.example.com")]).send(Orders())
        #expect(transport.sent.map(Self.callerFields) == Array(repeating: ["X-Api-Key", "Authorization", "X-Static"], count: 3))
    }

    @Test("A body is not resent to an untrusted origin: the call fails with the redirect's status and Location", arguments: [307, 308])
    func noBodyToAnUntrustedOrigin(status: Int) async throws {
        let transport = FakeTransport { request, _ in
            request.url?.host == "api.example.com" ? FakeTransport.response(status, headers: [.location: "\(Self.elsewhere)/orders"]) : FakeTransport.response(204)
        }

        let error = await #expect(throws: ClientError.self) { _ = try await client(transport).send(Order()) }

        #expect(transport.sent.map { $0.url?.absoluteString } == ["https://api.example.com/orders"], "the other origin got nothing")
        #expect(error?.kind == .unacceptableStatus)
        #expect(error?.status?.code == status)
        #expect(error?.headers?[.location] == "\(Self.elsewhere)/orders", "the caller can decide to follow it")
        #expect(error?.request.description == "POST https://api.example.com/orders")
    }

    @Test("A body follows a redirect to a trusted origin, and a 303 to any origin drops it")
    func bodyToATrustedOriginAndSeeOther() async throws {
        let trusted = FakeTransport { request, _ in
            request.url?.host == "api.example.com" ? FakeTransport.response(308, headers: [.location: "https://eu.example.com/orders"]) : FakeTransport.response(204)
        }
        _ = try await client(trusted, trusting: [Origin(scheme: "https", host: "eu.example.com")]).send(Order())
        #expect(trusted.sent.map(\.body) == Array(repeating: Data(#"{"card":"4111 1111 1111 1111"}"#.utf8), count: 2))

        let seeOther = FakeTransport { request, _ in
            request.url?.host == "api.example.com" ? FakeTransport.response(303, headers: [.location: "\(Self.elsewhere)/receipt"]) : FakeTransport.response(204)
        }
        _ = try await client(seeOther).send(Order())
        #expect(seeOther.sent.map(\.request.method) == [.post, .get])
        #expect(seeOther.sent[1].body == nil && Self.callerFields(seeOther.sent[1]) == [])
    }

    @Test("A URL the caller named keeps its call's fields and body on its own origin, and loses the client's on the way back")
    func aNamedURL() async throws {
        let named = URL(string: "\(Self.elsewhere)/upload")!
        let transport = FakeTransport { request, _ in
            switch request.url?.absoluteString {
            case "\(Self.elsewhere)/upload": FakeTransport.response(307, headers: [.location: "\(Self.elsewhere)/upload/2"])
            case "\(Self.elsewhere)/upload/2": FakeTransport.response(307, headers: [.location: "https://api.example.com/hook"])
            default: FakeTransport.response(204)
            }
        }
        _ = try await client(transport).request(.put, named, headers: [HeaderField(name: "X-Call", value: "c")], body: .raw(Data("x".utf8), contentType: "text/plain"))

        let hops = transport.sent
        #expect(hops.map { $0.url?.absoluteString } == ["\(Self.elsewhere)/upload", "\(Self.elsewhere)/upload/2", "https://api.example.com/hook"])
        #expect(hops.map(\.body) == Array(repeating: Data("x".utf8), count: 3), "the named and the trusted origin may have the body")
        #expect(hops.map(Self.callerFields) == [["X-Call"], ["X-Call"], ["X-Call"]], "never the client's defaults or credentials: the named origin chose the last URL")
    }

    @Test("An AuthMiddleware for one origin leaves a chain that came back through another")
    func authForOneOrigin() async throws {
        let own = URL(string: "https://files.example.org")!
        let transport = FakeTransport { request, _ in
            switch request.url?.path {
            case "/a": FakeTransport.response(307, headers: [.location: "https://files.example.org/b"])
            case "/b": FakeTransport.response(307, headers: [.location: "\(Self.elsewhere)/c"])
            case "/c": FakeTransport.response(307, headers: [.location: "https://files.example.org/d"])
            default: FakeTransport.response(204)
            }
        }
        let auth = AuthMiddleware(provider: InMemoryCredentialStore(credential: .bearer("files")), origin: own)
        _ = try await client(transport, auth: auth).request(.get, own.appendingPathComponent("a"))
        #expect(transport.sent.map { $0.header(.authorization) } == ["Bearer files", "Bearer files", nil, nil])
    }

    @Test("Middlewares see the chain: the URLs redirected from, and whether it left the trusted origins")
    func theContextTellsMiddlewares() {
        let trusted = URL(string: "https://api.example.com/a")!, other = URL(string: "\(Self.elsewhere)/b")!
        let first = MiddlewareContext(requiresAuth: false, isIdempotent: true, baseOrigin: Origin(base), url: trusted)
        let back = MiddlewareContext(requiresAuth: false, isIdempotent: true, baseOrigin: Origin(base), url: trusted, redirectCount: 2, redirectedFrom: [trusted, other])
        #expect(first.redirectedFrom.isEmpty && !first.hasLeftTrustedOrigins && first.isToTrustedOrigin)
        #expect(back.hasLeftTrustedOrigins && !back.isToTrustedOrigin)
    }
}
