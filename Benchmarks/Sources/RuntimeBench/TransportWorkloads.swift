import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import ResgenAsyncHTTPClient
import ResgenRuntime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Issue 14's two transport workloads, both transports in the same run, against `Benchmarks/LoopbackServer`
// (NIO, microseconds per request; the Python servers cost ~0.35 ms per request, most of what workload 2 measures):
// 1. fan-out: 100 GETs to /delay/20 with 16 in flight through `Client`, per transport, against ideal:
//    ceil(100 / 16) = 7 rounds × 20 ms = 140 ms (what the earlier RuntimeBench row used);
// 2. sequential: N GETs of /items/1 one after another, each decoded into `Item`, through `Client.fetch` over each
//    transport, against the raw client of that transport doing the same requests and the same decode: raw
//    `HTTPClient` set up as `AsyncHTTPClientTransport` sets up its own, and `URLSession.data(for:)` on a session
//    set up as `URLSessionTransport` sets up its own. `Transport.send` + the same decode is shown between the
//    two, so that an overhead can be placed in the transport or in the client.
// Every line printed carries the load average read just before its workload (/proc/loadavg).

/// The two transports under test.
enum TransportKind: String, CaseIterable {
    case urlSession = "URLSessionTransport"
    case asyncHTTPClient = "AsyncHTTPClientTransport"

    func make(connections: Int) -> any Transport {
        switch self {
        case .urlSession: URLSessionTransport(configuration: .init(maximumConnectionsPerHost: connections))
        case .asyncHTTPClient: AsyncHTTPClientTransport(configuration: .init(maximumConnectionsPerHost: connections))
        }
    }
}

/// The 1-, 5- and 15-minute load averages, as `uptime` prints them.
func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
}

// MARK: Workload 1: fan-out

struct Delay: APIRequest {
    typealias Response = JSONValue
    static var method: HTTPMethod { .get }
    var pathComponents: [PathComponent] { [.literal("/delay/20")] }
}

/// Milliseconds for `total` GETs of `/delay/20` through `client`, at most `inFlight` at a time.
func fanOut(_ client: Client, total: Int = 100, inFlight: Int = 16) async throws -> Double {
    let start = ContinuousClock.now
    try await withThrowingTaskGroup(of: Void.self) { group in
        var started = 0
        var finished = 0
        while finished < total {
            while started < total, started - finished < inFlight {
                group.addTask { _ = try await client.send(Delay()) }
                started += 1
            }
            try await group.next()
            finished += 1
        }
    }
    return milliseconds(ContinuousClock.now - start)
}

/// Runs the fan-out workload over each transport and connection limit, the configurations alternating within
/// each run (their order reversed every other run), after one uncounted run each that opens the connections.
func fanOutWorkload(server: URL, runs: Int) async throws {
    let configurations: [(kind: TransportKind, connections: Int)] = [
        (.urlSession, 16), (.asyncHTTPClient, 16),
        // Each library's own default connection limit, for scale (why the transports default to 16).
        (.urlSession, 6), (.asyncHTTPClient, 8),
    ]
    let clients = configurations.map { Client(baseURL: server, transport: $0.kind.make(connections: $0.connections)) }
    let load = loadAverage()
    for client in clients { _ = try await fanOut(client) }
    var samples = Array(repeating: [Double](), count: clients.count)
    for run in 0..<runs {
        let order = run.isMultiple(of: 2) ? Array(clients.indices) : clients.indices.reversed()
        for index in order { samples[index].append(try await fanOut(clients[index])) }
    }
    let ideal = 140.0
    print("transport fan-out: 100 GETs to /delay/20, 16 in flight, through Client, median of \(runs) alternating runs "
        + "(ideal 140 ms: 7 rounds × 20 ms; load average \(load)):")
    for (index, configuration) in configurations.enumerated() {
        let values = samples[index]
        let name = "\(configuration.kind.rawValue), \(configuration.connections) connections/host"
        print(String(format: "  %@ %6.1f ms  %.2f× ideal  (min–max %.1f–%.1f ms)",
            name.padding(toLength: 46, withPad: " ", startingAt: 0), median(values), median(values) / ideal,
            values.min() ?? 0, values.max() ?? 0))
    }
}

// MARK: Workload 2: sequential per-request overhead

/// One way of doing a GET of `/items/1` and decoding its body into `Item`.
struct Variant {
    var name: String
    var run: @Sendable () async throws -> Item
}

/// The six variants of the sequential workload: per transport, its raw client, `Transport.send`, then `Client`.
func sequentialVariants(server: URL) -> (variants: [Variant], shutdown: @Sendable () async throws -> Void) {
    // Every variant builds its request for item "1" on each call, as `Client.fetch(Item.show("1"))` does.
    let id = "1"
    let decoder = JSONDecoder()

    // Raw URLSession, configured as URLSessionTransport configures the session it owns.
    let sessionConfiguration = URLSessionConfiguration.ephemeral
    sessionConfiguration.httpMaximumConnectionsPerHost = 16
    sessionConfiguration.timeoutIntervalForRequest = 60
    sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
    sessionConfiguration.urlCache = nil
    sessionConfiguration.httpCookieStorage = nil
    sessionConfiguration.httpShouldSetCookies = false
    sessionConfiguration.urlCredentialStorage = nil
    let session = URLSession(configuration: sessionConfiguration)

    // Raw HTTPClient, configured as AsyncHTTPClientTransport configures the client it owns.
    var clientConfiguration = HTTPClient.Configuration(
        redirectConfiguration: .disallow,
        timeout: .init(connect: .seconds(60), read: .seconds(60)),
        decompression: .enabled(limit: .none)
    )
    clientConfiguration.connectionPool = .init(idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: 16)
    clientConfiguration.connectionPool.retryConnectionEstablishment = false
    let httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: clientConfiguration)
    let base = server.absoluteString.hasSuffix("/") ? String(server.absoluteString.dropLast()) : server.absoluteString

    let sessionTransport = TransportKind.urlSession.make(connections: 16)
    let nioTransport = TransportKind.asyncHTTPClient.make(connections: 16)
    // The clients as users get them (with the default call deadline), and without a deadline (`timeout: nil`): the
    // deadline runs each call in a task of its own (issue 23), whose hand-overs between threads are its cost.
    let sessionClient = Client(baseURL: server, transport: sessionTransport)
    let nioClient = Client(baseURL: server, transport: nioTransport)
    let sessionClientWithoutDeadline = Client(baseURL: server, transport: sessionTransport, configuration: .init(timeout: nil))
    let nioClientWithoutDeadline = Client(baseURL: server, transport: nioTransport, configuration: .init(timeout: nil))

    let variants = [
        Variant(name: "raw URLSession.data(for:) + JSONDecoder") {
            let (data, response) = try await session.data(for: URLRequest(url: server.appending(path: "items/\(id)")))
            precondition((response as? HTTPURLResponse)?.statusCode == 200)
            return try decoder.decode(Item.self, from: data)
        },
        Variant(name: "URLSessionTransport.send + JSONDecoder") {
            let request = HTTPRequest(method: .get, url: server.appending(path: "items/\(id)"))
            let (response, data) = try await sessionTransport.send(request, body: .none)
            precondition(response.status == .ok)
            return try decoder.decode(Item.self, from: data)
        },
        Variant(name: "Client.fetch over URLSessionTransport") {
            try await sessionClient.fetch(Item.show("1"))
        },
        Variant(name: "Client.fetch over URLSessionTransport, timeout nil") {
            try await sessionClientWithoutDeadline.fetch(Item.show("1"))
        },
        Variant(name: "raw HTTPClient.execute + JSONDecoder") {
            let response = try await httpClient.execute(HTTPClientRequest(url: "\(base)/items/\(id)"), deadline: .distantFuture)
            precondition(response.status == .ok)
            let body = try await response.body.collect(upTo: TransportOptions.defaultMaximumResponseBytes)
            return try decoder.decode(Item.self, from: Data(body.readableBytesView))
        },
        Variant(name: "AsyncHTTPClientTransport.send + JSONDecoder") {
            let request = HTTPRequest(method: .get, url: server.appending(path: "items/\(id)"))
            let (response, data) = try await nioTransport.send(request, body: .none)
            precondition(response.status == .ok)
            return try decoder.decode(Item.self, from: data)
        },
        Variant(name: "Client.fetch over AsyncHTTPClientTransport") {
            try await nioClient.fetch(Item.show("1"))
        },
        Variant(name: "Client.fetch over AsyncHTTPClientTransport, timeout nil") {
            try await nioClientWithoutDeadline.fetch(Item.show("1"))
        },
    ]
    return (variants, { try await httpClient.shutdown() })
}

/// The index of the baseline variant that the variant at `index` is compared with (the first of its transport's
/// group of `groupSize`), or nil for a baseline itself.
func baselineVariant(of index: Int, groupSize: Int) -> Int? {
    index % groupSize == 0 ? nil : index - index % groupSize
}

/// CPU time this process has used so far, all threads (the client's event loop and callback threads included, the
/// server's not), in milliseconds. Less sensitive than wall time to other processes competing for the cores.
func processCPUMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e3 + Double(time.tv_nsec) / 1e6
}

/// Wall and CPU milliseconds per request for `count` requests of `variant`, one after another.
func sequential(_ variant: Variant, count: Int) async throws -> (wall: Double, cpu: Double) {
    let cpu = processCPUMilliseconds()
    let start = ContinuousClock.now
    for _ in 0..<count {
        let item = try await variant.run()
        precondition(item.count == 3)
    }
    let wall = milliseconds(ContinuousClock.now - start)
    return (wall / Double(count), (processCPUMilliseconds() - cpu) / Double(count))
}

/// Runs the sequential workload: per round, every variant does `count` requests, the order reversed every other
/// round; each ratio is Client over its raw client within one round, and the medians are printed.
func sequentialWorkload(server: URL, count: Int, rounds: Int) async throws {
    let (variants, shutdown) = sequentialVariants(server: server)
    let load = loadAverage()
    let (wall, cpu) = try await alternatingRounds(variants, count: count, rounds: rounds)
    try await shutdown()
    print("transport sequential: \(count) GETs of /items/1 one after another, decoded, per variant and round, median of "
        + "\(rounds) alternating rounds (load average \(load)):")
    printRows(variants, wall: wall, cpu: cpu, baseline: "raw", groupSize: variants.count / TransportKind.allCases.count)
}

/// Per variant, the wall and CPU milliseconds per request of each of `rounds` rounds of `count` requests, after an
/// uncounted tenth of that each (connections, caches); the order is reversed every other round.
func alternatingRounds(_ variants: [Variant], count: Int, rounds: Int) async throws -> (wall: [[Double]], cpu: [[Double]]) {
    for variant in variants { _ = try await sequential(variant, count: count / 10) }
    var wall = Array(repeating: [Double](), count: variants.count)
    var cpu = Array(repeating: [Double](), count: variants.count)
    for round in 0..<rounds {
        let order = round.isMultiple(of: 2) ? Array(variants.indices) : variants.indices.reversed()
        for index in order {
            let (wallTime, cpuTime) = try await sequential(variants[index], count: count)
            wall[index].append(wallTime)
            cpu[index].append(cpuTime)
        }
    }
    return (wall, cpu)
}

/// One line per variant: medians and ranges, and for a variant that has one (``baselineVariant(of:groupSize:)``: the
/// first of its transport's group) the ratios against it within each round, `× <baseline>`.
func printRows(_ variants: [Variant], wall samples: [[Double]], cpu: [[Double]], baseline: String, groupSize: Int) {
    for (index, variant) in variants.enumerated() {
        let values = samples[index]
        var line = String(format: "  %@ %6.3f ms/request  (min–max %.3f–%.3f)  CPU %.3f ms/request",
            variant.name.padding(toLength: 56, withPad: " ", startingAt: 0), median(values), values.min() ?? 0,
            values.max() ?? 0, median(cpu[index]))
        if let raw = baselineVariant(of: index, groupSize: groupSize) {
            let ratios = zip(values, samples[raw]).map { $0 / $1 }
            let cpuRatios = zip(cpu[index], cpu[raw]).map { $0 / $1 }
            line += String(format: "  %.3f× \(baseline) (pairs %.3f–%.3f), CPU %.3f× (pairs %.3f–%.3f)", median(ratios),
                ratios.min() ?? 0, ratios.max() ?? 0, median(cpuRatios), cpuRatios.min() ?? 0, cpuRatios.max() ?? 0)
        }
        print(line)
    }
}

/// `--profile VARIANT COUNT`: one variant only (by its index in `sequentialVariants`), for `perf record`.
func profileVariant(server: URL, index: Int, count: Int) async throws {
    let (variants, shutdown) = sequentialVariants(server: server)
    let (wall, cpu) = try await sequential(variants[index], count: count)
    try await shutdown()
    print(String(format: "%@: %.3f ms/request, CPU %.3f ms/request, over %d requests", variants[index].name, wall, cpu, count))
}

// MARK: Workload 3: the client's HTTP cache

/// Issue 27's cache rows: per transport, `Client.fetch(Item.show("1"))` uncached, answered from a fresh stored
/// response (`?cache=fresh`, `max-age=3600`: no request at all), and revalidated with a `304` (`?cache=validate`,
/// `no-cache` + `ETag`: a request whose answer has no body), each against the uncached fetch within one round.
func cacheWorkload(server: URL, count: Int, rounds: Int) async throws {
    var variants: [Variant] = []
    for kind in TransportKind.allCases {
        let transport = kind.make(connections: 16)
        let plain = Client(baseURL: server, transport: transport)
        let cached = Client(baseURL: server, transport: transport, configuration: .init(cache: try HTTPCache()))
        variants.append(Variant(name: "\(kind.rawValue) uncached") { try await plain.fetch(Item.show("1")) })
        variants.append(Variant(name: "\(kind.rawValue) fresh cache hit") {
            try await cached.fetch(Item.show("1"), query: [QueryItem(name: "cache", value: "fresh")])
        })
        variants.append(Variant(name: "\(kind.rawValue) 304 revalidation") {
            try await cached.fetch(Item.show("1"), query: [QueryItem(name: "cache", value: "validate")])
        })
    }
    let load = loadAverage()
    let (wall, cpu) = try await alternatingRounds(variants, count: count, rounds: rounds)
    print("transport cache: \(count) GETs of /items/1 one after another through Client.fetch, per variant and round, median of "
        + "\(rounds) alternating rounds (load average \(load)):")
    printRows(variants, wall: wall, cpu: cpu, baseline: "uncached", groupSize: variants.count / TransportKind.allCases.count)
}
