import Foundation
import ResgenRuntime
import ResgenStore
import Testing

/// A store file written by an older version of the generated models (issue 51, item 4): a record that
/// no longer decodes is dropped, in memory and in the file, the first time it is read — never a crash,
/// and the records that still decode stay.
@Suite struct StoreMigrationTests {
    @Test func aStoredRecordThatNoLongerDecodesIsDropped() async throws {
        let file = StoreOfflineTests.temporaryFile()
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) } }
        let transport = ScriptTransport()
        let client = Client(api: Press.self, baseURL: URL(string: "https://press.example")!, transport: transport, configuration: .init(codec: JSONAPICodec(api: Press.self)))
        do {
            let store = try ResourceStore(client: client, file: file)
            // As an older model wrote it: no `name`, which today's Person requires.
            transport.body = #"{"data": {"type": "people", "id": "9", "attributes": {"email": "old@example.com"}}}"#
            await #expect(throws: (any Error).self) { try await store.fetch(Person.show(9)) }
            transport.body = #"{"data": {"type": "people", "id": "2", "attributes": {"name": "Alan"}}}"#
            _ = try await store.fetch(Person.show(2))
            #expect(await store.count == 2)
        }
        do {
            let store = try ResourceStore(client: client, file: file)
            #expect(await store.count == 2, "read back as stored")
            #expect(await store.peek(Person.self, id: 9) == nil)
            #expect(await store.count == 1, "dropped when it did not decode")
            #expect(await store.peek(Person.self, id: 2)?.name == "Alan")
        }
        let reopened = try ResourceStore(client: client, file: file)
        #expect(await reopened.count == 1, "dropped from the file too")
    }
}
