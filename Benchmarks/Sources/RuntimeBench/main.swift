import Foundation
import HTTPTypes
// `Item` is hand-written as generated code would be: the `Resource` requirements it leaves to their defaults are SPI.
@_spi(Generated) import ResgenRuntime

// Runtime benchmarks:
// 1. Per-request overhead of `Client` over the bare transport, with an in-memory transport that
//    answers instantly (so only client work is measured): build, merge, middleware chain, decode.
// 2. URI templates (HAL links): parsing `/orders{?page,size,sort*}` and expanding it, 100,000 times each.
// 3. Optional (`--url http://127.0.0.1:PORT` of `LoopbackServer`): the transport workloads of
//    TransportWorkloads.swift, over URLSessionTransport and AsyncHTTPClientTransport in the same run.
//    `--runs R` (fan-out, default 7), `--requests N` and `--rounds R` (sequential, default 2,000 and 15);
//    `--transports-only` skips 1 and 2; `--profile INDEX` runs one sequential variant only, for `perf record`
//    (0–3: URLSession raw, `send`, `Client.fetch`, `Client.fetch` with `timeout: nil`; 4–7: the same over AsyncHTTPClient)
//    (`--profile in-memory`, without `--url`: `Client.fetch` over the in-memory transport of 1; `--profile in-memory-nil`:
//    the same with `timeout: nil`, the client's own work without the call deadline's task; `--profile cache-hit`: the
//    same answered by an `HTTPCache`). The cache rows (issue 27) run after the sequential workload.

struct Item: RootResource, IsShowable, IsListable {
    static let resourceType = "items"
    static let collectionPath = "/items"
    var id: String
    var name: String
    var count: Int
}

if let text = option("--url"), let server = URL(string: text), let variant = option("--profile").flatMap(Int.init) {
    try await profileVariant(server: server, index: variant, count: option("--requests").flatMap(Int.init) ?? 20_000)
    exit(0)
}
let transportsOnly = CommandLine.arguments.contains("--transports-only")
/// `--profile in-memory`: `Client.fetch` over `InstantTransport` only (`in-memory-nil`: with `timeout: nil`); `--profile cache-hit`: the same answered by
/// the client's `HTTPCache` (a fresh stored response of that transport), to place what a hit costs. Not on the main
/// actor, as in the transport workloads: a loop there would hop to the global executor and back for every request.
func profileInMemory(count: Int, answeredByCache: Bool, timeout: Duration? = Client.Configuration().timeout) async throws {
    let body = Data(#"{"id": "1", "name": "widget", "count": 3}"#.utf8)
    let client = Client(
        baseURL: URL(string: "https://api.example.com/v1")!,
        transport: InstantTransport(body: body, cacheControl: answeredByCache ? "max-age=3600" : nil),
        configuration: .init(timeout: timeout, cache: answeredByCache ? try HTTPCache() : nil))
    if answeredByCache { _ = try await client.fetch(Item.show("1")) }  // the one response the cache then answers with
    let cpu = processCPUMilliseconds()
    let start = ContinuousClock.now
    for _ in 0..<count { _ = try await client.fetch(Item.show("1")) }
    let wall = milliseconds(ContinuousClock.now - start)
    print(String(format: "Client.fetch %@: %.2f µs/request, CPU %.2f µs/request, over %d requests",
        answeredByCache ? "answered by HTTPCache" : "over an in-memory transport",
        wall / Double(count) * 1e3, (processCPUMilliseconds() - cpu) / Double(count) * 1e3, count))
}
if let mode = option("--profile"), ["in-memory", "in-memory-nil", "cache-hit"].contains(mode) {
    try await profileInMemory(
        count: option("--requests").flatMap(Int.init) ?? 200_000, answeredByCache: mode == "cache-hit",
        timeout: mode == "in-memory-nil" ? nil : Client.Configuration().timeout)
    exit(0)
}

/// Answers every request at once with the same bytes.
struct InstantTransport: Transport {
    let body: Data
    var cacheControl: String? = nil
    func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
        var response = HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"])
        if let cacheControl { response.headerFields[.cacheControl] = cacheControl }
        return (response, self.body)
    }
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func measure(_ iterations: Int, _ body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    for _ in 0..<iterations { try await body() }
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
}

/// The in-memory client overhead (1). Not on the main actor: its closures would be, and every call would hop from
/// the main actor to the global executor and back, which took most of the time measured before (~30 µs a call).
func inMemoryOverhead() async throws {
    let json = Data(#"{"id": "1", "name": "widget", "count": 3}"#.utf8)
    let transport = InstantTransport(body: json)
    let client = Client(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport)
    // The same client without a call deadline (`timeout: nil`): what the deadline's race (a task per call and
    // an entry in the shared `DeadlineTimer`, `CallDeadline`) costs is the difference.
    let undeadlined = Client(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport, configuration: .init(timeout: nil))
    let request = HTTPRequest(method: .get, url: URL(string: "https://api.example.com/v1/items/1")!)
    let iterations = 20_000

    var bare: [Double] = []
    var full: [Double] = []
    var decodeOnly: [Double] = []
    var noDeadline: [Double] = []
    for _ in 0..<7 {
        bare.append(try await measure(iterations) {
            let (_, data) = try await transport.send(request, body: .none)
            _ = data.count
        })
        decodeOnly.append(try await measure(iterations) {
            let (_, data) = try await transport.send(request, body: .none)
            _ = try JSONDecoder().decode(Item.self, from: data)
        })
        full.append(try await measure(iterations) {
            _ = try await client.fetch(Item.show("1"))
        })
        noDeadline.append(try await measure(iterations) {
            _ = try await undeadlined.fetch(Item.show("1"))
        })
    }
    let perBare = median(bare) / Double(iterations) * 1e6
    let perDecode = median(decodeOnly) / Double(iterations) * 1e6
    let perFull = median(full) / Double(iterations) * 1e6
    print("client overhead (in-memory transport, \(iterations) GETs, median of 7):")
    print(String(format: "  bare transport            %7.2f µs/request", perBare))
    print(String(format: "  transport + JSONDecoder   %7.2f µs/request", perDecode))
    print(String(format: "  Client.fetch              %7.2f µs/request  (overhead over transport + decode: %.2f µs)", perFull, perFull - perDecode))
    let perNoDeadline = median(noDeadline) / Double(iterations) * 1e6
    print(String(format: "  Client.fetch, timeout nil %7.2f µs/request  (the call deadline costs %.2f µs a call)", perNoDeadline, perFull - perNoDeadline))
}

if !transportsOnly {
    try await inMemoryOverhead()

    /// Seconds taken by `iterations` synchronous calls (no `await` per call, which would dominate).
    func measureSync(_ iterations: Int, _ body: () throws -> Int) rethrows -> (seconds: Double, checksum: Int) {
        var checksum = 0
        let start = ContinuousClock.now
        for _ in 0..<iterations { checksum &+= try body() }
        let elapsed = ContinuousClock.now - start
        return (Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds), checksum)
    }

    let templateText = "/orders{?page,size,sort*}"
    let template = try URITemplate(templateText)
    let templateVariables: [String: URITemplate.Value] = ["page": 2, "size": 20, "sort": ["date", "-total"]]
    let templateIterations = 100_000
    var parses: [Double] = []
    var expansions: [Double] = []
    for _ in 0..<7 {
        parses.append(try measureSync(templateIterations) { try URITemplate(templateText).variableNames.count }.seconds)
        expansions.append(try measureSync(templateIterations) { try template.expand(templateVariables).utf8.count }.seconds)
    }
    print("URI template \(templateText) -> \(try template.expand(templateVariables)), \(templateIterations) times, median of 7:")
    print(String(format: "  parse    %7.1f ms  (%5.0f ns each)", median(parses) * 1e3, median(parses) / Double(templateIterations) * 1e9))
    print(String(format: "  expand   %7.1f ms  (%5.0f ns each)", median(expansions) * 1e3, median(expansions) / Double(templateIterations) * 1e9))
}

/// The value after `flag` on the command line, if any.
func option(_ flag: String) -> String? {
    guard let index = CommandLine.arguments.firstIndex(of: flag), index + 1 < CommandLine.arguments.count else { return nil }
    return CommandLine.arguments[index + 1]
}

if let text = option("--url"), let server = URL(string: text) {
    try await fanOutWorkload(server: server, runs: option("--runs").flatMap(Int.init) ?? 7)
    try await sequentialWorkload(
        server: server,
        count: option("--requests").flatMap(Int.init) ?? 2_000,
        rounds: option("--rounds").flatMap(Int.init) ?? 15
    )
    try await cacheWorkload(server: server, count: option("--requests").flatMap(Int.init) ?? 2_000, rounds: 7)
}
