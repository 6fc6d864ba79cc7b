import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// Error bodies that are not JSON:API on a JSON:API API (issue 49, item 4), over both transports: the
/// framework's own shapes, read into `ServerErrorDocument.other`, their messages in the error's
/// description. From a scripted server (the shapes of the issue, under the JSON:API media type and plain
/// JSON) and from the real djangorestframework-jsonapi server's plain DRF view (`press/plain.py`).
@Suite struct PlainErrorBodyTests {
    /// A scripted answer, a body and the lines the client must show for it.
    struct Scripted: Sendable, CustomTestStringConvertible {
        var status: Int
        var contentType: String
        var body: String
        var lines: [String]
        var testDescription: String { "\(status) \(contentType) \(body.prefix(40))" }
    }

    static let scripted: [Scripted] = ["application/vnd.api+json", "application/json"].flatMap { type in
        [
            // The server of the issue: `errors` of objects with no JSON:API member, and the field beside them.
            Scripted(status: 400, contentType: type, body: #"{"attr": "station_id", "errors": [{"error": "no station 99", "type": "ValueError"}]}"#, lines: ["station_id: no station 99"]),
            Scripted(status: 422, contentType: type, body: #"{"detail": [{"loc": ["body", "data", "attributes", "title"], "msg": "Field required", "type": "missing"}]}"#, lines: ["body.data.attributes.title: Field required"]),
            Scripted(status: 400, contentType: type, body: #"{"title": ["This field is required."], "non_field_errors": ["Closed."]}"#, lines: ["Closed.", "title: This field is required."]),
            Scripted(status: 500, contentType: type, body: #"{"error": "database is locked"}"#, lines: ["database is locked"]),
        ]
    }

    static let cases: [(Scripted, TransportKind)] = scripted.flatMap { item in TransportKind.allCases.map { (item, $0) } }

    @Test(arguments: cases) func scriptedBodiesReachTheDescription(item: Scripted, kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        try await server.script(["/stations": ScriptedServer.Route(status: item.status, headers: ["Content-Type": item.contentType], body: item.body)])
        let client = Client(api: Press.self, baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Press.self)))
        let error = await #expect(throws: ClientError.self) {
            _ = try await client.request(.post, server.url("/stations"), body: .raw(Data(#"{"station": 99}"#.utf8), contentType: "application/json"))
        }
        let thrown = try #require(error)
        #expect(thrown.status?.code == item.status)
        guard case .other(let document) = thrown.serverError else {
            Issue.record("expected .other, got \(String(describing: thrown.serverError))")
            return
        }
        #expect(document.summaries == item.lines)
        for line in item.lines { #expect(thrown.description.contains("\n  " + line), "\(thrown.description)") }
    }

    /// DRF's `{"field": ["message"]}`, nested serializers included, from a plain view of the real
    /// JSON:API server; it answers `application/json` to a client that asked for JSON:API.
    @Test(.enabled(if: JSONAPIServer.isAvailable), arguments: TransportKind.allCases)
    func djangoRESTFrameworksFieldErrorsFromTheRealServer(kind: TransportKind) async throws {
        let server = try await JSONAPIServer.readOnly()
        let client = Client(api: Press.self, baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Press.self)))
        let body = #"{"email": "not-an-email", "article": 99, "address": {"city": ""}}"#
        let error = await #expect(throws: ClientError.self) {
            _ = try await client.request(.post, client.url(for: "/subscriptions"), body: .raw(Data(body.utf8), contentType: "application/json"))
        }
        let thrown = try #require(error)
        #expect(thrown.status?.code == 400)
        #expect(thrown.headers?[.contentType] == "application/json")
        guard case .other(let document) = thrown.serverError else {
            Issue.record("expected .other, got \(String(describing: thrown.serverError)): \(thrown.bodyExcerpt ?? "")")
            return
        }
        let lines = ["address.city: This field may not be blank.", "article: no article 99", "email: Enter a valid email address."]
        #expect(document.summaries == lines)
        for line in lines { #expect(thrown.description.contains("\n  " + line), "\(thrown.description)") }
        // A valid body passes: the view is there, and only the error is plain.
        let created = try await client.request(.post, client.url(for: "/subscriptions"), body: .raw(Data(#"{"email": "ada@example.org", "article": 1}"#.utf8), contentType: "application/json"))
        #expect(created.response.status.code == 201)
    }
}
