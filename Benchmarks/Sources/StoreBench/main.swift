import Foundation
import HTTPTypes
import ProcessMeasurement
import ResgenRuntime
import ResgenStore

// ResourceStore benchmarks (issue 51), release build, CPU time per workload (getrusage), rounds
// alternating between the two sides of each ratio, medians reported:
//   merge     the 1,000-article document with include=author,comments.author read through the store (merged,
//             then decoded from the store), against the client decoding it alone;
//   persist   the same read into a store with a file, against the store in memory;
//   watchers  one patched resource's update (a read of it, changed) with 1,000 watchers over other
//             resources, in a store of 1,000 against one of 100,000 unrelated resources;
//   open      opening a 100,000-resource store file and yielding a watched list of 1,000 (one process
//             per run: `StoreBench --open FILE`);
//   memory    peak resident memory of 100,000 stored articles against the same articles as plain Swift
//             arrays (one process each: `StoreBench --memory store|plain N`).
// Usage: StoreBench [--rounds N]; prints a markdown table with each target and verdict, and exits 1 when
// one is missed (`make bench-store`).

/// Answers every GET from a table of bodies by path, and every other request with 200 and an echo.
final class TableTransport: Transport, @unchecked Sendable {
    private let lock = NSLock()
    private var bodies: [String: Data] = [:]

    func set(_ path: String, _ body: Data) { lock.withLock { bodies[path] = body } }

    func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
        let path = String((request.path ?? "/").split(separator: "?").first ?? "/")
        var response = HTTPResponse(status: .ok)
        response.headerFields[.contentType] = "application/vnd.api+json"
        return (response, lock.withLock { bodies[path] } ?? Data(#"{"data": null}"#.utf8))
    }
}

let base = URL(string: "https://press.example/")!
func client(_ transport: TableTransport) -> Client {
    Client(api: Press.self, baseURL: base, transport: transport, configuration: .init(codec: JSONAPICodec(api: Press.self)))
}

/// The compound document of JSONAPIBench: `count` articles, `count/10` people and `5 count` comments.
func articlesDocument(_ count: Int, offset: Int = 0) -> Data {
    let people = max(count / 10, 1)
    let body = String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", count: 4).prefix(200)
    var text = #"{"data":["#
    for index in 0..<count {
        if index > 0 { text += "," }
        let id = index + offset + 1
        let comments = (0..<5).map { #"{"type":"comments","id":"\#(index * 5 + $0 + 1)"}"# }.joined(separator: ",")
        text += #"{"type":"articles","id":"\#(id)","attributes":{"title":"Article number \#(id)","body":"\#(body)","published-at":"2026-01-\#(String(format: "%02d", index % 28 + 1))T09:00:00Z","views":\#(index * 7)},"relationships":{"author":{"data":{"type":"people","id":"\#(index % people + 1)"}},"comments":{"data":[\#(comments)]}}}"#
    }
    text += #"],"included":["#
    for index in 0..<people {
        if index > 0 { text += "," }
        text += #"{"type":"people","id":"\#(index + 1)","attributes":{"name":"Person \#(index + 1)","email":"person\#(index + 1)@example.org","twitter-handle":null}}"#
    }
    for index in 0..<(count * 5) {
        text += #",{"type":"comments","id":"\#(index + 1)","attributes":{"body":"Comment \#(index + 1) on this article."},"relationships":{"author":{"data":{"type":"people","id":"\#(index % people + 1)"}},"article":{"data":{"type":"articles","id":"\#(index / 5 + offset + 1)"}}}}"#
    }
    text += "]}"
    return Data(text.utf8)
}

/// `count` articles without includes, ids from `offset + 1`.
func bareArticles(_ count: Int, offset: Int) -> Data {
    var text = #"{"data":["#
    for index in 0..<count {
        if index > 0 { text += "," }
        let id = index + offset + 1
        text += #"{"type":"articles","id":"\#(id)","attributes":{"title":"Article \#(id)","body":"Body \#(id)","published-at":"2026-01-01T09:00:00Z","views":\#(index)},"relationships":{"author":{"data":{"type":"people","id":"1"}},"comments":{"data":[]}}}"#
    }
    return Data((text + "]}").utf8)
}

func person(_ id: Int, name: String) -> Data {
    Data(#"{"data":{"type":"people","id":"\#(id)","attributes":{"name":"\#(name)","email":null,"twitter-handle":null}}}"#.utf8)
}

/// CPU seconds `body` takes.
@MainActor func cpu(_ body: () async throws -> Void) async rethrows -> Double {
    let start = ProcessMeasurement.cpuTime()
    try await body()
    return ProcessMeasurement.cpuTime() - start
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}

func temporaryFile(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("storebench-\(name)-\(UUID().uuidString).sqlite")
}

func remove(_ file: URL) {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
}

// MARK: one-workload processes

let arguments = CommandLine.arguments
if arguments.count >= 2 && arguments[1] == "--open" {
    // Open the file, watch the first 1,000 articles' list, take its first value.
    let file = URL(fileURLWithPath: arguments[2])
    let transport = TableTransport()
    let seconds = try await cpu {
        let store = try ResourceStore(client: client(transport), file: file)
        var watch = await store.watch(Article.list()).makeAsyncIterator()
        let first = await watch.next()
        precondition(first?.count == 1_000, "the watched list has \(first?.count ?? -1) articles")
    }
    print(String(format: "%.6f", seconds))
    exit(0)
}
if arguments.count >= 4 && arguments[1] == "--profile" {
    // One side of the merge row only, N times, for a profiler (callgrind, perf):
    // `StoreBench --profile merge|decode N`.
    let document = articlesDocument(1_000)
    let transport = TableTransport()
    transport.set("/articles", document)
    for _ in 0..<Int(arguments[3])! {
        if arguments[2] == "merge" {
            let store = try ResourceStore(client: client(transport))
            _ = try await store.fetch(Article.list(), including: .author, .commentsWithAuthors)
        } else {
            _ = try await client(transport).fetch(Article.list(), including: .author, .commentsWithAuthors)
        }
    }
    exit(0)
}
if arguments.count >= 4 && arguments[1] == "--memory" {
    let count = Int(arguments[3])!
    let baseline = ProcessMeasurement.status("VmRSS")
    if arguments[2] == "store" {
        let transport = TableTransport()
        let store = try ResourceStore(client: client(transport))
        for chunk in stride(from: 0, to: count, by: 10_000) {
            transport.set("/articles", bareArticles(min(10_000, count - chunk), offset: chunk))
            _ = try await store.fetch(Article.list(), query: [QueryItem(name: "chunk", value: String(chunk))])
        }
        let stored = await store.count
        precondition(stored == count)
    } else {
        // The same articles decoded as plain Swift values, held in arrays.
        var held: [[Article]] = []
        let decoder = client(TableTransport())
        let transport = TableTransport()
        _ = decoder
        let plain = client(transport)
        for chunk in stride(from: 0, to: count, by: 10_000) {
            transport.set("/articles", bareArticles(min(10_000, count - chunk), offset: chunk))
            held.append(try await plain.fetch(Article.list()))
        }
        precondition(held.map(\.count).reduce(0, +) == count)
    }
    print(ProcessMeasurement.status("VmHWM") - baseline)
    exit(0)
}

// MARK: the table

let rounds = arguments.firstIndex(of: "--rounds").map { Int(arguments[$0 + 1])! } ?? 5
var rows: [(name: String, measured: String, target: String, met: Bool)] = []

// merge and persist
do {
    let document = articlesDocument(1_000)
    var decodeAlone: [Double] = []
    var merged: [Double] = []
    var persisted: [Double] = []
    for _ in 0..<rounds {
        let transport = TableTransport()
        transport.set("/articles", document)
        let plain = client(transport)
        decodeAlone.append(try await cpu { _ = try await plain.fetch(Article.list(), including: .author, .commentsWithAuthors) })
        let store = try ResourceStore(client: client(transport))
        merged.append(try await cpu { _ = try await store.fetch(Article.list(), including: .author, .commentsWithAuthors) })
        let file = temporaryFile("persist")
        let onDisk = try ResourceStore(client: client(transport), file: file)
        persisted.append(try await cpu { _ = try await onDisk.fetch(Article.list(), including: .author, .commentsWithAuthors) })
        remove(file)
    }
    let mergeRatio = median(merged) / median(decodeAlone)
    rows.append(("Merge 1,000 articles with include=author,comments.author / decode alone (CPU)",
                 String(format: "%.2f× (%.1f / %.1f ms)", mergeRatio, median(merged) * 1000, median(decodeAlone) * 1000), "≤ 1.5×", mergeRatio <= 1.5))
    let persistRatio = median(persisted) / median(merged)
    rows.append(("Persisting that merge / in memory (CPU)",
                 String(format: "%.2f× (%.1f / %.1f ms)", persistRatio, median(persisted) * 1000, median(merged) * 1000), "≤ 2×", persistRatio <= 2))
}

// watchers: one patched resource's update cost, 1,000 against 100,000 unrelated resources
do {
    func updateCost(unrelated: Int) async throws -> Double {
        let transport = TableTransport()
        let store = try ResourceStore(client: client(transport))
        for chunk in stride(from: 0, to: unrelated, by: 10_000) {
            transport.set("/articles", bareArticles(min(10_000, unrelated - chunk), offset: chunk))
            _ = try await store.fetch(Article.list(), query: [QueryItem(name: "chunk", value: String(chunk))])
        }
        var watches: [ResourceWatch<Article>] = []
        for id in 1...1_000 { watches.append(await store.watch(Article.self, id: id)) }
        transport.set("/people/1000001", person(1_000_001, name: "start"))
        _ = try await store.fetch(Person.show(1_000_001))
        let own = await store.watch(Person.self, id: 1_000_001)
        var times: [Double] = []
        for round in 0..<200 {
            transport.set("/people/1000001", person(1_000_001, name: "name \(round)"))
            times.append(try await cpu { _ = try await store.fetch(Person.show(1_000_001)) })
        }
        withExtendedLifetime((watches, own)) {}
        return median(times)
    }
    var small: [Double] = []
    var large: [Double] = []
    for _ in 0..<max(1, rounds / 2) {
        small.append(try await updateCost(unrelated: 1_000))
        large.append(try await updateCost(unrelated: 100_000))
    }
    let ratio = median(large) / median(small)
    rows.append(("One patched resource, 1,000 watchers elsewhere: 100,000 / 1,000 unrelated resources (CPU)",
                 String(format: "%.2f× (%.1f / %.1f µs)", ratio, median(large) * 1e6, median(small) * 1e6), "≤ 1.2×", ratio <= 1.2))
}

// open: a 100,000-resource file, then a watched list of 1,000, in a fresh process
do {
    let file = temporaryFile("open")
    defer { remove(file) }
    do {
        let transport = TableTransport()
        let store = try ResourceStore(client: client(transport), file: file)
        for chunk in stride(from: 0, to: 100_000, by: 10_000) {
            transport.set("/articles", bareArticles(10_000, offset: chunk))
            _ = try await store.fetch(Article.list(), query: [QueryItem(name: "chunk", value: String(chunk))])
        }
        // The watched list: the first 1,000 of them, read without a query.
        transport.set("/articles", bareArticles(1_000, offset: 0))
        _ = try await store.fetch(Article.list())
    }
    var times: [Double] = []
    for _ in 0..<rounds {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = ["--open", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        times.append(Double(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? .infinity)
    }
    rows.append(("Open a 100,000-resource store file, yield a watched list of 1,000 (CPU)",
                 String(format: "%.1f ms", median(times) * 1000), "< 50 ms", median(times) < 0.050))
}

// memory: 100,000 stored articles against plain arrays, one process each
do {
    func peak(_ mode: String) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = ["--memory", mode, "100000"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        return Double(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? .infinity
    }
    let store = try peak("store")
    let plain = try peak("plain")
    rows.append(("Peak memory of 100,000 stored articles / plain Swift arrays",
                 String(format: "%.2f× (%.0f / %.0f MiB)", store / plain, store / 1024, plain / 1024), "≤ 1.5×", store / plain <= 1.5))
}

print("| Store workload | Measured | Target | Verdict |")
print("|---|---:|---:|---|")
for row in rows { print("| \(row.name) | \(row.measured) | \(row.target) | \(row.met ? "met" : "missed") |") }
exit(rows.allSatisfy(\.met) ? 0 : 1)
