import Foundation
import ResgenRuntime
@_spi(Testing) import ResgenStore
import Testing

#if os(Linux)
/// A replay of the write queue killed (SIGKILL) at each step of each write, against the real
/// djangorestframework-jsonapi server (issue 51's failure points): before the send, between the
/// server's answer and storing it, and after storing it. After every kill the store file opens, nothing
/// is lost (a write leaves the queue only with its answer stored), and a second process finishes the
/// replay so that the server's data equals the store's.
///
/// The process killed is this test binary run again on one test, ``StoreKillChild``, which replays the
/// file named in its environment and stops at the step named there until the harness kills it.
@Suite(.enabled(if: JSONAPIServer.isAvailable), .timeLimit(.minutes(5))) struct StoreKillTests {
    @Test func aReplayKilledAtEachStepLosesNothing() async throws {
        let server = try await JSONAPIServer.start()
        defer { Task { await server.stop() } }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("store-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        // Three writes queued against a port nothing listens on, so that each gets no answer.
        let pristine = directory.appendingPathComponent("pristine.sqlite")
        let online = Client(api: Press.self, baseURL: server.baseURL, configuration: .init(codec: JSONAPICodec(api: Press.self)))
        let ada = try await online.fetch(Person.show(1))
        let grace = try await online.fetch(Person.show(3))
        do {
            let offline = Client(api: Press.self, baseURL: URL(string: "http://127.0.0.1:9/")!, configuration: .init(codec: JSONAPICodec(api: Press.self)))
            let store = try ResourceStore(client: offline, file: pristine)
            var renamed = ada
            renamed.name = "Ada King"
            try await store.patch(Person.patch(1), renamed.changes(since: ada))
            var moved = grace
            moved.email = "grace@navy.example"
            try await store.patch(Person.patch(3), moved.changes(since: grace))
            try await store.delete(Comment.delete(3), id: 3)
            #expect(await store.pendingWrites.count == 3)
        }

        let ids = try ResourceStore(client: online, file: pristine)
        let writes = await ids.pendingWrites.map(\.id)
        var cases = 0
        for step in ResourceStore.ReplayStep.allCases {
            for write in writes {
                let file = directory.appendingPathComponent("\(step.rawValue)-\(write).sqlite")
                try FileManager.default.copyItem(at: pristine, to: file)
                let stopped = try await StoreKillChild.run(file: file, server: server.baseURL, stopAt: "\(step.rawValue) \(write)")
                #expect(stopped == "AT \(step.rawValue) \(write)", "the child reached the step")

                let afterKill = try ResourceStore(client: online, file: file)
                #expect(await afterKill.fileProblem == nil, "the file opens after the kill")
                let queued = await afterKill.pendingWrites.map(\.id)
                let settled = step == .afterSettle ? writes.filter { $0 <= write } : writes.filter { $0 < write }
                #expect(queued == writes.filter { !settled.contains($0) }, "\(step) \(write): only settled writes left the queue")

                let finished = try await StoreKillChild.run(file: file, server: server.baseURL, stopAt: nil)
                #expect(finished == "DONE 0", "the second process replays the rest")
                let store = try ResourceStore(client: online, file: file)
                #expect(await store.pendingWrites.isEmpty)
                #expect(await store.peek(Person.self, id: 1)?.name == "Ada King")
                #expect(await store.peek(Person.self, id: 3)?.email == "grace@navy.example")
                cases += 1
            }
        }
        #expect(cases == 9)
        #expect(try await online.fetch(Person.show(1)).name == "Ada King")
        #expect(try await online.fetch(Person.show(3)).email == "grace@navy.example")
        await #expect(throws: ClientError.self) { try await online.fetch(Comment.show(3)) }
    }
}

/// The process ``StoreKillTests`` kills: replays the store file `RESGEN_STORE_CHILD` against
/// `RESGEN_STORE_SERVER`, printing `AT <step> <write>` and waiting to be killed at `RESGEN_STORE_STOP`,
/// else `DONE <writes left>`. Disabled unless the harness runs it.
@Suite struct StoreKillChild {
    static let environment = ProcessInfo.processInfo.environment

    @Test(.enabled(if: environment["RESGEN_STORE_CHILD"] != nil))
    func replay() async throws {
        let file = URL(fileURLWithPath: Self.environment["RESGEN_STORE_CHILD"]!)
        let server = URL(string: Self.environment["RESGEN_STORE_SERVER"]!)!
        let stop = Self.environment["RESGEN_STORE_STOP"]
        let client = Client(api: Press.self, baseURL: server, configuration: .init(codec: JSONAPICodec(api: Press.self)))
        let store = try ResourceStore(client: client, file: file)
        await store.setReplayHook { step, write in
            guard "\(step.rawValue) \(write)" == stop else { return }
            FileHandle.standardError.write(Data("AT \(step.rawValue) \(write)\n".utf8))
            // Until the harness kills this process.
            while true { try? await Task.sleep(for: .seconds(3600)) }
        }
        await store.sync()
        FileHandle.standardError.write(Data("DONE \(await store.pendingWrites.count)\n".utf8))
    }

    /// Runs this test binary on ``replay()`` and returns the first `AT …` or `DONE …` line it writes
    /// to standard error; the process is killed with SIGKILL as soon as it writes `AT`, and awaited.
    static func run(file: URL, server: URL, stopAt stop: String?) async throws -> String? {
        let process = Process()
        process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--testing-library", "swift-testing", "--filter", "StoreKillChild"]
        var environment = ProcessInfo.processInfo.environment
        environment["RESGEN_STORE_CHILD"] = file.path
        environment["RESGEN_STORE_SERVER"] = server.absoluteString
        environment["RESGEN_STORE_STOP"] = stop
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let line: String? = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var buffer = ""
                while true {
                    let data = errors.fileHandleForReading.availableData
                    if data.isEmpty { break }
                    buffer += String(decoding: data, as: UTF8.self)
                    if let found = buffer.split(separator: "\n").first(where: { $0.hasPrefix("AT ") || $0.hasPrefix("DONE ") }) {
                        if found.hasPrefix("AT ") { kill(process.processIdentifier, SIGKILL) }
                        continuation.resume(returning: String(found))
                        return
                    }
                }
                continuation.resume(returning: nil)
            }
        }
        process.waitUntilExit()
        return line
    }
}
#endif
