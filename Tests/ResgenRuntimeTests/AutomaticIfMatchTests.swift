import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// Which `If-Match` a write carries with ``Client/Configuration/sendsIfMatchAutomatically`` (issue 27):
/// the strong `ETag` its URL was last read or written with, and never a weak one, which `If-Match`
/// cannot match (RFC 9110 §13.1.1) — a server that compresses (Django's `GZipMiddleware`, nginx) makes
/// its tags weak, and sending them made every write a `412`.
@Suite struct AutomaticIfMatchTests {
    let base = URL(string: "https://api.example.com/v1")!

    /// Answers a `GET` with the article and `read` as its `ETag`, a `PATCH` with the article and
    /// `written` (when given), a `DELETE` with `204`.
    static func server(read: String, written: String? = nil) -> FakeTransport {
        FakeTransport { request, _ in
            var headers: [HTTPField.Name: String] = [.contentType: "application/json"]
            switch request.method {
            case .get: headers[.eTag] = read
            case .delete: return FakeTransport.response(204)
            default: headers[.eTag] = written
            }
            return FakeTransport.response(200, articleJSON, headers: headers)
        }
    }

    func client(_ transport: FakeTransport, automatic: Bool = true) -> Client {
        Client(baseURL: base, transport: transport, configuration: .init(sendsIfMatchAutomatically: automatic))
    }

    /// The `If-Match` of every write sent, in order.
    static func ifMatch(_ transport: FakeTransport) -> [String?] {
        transport.sent.filter { $0.request.method != .get }.map { $0.header(.ifMatch) }
    }

    @Test func aWriteCarriesTheTagItsURLWasLastReadOrWrittenWith() async throws {
        let transport = Self.server(read: #""v1""#, written: #""v2""#)
        let client = client(transport)
        _ = try await client.fetch(Article.show("1"))
        _ = try await client.patch(Article.patch("1"), ["title": "One"])
        _ = try await client.patch(Article.patch("1"), ["title": "Two"])
        try await client.delete(Article.delete("1"))
        try await client.delete(Article.delete("1"))
        #expect(Self.ifMatch(transport) == [#""v1""#, #""v2""#, #""v2""#, nil], "the read's tag, the PATCH answer's, then none after the delete")
    }

    @Test func aWeakTagIsNeverSent() async throws {
        let transport = Self.server(read: #"W/"v1""#)
        let client = client(transport)
        _ = try await client.fetch(Article.show("1"))
        _ = try await client.patch(Article.patch("1"), ["title": "One"])
        #expect(Self.ifMatch(transport) == [nil], "If-Match compares strongly: a weak tag would make the write a 412 however fresh the read")
    }

    @Test func aWeakTagReadAfterAStrongOneForgetsTheStrongOne() async throws {
        let weakNow = LockedFlag()
        let transport = FakeTransport { request, _ in
            let tag = weakNow.value ? #"W/"v2""# : #""v1""#
            return FakeTransport.response(200, articleJSON, headers: [.contentType: "application/json", .eTag: request.method == .get ? tag : #"W/"v3""#])
        }
        let client = client(transport)
        _ = try await client.fetch(Article.show("1"))
        weakNow.value = true
        _ = try await client.fetch(Article.show("1"))
        _ = try await client.patch(Article.patch("1"), ["title": "One"])
        #expect(Self.ifMatch(transport) == [nil], "v1 is no longer the article's tag")
    }

    @Test func nothingIsSentUnlessConfigured() async throws {
        let transport = Self.server(read: #""v1""#)
        let client = client(transport, automatic: false)
        _ = try await client.fetch(Article.show("1"))
        _ = try await client.patch(Article.patch("1"), ["title": "One"])
        #expect(Self.ifMatch(transport) == [nil])
    }

    /// A Bool the transport's handler reads while the test sets it.
    final class LockedFlag: @unchecked Sendable {
        // @unchecked: `stored` is only touched under `lock`.
        private let lock = NSLock()
        private var stored = false
        var value: Bool {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }
}
