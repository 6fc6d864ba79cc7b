import Foundation
import ProcessMeasurement
import ResgenAsyncHTTPClient
import ResgenRuntime

// DownloadBench: one download of a large body to a file over loopback (issue 27), one per process.
//
//     DownloadBench <urlsession|asynchttpclient> <whole|resumed> <server URL> <length> <key> <file>
//
// Downloads `<server>/download/<length>?key=<key>` (Tests/Servers/echo_server.py) to `<file>` with
// `Client.download` and prints one JSON line: bytes, wall seconds, MiB/s, CPU seconds, progress values, and the
// peak resident memory above the baseline (VmHWM, reset after the set-up where the kernel allows, minus VmRSS
// read just before the download). `resumed`: the server is told to close the connection after half the body,
// the first download fails there, and a second one resumes with a Range request; both are measured together.
// The caller compares the file's SHA-256 with the server's (bench_downloads.py).

/// Counts the progress values a download reports.
final class ProgressCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var last: TransferProgress?
    func record(_ value: TransferProgress) {
        lock.withLock {
            count += 1
            last = value
        }
    }
    var values: (Int, TransferProgress?) { lock.withLock { (count, last) } }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 6, let server = URL(string: arguments[2]), let length = Int(arguments[3]),
    ["urlsession", "asynchttpclient"].contains(arguments[0]), ["whole", "resumed"].contains(arguments[1])
else {
    FileHandle.standardError.write(Data("usage: DownloadBench <urlsession|asynchttpclient> <whole|resumed> <server URL> <length> <key> <file>\n".utf8))
    exit(64)
}
let (transportName, mode, key) = (arguments[0], arguments[1], arguments[4])
let destination = URL(fileURLWithPath: arguments[5])
let transport: any Transport = transportName == "urlsession" ? URLSessionTransport() : AsyncHTTPClientTransport()
let client = Client(baseURL: server, transport: transport, configuration: .init(timeout: nil))
let fileURL = server.appendingPathComponent("download/\(length)").appending(queryItems: [URLQueryItem(name: "key", value: key)])

do {
    // Set-up, not measured: a first request opens a connection and starts the transport's threads.
    _ = try await client.request(.get, server.appendingPathComponent("status/200"))
    if mode == "resumed" {
        let state = server.appendingPathComponent("download-state").appending(queryItems: [
            URLQueryItem(name: "key", value: key), URLQueryItem(name: "cut", value: String(length / 2)),
        ])
        _ = try await client.request(.post, state)
    }
    let progress = ProgressCount()
    let peakReset = ProcessMeasurement.resetPeak()
    let baseline = ProcessMeasurement.status("VmRSS")
    let cpuStart = ProcessMeasurement.cpuTime()
    let start = ContinuousClock.now
    var interruptedAt: Int64 = -1
    if mode == "resumed" {
        do {
            try await client.download(fileURL, to: destination)
        } catch let error as ClientError where error.kind == .transport {
            let partial = destination.deletingLastPathComponent().appendingPathComponent(destination.lastPathComponent + ".resgen-partial")
            interruptedAt = (try FileManager.default.attributesOfItem(atPath: partial.path)[.size] as? NSNumber)?.int64Value ?? 0
        }
    }
    let file = try await client.download(fileURL, to: destination, progress: progress.record)
    let elapsed = ContinuousClock.now - start
    let cpu = ProcessMeasurement.cpuTime() - cpuStart
    let peak = ProcessMeasurement.status("VmHWM")
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let (values, last) = progress.values
    let fields: [String] = [
        #""transport":"\#(transportName)""#, #""mode":"\#(mode)""#, #""bytes":\#(file.byteCount)"#,
        #""interrupted_at":\#(interruptedAt)"#, #""resumed_from":\#(file.resumedFrom)"#,
        #""status":\#(file.response.status.code)"#, String(format: #""seconds":%.3f"#, seconds),
        String(format: #""mib_per_s":%.1f"#, Double(length) / 1_048_576 / seconds), String(format: #""cpu_seconds":%.3f"#, cpu),
        String(format: #""baseline_mib":%.2f"#, Double(baseline) / 1024),
        String(format: #""peak_mib_above_baseline":%.2f"#, Double(max(0, peak - baseline)) / 1024), #""peak_reset":\#(peakReset)"#,
        #""progress_values":\#(values)"#, #""progress_last":\#(last?.completedBytes ?? -1)"#,
    ]
    print("{" + fields.joined(separator: ",") + "}")
} catch {
    FileHandle.standardError.write(Data("DownloadBench \(transportName) \(mode): \(error)\n".utf8))
    exit(1)
}
