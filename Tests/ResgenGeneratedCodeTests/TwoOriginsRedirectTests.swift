import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// Redirect chains across the two origins of ``TwoOriginsTests`` (A, the API, on 127.0.0.1; B on
/// 127.0.0.2), over both transports: once a chain has passed through B, nothing the caller set goes with
/// it, not even back to A; and a request's body goes to B only when the caller trusts B.
@Suite struct TwoOriginsRedirectTests {
    /// A POST with a JSON body and a request type's own field.
    struct Order: APIRequest {
        typealias Response = EmptyResponse
        static var method: HTTPMethod { .post }
        static var defaultHeaders: [HeaderField] { [HeaderField(name: "X-Static", value: "secret-static")] }
        var pathComponents: [PathComponent] { [.literal("/orders")] }
        var body: RequestBody { .json(["card": "4111 1111 1111 1111"]) }
    }

    static let body = Data(#"{"card":"4111 1111 1111 1111"}"#.utf8)

    @Test(arguments: TransportKind.allCases) func aChainBackToTheAPIFromAnotherOriginCarriesNoCallerField(kind: TransportKind) async throws {
        guard let servers = try await TwoOriginsTests.servers.value else { return }
        let prefix = TwoOriginsTests.prefix(kind, "chain-back")
        try await servers.a.script([
            "\(prefix)/contacts/4": .init(status: 307, headers: ["Location": servers.b.url("\(prefix)/bounce").absoluteString]),
            "\(prefix)/chosen-by-b": .init(headers: ["Content-Type": "application/json"], body: #"{"id": 4, "name": "D"}"#),
        ])
        try await servers.b.script(["\(prefix)/bounce": .init(status: 307, headers: ["Location": servers.a.url("\(prefix)/chosen-by-b").absoluteString])])
        let client = TwoOriginsTests.client(servers.a.url(prefix), kind, codec: PlainJSONCodec())

        #expect(try await client.fetch(Contact.show(4), headers: TwoOriginsTests.callHeaders).name == "D")

        let atA = try await servers.a.log(under: prefix)
        #expect(atA.map(\.target) == ["\(prefix)/contacts/4", "\(prefix)/chosen-by-b"])
        #expect(Set(atA.first.map(TwoOriginsTests.callerFields)?.map { $0.prefix { $0 != ":" } } ?? []) == ["x-api-key", "authorization", "cookie", "x-auth"])
        #expect(atA.last.map(TwoOriginsTests.callerFields) == [], "B chose this URL: nothing of the caller's goes with it")
        try await TwoOriginsTests.expectNoCallerFields(servers.b, under: prefix, count: 1)
    }

    @Test(arguments: TransportKind.allCases) func aBodyIsNotResentToAnotherOrigin(kind: TransportKind) async throws {
        guard let servers = try await TwoOriginsTests.servers.value else { return }
        let prefix = TwoOriginsTests.prefix(kind, "chain-untrusted-body")
        let location = servers.b.url("\(prefix)/orders").absoluteString
        try await servers.a.script(["\(prefix)/orders": .init(status: 307, headers: ["Location": location])])
        try await servers.b.script(["\(prefix)/orders": .init(status: 307, headers: ["Location": servers.a.url("\(prefix)/admin").absoluteString])])
        let client = TwoOriginsTests.client(servers.a.url(prefix), kind, codec: PlainJSONCodec())

        let error = await #expect(throws: ClientError.self) { _ = try await client.send(Order()) }

        #expect(error?.kind == .unacceptableStatus && error?.status?.code == 307)
        #expect(error?.headers?[.location] == location, "the caller can decide to follow it")
        #expect(try await servers.a.log(under: prefix).map(\.length) == [Self.body.count], "only A got the body, once")
        #expect(try await servers.b.log(under: prefix).isEmpty)
    }

    @Test(arguments: TransportKind.allCases) func aBodyFollowsARedirectToATrustedOrigin(kind: TransportKind) async throws {
        guard let servers = try await TwoOriginsTests.servers.value else { return }
        let prefix = TwoOriginsTests.prefix(kind, "chain-trusted-body")
        try await servers.a.script(["\(prefix)/orders": .init(status: 308, headers: ["Location": servers.b.url("\(prefix)/orders").absoluteString])])
        try await servers.b.script(["\(prefix)/orders": .init(status: 204)])
        let client = TwoOriginsTests.client(servers.a.url(prefix), kind, codec: PlainJSONCodec(), trusting: [try #require(Origin(servers.b.baseURL))])

        _ = try await client.send(Order())

        let atB = try await servers.b.log(under: prefix)
        #expect(atB.map(\.method) == ["POST"] && atB.map(\.length) == [Self.body.count])
        #expect(Set(atB.flatMap(TwoOriginsTests.callerFields).map { $0.prefix { $0 != ":" } }) == ["x-api-key", "x-static", "x-auth"])
    }
}
