import Foundation
import ResgenProcessLaunch

/// A test server script run with Python until this value goes away: the shared mechanics of the
/// loopback echo server, the HAL server and the JSON:API server (each wraps it with its own script,
/// interpreter and availability rule).
///
/// The script must bind `host` (127.0.0.1 unless said otherwise) on a port of its choosing and print
/// `LISTENING <port>` as its first line. Its stdin is a pipe this process holds, so if the test process dies the pipe closes and the
/// server exits by itself. Symlinked into every test target that starts a server.
final class ServerProcess: @unchecked Sendable {
    // @unchecked: `process` and `stdin` are only touched by `terminate()`, under `lock`, and waited for
    // by `stop()` (`waitUntilExit()` only reads).
    /// Where the server listens, e.g. `http://127.0.0.1:40123`.
    let baseURL: URL
    /// The port the server bound.
    let port: Int

    private let lock = NSLock()
    private let process: Process
    private let stdin: Pipe

    /// What went wrong starting a server.
    struct StartError: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `script` with `python` and waits until it reports its port.
    ///
    /// - Parameters:
    ///   - host: The address the script binds (it must be told so through `arguments`).
    ///   - name: What the server is, for error messages ("the HAL server").
    static func start(python: URL, script: URL, arguments: [String] = [], host: String = "127.0.0.1", name: String) async throws -> ServerProcess {
        let process = Process()
        process.executableURL = python
        process.arguments = ["-u", script.path] + arguments
        // The pipes are made inside the launch's lock: made during another launch, their write ends
        // would be inherited by that launch's child too, and the server would not see its stdin close
        // when this process dies (see ProcessLaunch).
        let (stdin, stdout) = try ProcessLaunch.serialized {
            let stdin = Pipe()
            let stdout = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            try process.run()
            return (stdin, stdout)
        }
        let line = await readLine(from: stdout.fileHandleForReading)
        let words = line.split(separator: " ")
        guard words.count == 2, words[0] == "LISTENING", let port = Int(words[1]) else {
            process.terminate()
            await DedicatedThread.run { process.waitUntilExit() }
            throw StartError(description: "\(name) did not report its port (it printed '\(line)')")
        }
        return ServerProcess(process: process, stdin: stdin, host: host, port: port)
    }

    private init(process: Process, stdin: Pipe, host: String, port: Int) {
        self.process = process
        self.stdin = stdin
        self.port = port
        self.baseURL = URL(string: "http://\(host):\(port)")!
    }

    deinit { terminate() }

    /// The URL of `path` (which may carry a query) on this server.
    func url(_ path: String) -> URL {
        URL(string: baseURL.absoluteString + path)!
    }

    /// Stops the server and waits for it to exit (on a ``DedicatedThread``); calling it again does nothing.
    ///
    /// Wait when the test depends on the server being gone (a refused connection); otherwise
    /// ``terminate()`` is enough.
    func stop() async {
        terminate()
        let process = process
        await DedicatedThread.run { process.waitUntilExit() }
    }

    /// Asks the server to exit (SIGTERM, and its stdin closed) without waiting for it: for `defer` and
    /// `deinit`, which cannot suspend. Calling it again does nothing.
    func terminate() {
        lock.withLock {
            guard process.isRunning else { return }
            process.terminate()
            try? stdin.fileHandleForWriting.close()
        }
    }

    /// Reads the first line of `handle` on a ``DedicatedThread`` (the read blocks).
    private static func readLine(from handle: FileHandle) async -> String {
        await DedicatedThread.run {
            var bytes = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                bytes.append(chunk)
                if chunk.contains(UInt8(ascii: "\n")) { break }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            return text.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
        }
    }
}
