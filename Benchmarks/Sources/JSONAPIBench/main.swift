import Foundation
import ResgenRuntime

// JSON:API decoding benchmark (issue 5): a compound document of N articles (title, ~200-character
// body, date, views; author to-one, 5 comments each) with N/10 people and 5N comments included (each
// comment with an author and its article), decoded by
//   plain    hand-written Codable structs mirroring the document, no resolution (the baseline);
//   resgen   the generated Press models through JSONAPICodec: nothing resolved, then
//            `include=author,comments` resolved;
//   resgen+  the same, also resolving `comments.author`.
// Same bytes, same decoder settings; rounds alternate, medians reported.
// Then an error document of N JSON:API error objects (issue 29), decoded by plain Codable structs and by
// `ServerErrorDocument.decode`, the runtime's path when a call fails.
// Usage: JSONAPIBench [N...] [--errors N...] [--url URL]; the one-variant modes `--write-document`,
// `--write-errors` and `--decode-once` are described below, pagination (`--url`) at the end.

// MARK: the baseline: plain Codable structs, as a hand-written client would have them

struct PlainDocument: Decodable {
    var data: [PlainArticle]
    var included: [PlainIncluded]
}

struct PlainIdentifier: Decodable {
    var type: String
    var id: String
}

struct PlainToOne: Decodable { var data: PlainIdentifier? }
struct PlainToMany: Decodable { var data: [PlainIdentifier] }

struct PlainArticle: Decodable {
    struct Attributes: Decodable {
        var title: String
        var body: String
        var publishedAt: Date
        var views: Int
        enum CodingKeys: String, CodingKey {
            case title, body, views
            case publishedAt = "published-at"
        }
    }
    struct Relationships: Decodable {
        var author: PlainToOne
        var comments: PlainToMany
    }
    var type: String
    var id: String
    var attributes: Attributes
    var relationships: Relationships
}

struct PlainIncluded: Decodable {
    struct Attributes: Decodable {
        var name: String?
        var email: String?
        var body: String?
    }
    struct Relationships: Decodable {
        var author: PlainToOne?
        var article: PlainToOne?
    }
    var type: String
    var id: String
    var attributes: Attributes
    var relationships: Relationships?
}

// MARK: the document

func document(articles count: Int) -> Data {
    let people = max(count / 10, 1)
    let body = String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", count: 4).prefix(200)
    var text = #"{"data":["#
    for index in 0..<count {
        if index > 0 { text += "," }
        let comments = (0..<5).map { #"{"type":"comments","id":"\#(index * 5 + $0 + 1)"}"# }.joined(separator: ",")
        text += #"{"type":"articles","id":"\#(index + 1)","attributes":{"title":"Article number \#(index + 1)","body":"\#(body)","published-at":"2026-01-\#(String(format: "%02d", index % 28 + 1))T09:00:00Z","views":\#(index * 7)},"relationships":{"author":{"data":{"type":"people","id":"\#(index % people + 1)"}},"comments":{"data":[\#(comments)]}}}"#
    }
    text += #"],"included":["#
    for index in 0..<people {
        if index > 0 { text += "," }
        text += #"{"type":"people","id":"\#(index + 1)","attributes":{"name":"Person \#(index + 1)","email":"person\#(index + 1)@example.org","twitter-handle":null}}"#
    }
    for index in 0..<(count * 5) {
        text += #",{"type":"comments","id":"\#(index + 1)","attributes":{"body":"Comment \#(index + 1) on this article."},"relationships":{"author":{"data":{"type":"people","id":"\#(index % people + 1)"}},"article":{"data":{"type":"articles","id":"\#(index / 5 + 1)"}}}}"#
    }
    text += "]}"
    return Data(text.utf8)
}

// MARK: the error document (issue 29)

// A JSON:API error document of N validation errors, as a server answering a batch of N articles with a 422
// would send it: every error object with id, status, code, title, detail, source.pointer and a small meta (no
// links). About 270 bytes an error: 3,000 errors (0.78 MiB) stay under `ServerErrorDocument.maximumBytes`
// (1 MiB), 4,000 (1.04 MiB) and 10,000 would not. The runtime reads no longer error body as a document (it keeps
// an excerpt), so a row over the bound would time a size check; `serverErrors` stops the benchmark instead.

/// The baseline: what a hand-written client would declare for its API's error documents. `meta` is typed with
/// the members this API sends, the cheapest a plain struct can be; resgen's `JSONAPIErrorObject` holds it as
/// open JSON (`JSONValue`), since the runtime cannot know its shape.
struct PlainErrorDocument: Decodable {
    var errors: [PlainError]
}

struct PlainError: Decodable {
    struct Source: Decodable { var pointer: String? }
    struct Meta: Decodable {
        var attribute: String
        var limit: Int
        var length: Int
    }
    var id: String?
    var status: String?
    var code: String?
    var title: String?
    var detail: String?
    var source: Source?
    var meta: Meta?
}

/// The media type a JSON:API server sends its error documents with.
let errorContentType = "application/vnd.api+json"

func errorDocument(errors count: Int) -> Data {
    let attributes = ["title", "body", "published-at", "views"]
    var text = #"{"errors":["#
    for index in 0..<count {
        if index > 0 { text += "," }
        let attribute = attributes[index % attributes.count]
        text += #"{"id":"error-\#(index + 1)","status":"422","code":"invalid-\#(attribute)","title":"Invalid attribute","detail":"Article \#(index + 1) of the batch: '\#(attribute)' is longer than 120 characters.","source":{"pointer":"/data/\#(index)/attributes/\#(attribute)"},"meta":{"attribute":"\#(attribute)","limit":120,"length":\#(121 + index % 80)}}"#
    }
    text += "]}"
    return Data(text.utf8)
}

/// The error objects `ServerErrorDocument.decode` reads from `bytes`; stops the benchmark when it reads none
/// (the body is over the 1 MiB bound, or not a JSON:API error document), which would time nothing.
func serverErrors(_ bytes: Data) -> [JSONAPIErrorObject] {
    guard case .jsonAPI(let errors)? = ServerErrorDocument.decode(bytes, contentType: errorContentType) else {
        fatalError("ServerErrorDocument.decode read no JSON:API errors from \(bytes.count) bytes (bound: \(ServerErrorDocument.maximumBytes))")
    }
    return errors
}

// MARK: measuring

/// One timed row as runtime.sh prints it (bench.py parses it): the name padded to 44, the median in ms with
/// `digits` decimals, and its ratio over `base` (the plain structs' median).
func timedRow(_ name: String, _ values: [Double], base: Double, digits: Int) -> String {
    "  \(name.padding(toLength: 44, withPad: " ", startingAt: 0)) \(String(format: "%8.\(digits)f", median(values) * 1000)) ms  \(String(format: "%.2f", median(values) / base))×"
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let decoder = JSONDecoder()
decoder.dateDecodingStrategy = DateFormat.iso8601.decodingStrategy
let codec = JSONAPICodec(api: Press.self)
let includes = [IncludePath(.toOne("author")), IncludePath(.toMany("comments"))]
let deeper = includes + [IncludePath(.toMany("comments"), .toOne("author"))]

/// The value after `flag` on the command line.
func argument(_ flag: String, offset: Int = 1) -> String? {
    guard let index = CommandLine.arguments.firstIndex(of: flag), index + offset < CommandLine.arguments.count else { return nil }
    return CommandLine.arguments[index + offset]
}

// `--write-document N PATH` writes the document of N articles to PATH, `--write-errors N PATH` the error
// document of N errors; `--decode-once VARIANT PATH` reads PATH and decodes it once with one variant (none = only
// read the bytes; plain; unresolved; resgen = include author,comments; deeper = + comments.author; for the error
// document errors-plain and errors-resgen = `ServerErrorDocument.decode`), for peak memory and instruction counts
// per variant in their own processes (Benchmarks/bench.py).
if let count = argument("--write-document").flatMap(Int.init), let path = argument("--write-document", offset: 2) {
    try document(articles: count).write(to: URL(fileURLWithPath: path))
    exit(0)
}
if let count = argument("--write-errors").flatMap(Int.init), let path = argument("--write-errors", offset: 2) {
    try errorDocument(errors: count).write(to: URL(fileURLWithPath: path))
    exit(0)
}
if let variant = argument("--decode-once"), let path = argument("--decode-once", offset: 2) {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let count: Int
    switch variant {
    case "none": count = bytes.count
    case "plain": count = try decoder.decode(PlainDocument.self, from: bytes).data.count
    case "unresolved": count = try codec.decodeDocument([Article].self, from: bytes, decoder: decoder).data.count
    case "resgen": count = try codec.decodeDocument([Article].self, from: bytes, decoder: decoder, includes: includes).data.count
    case "deeper": count = try codec.decodeDocument([Article].self, from: bytes, decoder: decoder, includes: deeper).data.count
    case "errors-plain": count = try decoder.decode(PlainErrorDocument.self, from: bytes).errors.count
    case "errors-resgen": count = serverErrors(bytes).count
    default: fatalError("unknown variant \(variant): none, plain, unresolved, resgen, deeper, errors-plain, errors-resgen")
    }
    print(variant, count)
    exit(0)
}

let sizes = CommandLine.arguments.dropFirst().prefix { !$0.hasPrefix("--") }.compactMap { Int($0) }
for count in ProcessInfo.processInfo.environment["JSONAPI_BENCH_ONLY"] != nil ? [] : sizes.isEmpty ? [1_000, 10_000] : sizes {
    let data = document(articles: count)
    let rounds = count >= 10_000 ? 7 : 21
    // Check once that both decode what they should.
    let check = try codec.decodeDocument([Article].self, from: data, decoder: decoder, includes: deeper).data
    precondition(check.count == count && check[0].comments.resolved?.count == 5 && check[0].author.resolved != nil)
    precondition(check[0].comments.resolved?[0].author?.resolved != nil)
    let plainCheck = try decoder.decode(PlainDocument.self, from: data)
    precondition(plainCheck.included.count == count / 10 + count * 5)

    var plain: [Double] = [], unresolved: [Double] = [], resgen: [Double] = [], resgenDeeper: [Double] = []
    for _ in 0..<rounds {
        plain.append(try seconds { _ = try decoder.decode(PlainDocument.self, from: data) })
        unresolved.append(try seconds { _ = try codec.decodeDocument([Article].self, from: data, decoder: decoder) })
        resgen.append(try seconds { _ = try codec.decodeDocument([Article].self, from: data, decoder: decoder, includes: includes) })
        resgenDeeper.append(try seconds { _ = try codec.decodeDocument([Article].self, from: data, decoder: decoder, includes: deeper) })
    }
    func row(_ name: String, _ values: [Double]) -> String { timedRow(name, values, base: median(plain), digits: 1) }
    print("JSON:API compound document: \(count) articles, \(count / 10) people + \(count * 5) comments included, \(String(format: "%.2f", Double(data.count) / 1_048_576)) MiB, median of \(rounds)")
    print(row("plain Codable structs (no resolution)", plain))
    print(row("resgen, nothing resolved", unresolved))
    print(row("resgen, include=author,comments resolved", resgen))
    print(row("resgen, + comments.author resolved", resgenDeeper))
}

// The error document: `--errors N...` (default 1,000 and 3,000 errors, both under the 1 MiB bound).
let errorSizes: [Int] = {
    guard let index = CommandLine.arguments.firstIndex(of: "--errors") else { return [1_000, 3_000] }
    return CommandLine.arguments[(index + 1)...].prefix { !$0.hasPrefix("--") }.compactMap { Int($0) }
}()
for count in ProcessInfo.processInfo.environment["JSONAPI_BENCH_ONLY"] != nil ? [] : errorSizes {
    let data = errorDocument(errors: count)
    let rounds = 21
    // Check once that both read every error, and that the runtime's is not refused for its size.
    let check = serverErrors(data)
    precondition(check.count == count && check[0].source?.pointer == "/data/0/attributes/title" && check[0].meta != nil)
    let plainCheck = try decoder.decode(PlainErrorDocument.self, from: data)
    precondition(plainCheck.errors.count == count && plainCheck.errors[0].meta?.limit == 120)

    var plain: [Double] = [], resgen: [Double] = []
    for _ in 0..<rounds {
        plain.append(try seconds { _ = try decoder.decode(PlainErrorDocument.self, from: data) })
        resgen.append(seconds { _ = serverErrors(data) })
    }
    func row(_ name: String, _ values: [Double]) -> String { timedRow(name, values, base: median(plain), digits: 2) }
    print("JSON:API error document: \(count) errors, \(String(format: "%.2f", Double(data.count) / 1_048_576)) MiB (bound \(ServerErrorDocument.maximumBytes / 1_048_576) MiB), median of \(rounds)")
    print(row("plain Codable structs (meta typed)", plain))
    print(row("resgen ServerErrorDocument.decode", resgen))
}

// `JSONAPI_BENCH_ONLY=plain|resgen|unresolved|parse JSONAPIBench N`: decode N articles 10 times with one variant
// only, for instruction counts (`perf stat -e instructions`), which load on the machine does not skew.
if let only = ProcessInfo.processInfo.environment["JSONAPI_BENCH_ONLY"] {
    let data = document(articles: sizes.first ?? 1_000)
    for _ in 0..<10 {
        switch only {
        case "plain": _ = try decoder.decode(PlainDocument.self, from: data)
        case "resgen": _ = try codec.decodeDocument([Article].self, from: data, decoder: decoder, includes: includes)
        case "unresolved": _ = try codec.decodeDocument([Article].self, from: data, decoder: decoder)
        default: break
        }
    }
}

// MARK: pagination

// `--url http://127.0.0.1:PORT` (Benchmarks/jsonapi_delay_server.py): every page of `/articles` through
// `Client.pages`, which follows `links.next`; the server waits the same delay before each response, so the
// ideal is pages × delay (each `next` is known only once its page arrived). `/_stats` answers at once with
// the requests and distinct URLs since the previous call, and the delay.
if let server = argument("--url").flatMap(URL.init(string:)) {
    let client = Client(api: Press.self, baseURL: server, configuration: .init(codec: JSONAPICodec(api: Press.self)))
    let statsURL = try client.url(for: "/_stats")
    func serverStats() async throws -> [String: Double] {
        try JSONDecoder().decode([String: Double].self, from: try await client.request(.get, statsURL).body)
    }
    _ = try await serverStats()  // opens the connection and resets the counts
    var runs: [Double] = [], requests: Set<Int> = [], unique: Set<Int> = [], pageCounts: Set<Int> = [], delay = 0.0, items = 0
    for _ in 0..<7 {
        var pages = 0, total = -1
        items = 0
        let start = ContinuousClock.now
        for try await page in client.pages(Article.list()) {
            pages += 1
            items += page.items.count
            if case .number(let value)? = page.meta?["total"] { total = Int(value) }
        }
        let elapsed = ContinuousClock.now - start
        runs.append(Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds))
        precondition(items == total, "\(items) articles over \(pages) pages, the server says \(total)")
        let stats = try await serverStats()
        requests.insert(Int(stats["requests"]!))
        unique.insert(Int(stats["unique"]!))
        pageCounts.insert(pages)
        delay = stats["delay_ms"]!
    }
    let ms = median(runs) * 1000, ideal = Double(pageCounts.max()!) * delay
    func list(_ values: Set<Int>) -> String { values.sorted().map(String.init).joined(separator: ",") }
    print("JSON:API pagination of /articles with Client.pages: \(list(pageCounts)) pages, \(items) articles, \(Int(delay)) ms per request, median of 7:")
    print("  \(String(format: "%6.1f", ms)) ms (ideal \(Int(ideal)) ms: \(list(pageCounts)) pages one after another; \(String(format: "%.2f", ms / ideal))×); requests per run \(list(requests)) (unique URLs \(list(unique)))")
}
