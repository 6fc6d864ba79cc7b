import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The fastapi-hypermodel server `Tests/Servers/hal/app.py`, running from the venv `make hal-server`
/// creates (`.venv-hal/`), on a free loopback port for as long as this value lives.
///
/// Without the venv the tests that need it are skipped with a printed notice, or fail when the
/// environment variable `CI` is set. The server exits by itself when this process's end of its stdin
/// pipe closes.
final class HALServer: @unchecked Sendable {
    // @unchecked: `process` and `stdin` are only touched by `stop()`, under `lock`.
    let baseURL: URL
    private let lock = NSLock()
    private let process: Process
    private let stdin: Pipe

    struct StartError: Error, CustomStringConvertible {
        let description: String
    }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // ResgenGeneratedCodeTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static let python = root.appendingPathComponent(".venv-hal/bin/python")
    static let script = root.appendingPathComponent("Tests/Servers/hal/app.py")

    /// Whether the server's tests run: when the venv is there, and always on CI (where a missing venv
    /// must fail them).
    static let isAvailable: Bool = {
        if FileManager.default.isExecutableFile(atPath: python.path) { return true }
        if ProcessInfo.processInfo.environment["CI"] != nil { return true }
        print("note: .venv-hal/ is missing (run `make hal-server`); skipping the tests against the real HAL server")
        return false
    }()

    /// One server for the suites that only read, or create their own data.
    static func shared() async throws -> HALServer { try await sharedStart.value }
    private static let sharedStart = Task { try await start() }

    /// Starts a server and waits until it listens.
    static func start(arguments: [String] = []) async throws -> HALServer {
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw StartError(description: "\(python.path) is missing; `make hal-server` creates it")
        }
        let process = Process()
        process.executableURL = python
        process.arguments = ["-u", script.path] + arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        let line = await readLine(stdout.fileHandleForReading)
        let words = line.split(separator: " ")
        guard words.count == 2, words[0] == "LISTENING", let port = Int(words[1]) else {
            process.terminate()
            process.waitUntilExit()
            throw StartError(description: "the HAL server did not report its port (it printed '\(line)')")
        }
        return HALServer(process: process, stdin: stdin, baseURL: URL(string: "http://127.0.0.1:\(port)")!)
    }

    private init(process: Process, stdin: Pipe, baseURL: URL) {
        self.process = process
        self.stdin = stdin
        self.baseURL = baseURL
    }

    deinit { stop() }

    func url(_ path: String) -> URL { URL(string: baseURL.absoluteString + path)! }

    func stop() {
        lock.withLock {
            guard process.isRunning else { return }
            process.terminate()
            try? stdin.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    /// How often the server saw each path (with query) since the last ``resetStats()``.
    func stats() async throws -> [String: Int] {
        let (data, _) = try await URLSession.shared.data(from: url("/_stats"))
        struct Stats: Decodable { var requests: [String: Int] }
        return try JSONDecoder().decode(Stats.self, from: data).requests
    }

    func resetStats() async throws {
        var request = URLRequest(url: url("/_reset"))
        request.httpMethod = "POST"
        _ = try await URLSession.shared.data(for: request)
    }

    private static func readLine(_ handle: FileHandle) async -> String {
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
