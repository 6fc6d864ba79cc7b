import Foundation

/// The djangorestframework-jsonapi server of `Tests/Servers/jsonapi`, on a free loopback port with a
/// freshly seeded SQLite database in a temporary directory, for as long as this value lives.
///
/// It runs with `.venv-jsonapi/bin/python` (made by `make jsonapi-server`, which `make test` runs
/// first). Without the venv the tests that need it are skipped with a printed notice — or fail when
/// the environment variable `CI` is set, so CI can never pass by skipping them. The server's stdin
/// is a pipe this process holds: when the test process dies, the server exits too.
final class JSONAPIServer: @unchecked Sendable {
    // @unchecked: `process` and `stdin` are only touched by `stop()`, under `lock`.
    /// Where the server listens, e.g. `http://127.0.0.1:40123`.
    let baseURL: URL

    private let lock = NSLock()
    private let process: Process
    private let stdin: Pipe

    struct StartError: Error, CustomStringConvertible {
        let description: String
    }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // ResgenJSONAPITests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()
    static let script = root.appendingPathComponent("Tests/Servers/jsonapi/server.py")
    static let python = root.appendingPathComponent(".venv-jsonapi/bin/python")

    /// Whether the server tests run: the venv exists, or we are on CI (where its absence must fail).
    static let isAvailable: Bool = {
        if FileManager.default.isExecutableFile(atPath: python.path) { return true }
        if ProcessInfo.processInfo.environment["CI"] != nil { return true }
        print("note: \(python.path) is missing (run `make jsonapi-server`); skipping the JSON:API server tests")
        return false
    }()

    /// A server for tests that only read the seeded data.
    static func readOnly() async throws -> JSONAPIServer { try await readOnlyStart.value }
    private static let readOnlyStart = Task { try await start() }

    /// A server for the (serialized) tests that write.
    static func writable() async throws -> JSONAPIServer { try await writableStart.value }
    private static let writableStart = Task { try await start() }

    static func start() async throws -> JSONAPIServer {
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw StartError(description: "\(python.path) is missing; run `make jsonapi-server`")
        }
        let process = Process()
        process.executableURL = python
        process.arguments = ["-u", script.path]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        let line = await readLine(from: stdout.fileHandleForReading)
        let words = line.split(separator: " ")
        guard words.count == 2, words[0] == "LISTENING", let port = Int(words[1]) else {
            process.terminate()
            process.waitUntilExit()
            throw StartError(description: "the JSON:API server did not report its port (it printed '\(line)')")
        }
        return JSONAPIServer(process: process, stdin: stdin, port: port)
    }

    private init(process: Process, stdin: Pipe, port: Int) {
        self.process = process
        self.stdin = stdin
        self.baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    deinit { stop() }

    func stop() {
        lock.withLock {
            guard process.isRunning else { return }
            process.terminate()
            try? stdin.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    private static func readLine(from handle: FileHandle) async -> String {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                var bytes = Data()
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    bytes.append(chunk)
                    if chunk.contains(UInt8(ascii: "\n")) { break }
                }
                let text = String(decoding: bytes, as: UTF8.self)
                continuation.resume(returning: text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? "")
            }
        }
    }
}
