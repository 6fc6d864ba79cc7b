import Foundation
import HTTPTypes
import ResgenRuntime
import ResgenStore
import Testing

/// Writes through a `ResourceStore` over a HAL client (issue 51): optimistic, rolled back exactly when
/// refused, queued without a connection and replayed in order, the server's answer the new base; over
/// an in-memory HAL server that answers writes as told.
@Suite struct HALStoreWriteTests {
    /// Serves documents by path and answers writes as told; offline, every request fails as a lost
    /// connection does.
    final class Server: Transport, @unchecked Sendable {
        // @unchecked: every member is only touched under `lock`.
        private let lock = NSLock()
        private var documents: [String: String] = [:]
        private var answers: [String: (HTTPResponse.Status, String?)] = [:]
        private var requests: [String] = []
        private var isOffline = false

        func serve(_ documents: [String: String]) { lock.withLock { self.documents.merge(documents) { _, new in new } } }

        /// How the server answers `"METHOD path"`: a status and a document (nil: no body).
        func answer(_ request: String, _ status: HTTPResponse.Status, _ json: String?) { lock.withLock { answers[request] = (status, json) } }

        func setOffline(_ offline: Bool) { lock.withLock { isOffline = offline } }

        /// The writes the server got, as `"METHOD path"`, in order.
        var writes: [String] { lock.withLock { requests.filter { !$0.hasPrefix("GET ") } } }

        func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
            let path = request.path ?? ""
            let key = "\(request.method.rawValue) \(path)"
            let (offline, document, answer) = lock.withLock { () -> (Bool, String?, (HTTPResponse.Status, String?)?) in
                if !isOffline { requests.append(key) }
                return (isOffline, documents[path], answers[key])
            }
            if offline { throw URLError(.notConnectedToInternet) }
            let status: HTTPResponse.Status
            let json: String?
            if request.method == .get {
                (status, json) = document.map { (.ok, $0) } ?? (.notFound, nil)
            } else {
                (status, json) = answer ?? (.methodNotAllowed, nil)
            }
            var response = HTTPResponse(status: status)
            if json != nil { response.headerFields[.contentType] = "application/hal+json" }
            return (response, Data((json ?? "").utf8))
        }
    }

    static func store(_ server: Server) throws -> ResourceStore {
        try ResourceStore(client: Client(baseURL: URL(string: "http://hal.test")!, transport: server, configuration: .init(codec: HALCodec(), timeout: nil)))
    }

    static let website = [IncludePath(.toOne("website"))]

    /// A patch shows at once and the server's answer becomes the base; a refused patch is rolled back
    /// exactly and its error thrown.
    @Test func patchesAreOptimisticAndRolledBackExactly() async throws {
        let server = Server()
        server.serve([
            "/contacts/1": HALStoreTests.contact(1, name: "Ann", email: "ann@example.org", website: HALStoreTests.website(title: "Home"))
        ])
        let store = try Self.store(server)
        let ann = try await store.fetch(Contact.show(1), includingPaths: Self.website)

        // The server answers with the resource as it now has it (a phone it set itself).
        server.answer("PATCH /contacts/1", .ok, #"{"id": 1, "name": "Ann Lee", "phone_number": "555", "_links": {"self": {"href": "/contacts/1"}}}"#)
        var renamed = ann
        renamed.name = "Ann Lee"
        let patched = try await store.patch(Contact.patch(1), renamed.changes(since: ann))
        #expect(patched?.name == "Ann Lee" && patched?.phone == "555" && patched?.email == "ann@example.org")
        #expect(server.writes == ["PATCH /contacts/1"])
        let shown = await store.peek(Contact.show(1), includingPaths: Self.website)
        #expect(shown?.name == "Ann Lee" && shown?.phone == "555" && shown?.website?.resolved?.title == "Home")
        #expect(await store.pendingWrites.isEmpty)

        // A refusal: thrown, and the store shows exactly what it held before.
        let before = try #require(await store.peek(Contact.show(1), includingPaths: Self.website))
        server.answer("PATCH /contacts/1", .conflict, nil)
        var refused = before
        refused.name = "Refused"
        refused.email = nil
        await #expect(throws: ClientError.self) { try await store.patch(Contact.patch(1), refused.changes(since: before)) }
        #expect(await store.peek(Contact.show(1), includingPaths: Self.website) == before)
        #expect(await store.pendingWrites.isEmpty)
    }

    /// Writes made without a connection show at once, stay queued, and replay in order when the server
    /// answers again; a delete leaves `peek` and the list at once.
    @Test func offlineWritesAreQueuedAndReplayed() async throws {
        let server = Server()
        let items = [HALStoreTests.contact(1, name: "Ann"), HALStoreTests.contact(2, name: "Bob")].joined(separator: ",")
        server.serve(["/contacts": #"{"_embedded": {"contacts": [\#(items)]}}"#])
        let store = try Self.store(server)
        let listed = try await store.fetch(Contact.list())
        server.setOffline(true)
        var renamed = listed[0]
        renamed.name = "Ann Offline"
        let local = try await store.patch(Contact.patch(1), renamed.changes(since: listed[0]))
        #expect(local?.name == "Ann Offline", "applied at once, with no answer")
        try await store.delete(Contact.delete(2))
        #expect(await store.peek(Contact.show(2)) == nil)
        #expect(await store.peek(Contact.list(), includingPaths: [])?.map(\.name) == ["Ann Offline"])
        #expect(await store.pendingWrites.map(\.method) == ["PATCH", "DELETE"])
        #expect(server.writes.isEmpty)

        server.answer("PATCH /contacts/1", .ok, #"{"id": 1, "name": "Ann Offline", "_links": {"self": {"href": "/contacts/1"}}}"#)
        server.answer("DELETE /contacts/2", .noContent, nil)
        server.setOffline(false)
        await store.sync()
        #expect(server.writes == ["PATCH /contacts/1", "DELETE /contacts/2"])
        #expect(await store.pendingWrites.isEmpty)
        #expect(await store.peek(Contact.list(), includingPaths: [])?.map(\.name) == ["Ann Offline"])
    }

    /// A create shows at the end of the list read from its path; the server's answer (its `self`
    /// link) takes the stand-in's place.
    @Test func createsTakeTheServersSelfLink() async throws {
        let server = Server()
        server.serve(["/contacts": #"{"_embedded": {"contacts": [\#(HALStoreTests.contact(1, name: "Ann"))]}}"#])
        let store = try Self.store(server)
        _ = try await store.fetch(Contact.list())
        server.answer("POST /contacts", .created, #"{"id": 7, "name": "Cy", "_links": {"self": {"href": "/contacts/7"}}}"#)
        let lid = LocalID()
        let created = try await store.create(Contact.create(), Contact(id: 0, name: "Cy"), lid: lid)
        #expect(created?.id == 7 && created?.name == "Cy")
        #expect(await store.peek(Contact.list(), includingPaths: [])?.map(\.id) == [1, 7])
        #expect(await store.peekCreated(Contact.self, lid: lid)?.id == 7)
        #expect(await store.peek(Contact.show(7))?.name == "Cy")
        #expect(await store.pendingWrites.isEmpty)
    }

    /// A queued patch the server refuses when it replays (a `409`) stays in the queue, reported; taking
    /// the server's version drops it and reads the resource again at the path the write went to.
    @Test func aRefusedQueuedWriteCanTakeTheServersVersion() async throws {
        let server = Server()
        server.serve(["/contacts/1": HALStoreTests.contact(1, name: "Ann")])
        let store = try Self.store(server)
        let ann = try await store.fetch(Contact.show(1))
        server.setOffline(true)
        var renamed = ann
        renamed.name = "Ann Local"
        _ = try await store.patch(Contact.patch(1), renamed.changes(since: ann))
        server.answer("PATCH /contacts/1", .conflict, nil)
        server.serve(["/contacts/1": HALStoreTests.contact(1, name: "Ann Server")])
        server.setOffline(false)
        await store.sync()
        let refused = try #require(await store.pendingWrites.first)
        #expect(refused.refusalStatus == 409)
        #expect(await store.peek(Contact.show(1))?.name == "Ann Local", "kept applied until the app decides")

        try await store.takeServerVersion(refused.id)
        #expect(await store.pendingWrites.isEmpty)
        #expect(await store.peek(Contact.show(1))?.name == "Ann Server")
    }
}
