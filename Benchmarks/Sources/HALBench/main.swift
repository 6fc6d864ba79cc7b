import Foundation
import HTTPTypes
import ResgenRuntime

// HAL benchmarks (release; `make bench`):
// 1. Decoding a 1,000-contact (`--contacts N`) HAL collection (each: links incl. a link array and CURIEs,
//    3 embedded contacts with their own links) into the generated `Contact` models through `HALCodec`, against
//    hand-written plain Codable structs for the same JSON, interleaved in one run.
// 2. Optional (`--url http://127.0.0.1:PORT`, Benchmarks/hal_delay_server.py): traversal of `[contacts]`
//    from `/hub`, whose link array holds 100 distinct contacts and 20 repeats, at 20 ms per request and
//    16 in flight. Ideal: the hub (20 ms) + ⌈100/16⌉ = 7 rounds (140 ms) = 160 ms; requests must be 101.

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

// MARK: the document

func link(_ href: String, title: String? = nil) -> String {
    title.map { #"{"href": "\#(href)", "title": "\#($0)"}"# } ?? #"{"href": "\#(href)"}"#
}

func embeddedContact(_ i: Int) -> String {
    #"{"id": \#(i), "name": "Contact \#(i)", "email": "c\#(i)@example.org", "_links": {"self": \#(link("/contacts/\(i)")), "website": \#(link("/websites/\(i)"))}}"#
}

func contact(_ i: Int) -> String {
    let links = [
        #""self": \#(link("/contacts/\(i)"))"#,
        #""contacts": [\#(link("/contacts/\(i + 1)", title: "Contact \(i + 1)")), \#(link("/contacts/\(i + 2)", title: "Contact \(i + 2)")), \#(link("/contacts/\(i + 3)"))]"#,
        #""website": \#(link("/websites/\(i)", title: "Website"))"#,
        #""ea:orders": \#(link("/contacts/\(i)/orders"))"#,
        #""curies": [{"name": "ea", "href": "/rels/{rel}", "templated": true}]"#,
    ]
    let embedded = (1...3).map { embeddedContact(i * 10 + $0) }.joined(separator: ", ")
    return #"{"id": \#(i), "name": "Contact \#(i)", "email": "c\#(i)@example.org", "phone_number": "+49 \#(i)", "_links": {\#(links.joined(separator: ", "))}, "_embedded": {"contacts": [\#(embedded)]}}"#
}

func halDocument(contacts count: Int) -> Data {
    Data(
        (#"{"_links": {"self": {"href": "/contacts?page=0"}, "next": {"href": "/contacts?page=1"}}, "page": {"number": 0, "size": \#(count), "totalElements": \#(count * 5)}, "_embedded": {"contacts": ["#
            + (1...count).map(contact).joined(separator: ", ") + "]}}").utf8)
}

/// The value after `flag` on the command line.
func argument(_ flag: String, offset: Int = 1) -> String? {
    guard let index = CommandLine.arguments.firstIndex(of: flag), index + offset < CommandLine.arguments.count else { return nil }
    return CommandLine.arguments[index + offset]
}

/// 1000 → "1,000".
func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    return String(digits.enumerated().flatMap { index, digit in (index > 0 && (digits.count - index) % 3 == 0 ? [","] : []) + [digit] })
}

/// `--contacts N`: the size of the decoding benchmark's collection (1,000 by default).
let contactCount = argument("--contacts").flatMap(Int.init) ?? 1000

// `--write-document PATH` writes the collection of `--contacts N` to PATH; `--decode-once VARIANT PATH` reads
// PATH and decodes it once with one variant (none = only read the bytes; plain; full; generated), for peak
// memory and instruction counts per variant in their own processes (Benchmarks/bench.py).
if let path = argument("--write-document") {
    try halDocument(contacts: contactCount).write(to: URL(fileURLWithPath: path))
    exit(0)
}
if let variant = argument("--decode-once"), let path = argument("--decode-once", offset: 2) {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let context = ResponseContext(decoder: JSONDecoder(), url: URL(string: "http://127.0.0.1/contacts")!, response: HTTPResponse(status: .ok))
    let count: Int
    switch variant {
    case "none": count = bytes.count
    case "plain": count = try JSONDecoder().decode(PlainCollection<PlainLink>.self, from: bytes).embedded.contacts.count
    case "full": count = try JSONDecoder().decode(PlainCollection<FullLink>.self, from: bytes).embedded.contacts.count
    case "generated": count = try HALCodec().decodeCollection(Contact.self, from: bytes, context: context).count
    default: fatalError("unknown variant \(variant): none, plain, full, generated")
    }
    print(variant, count)
    exit(0)
}

let document = halDocument(contacts: contactCount)

// MARK: hand-written plain Codable structs for the same JSON

struct PlainLink: Codable {
    var href: String
    var title: String?
    var name: String?
    var templated: Bool?
}

/// Every property HAL defines for a link, as the generated models keep them.
struct FullLink: Codable {
    var href: String
    var templated: Bool?
    var type: String?
    var deprecation: String?
    var name: String?
    var profile: String?
    var title: String?
    var hreflang: String?
}

struct PlainLinks<Link: Codable>: Codable {
    var own: Link
    var contacts: [Link]?
    var website: Link?
    var orders: Link?
    var curies: [Link]?
    enum CodingKeys: String, CodingKey {
        case own = "self", contacts, website, orders = "ea:orders", curies
    }
}

struct PlainContact<Link: Codable>: Codable {
    var id: Int
    var name: String
    var email: String?
    var phoneNumber: String?
    var links: PlainLinks<Link>
    var embedded: PlainEmbedded<Link>?
    enum CodingKeys: String, CodingKey {
        case id, name, email, phoneNumber = "phone_number", links = "_links", embedded = "_embedded"
    }
}

struct PlainEmbedded<Link: Codable>: Codable {
    var contacts: [PlainContact<Link>]
}

struct PlainPage: Codable {
    var number: Int
    var size: Int
    var totalElements: Int
}

struct PlainCollection<Link: Codable>: Codable {
    var links: [String: Link]
    var page: PlainPage
    var embedded: PlainEmbedded<Link>
    enum CodingKeys: String, CodingKey {
        case links = "_links", page, embedded = "_embedded"
    }
}

// MARK: 1. decoding

let codec = HALCodec()
let context = ResponseContext(decoder: JSONDecoder(), url: URL(string: "http://127.0.0.1/contacts")!, response: HTTPResponse(status: .ok))
let generated = try codec.decodeCollection(Contact.self, from: document, context: context)
let plain = try JSONDecoder().decode(PlainCollection<PlainLink>.self, from: document)
precondition(generated.count == contactCount && plain.embedded.contacts.count == contactCount)
precondition(generated[0].contacts.resolved?.count == 3 && generated[0].links.links("contacts").count == 3)

// `--profile generated|plain|full [N]`: decode only that variant, N times (60), for `perf record`.
if let index = CommandLine.arguments.firstIndex(of: "--profile"), index + 1 < CommandLine.arguments.count {
    var count = 0
    let iterations = CommandLine.arguments.dropFirst(index + 2).first.flatMap { Int($0) } ?? 60
    for _ in 0..<iterations {
        switch CommandLine.arguments[index + 1] {
        case "plain": count &+= try JSONDecoder().decode(PlainCollection<PlainLink>.self, from: document).embedded.contacts.count
        case "full": count &+= try JSONDecoder().decode(PlainCollection<FullLink>.self, from: document).embedded.contacts.count
        default: count &+= try codec.decodeCollection(Contact.self, from: document, context: context).count
        }
    }
    print("decoded \(count) contacts")
    exit(0)
}

var plainRuns: [Double] = []
var fullRuns: [Double] = []
var generatedRuns: [Double] = []
var checksum = 0
for _ in 0..<15 {
    var start = ContinuousClock.now
    checksum &+= try JSONDecoder().decode(PlainCollection<PlainLink>.self, from: document).embedded.contacts.count
    plainRuns.append(seconds(ContinuousClock.now - start))
    start = ContinuousClock.now
    checksum &+= try JSONDecoder().decode(PlainCollection<FullLink>.self, from: document).embedded.contacts.count
    fullRuns.append(seconds(ContinuousClock.now - start))
    start = ContinuousClock.now
    checksum &+= try codec.decodeCollection(Contact.self, from: document, context: context).count
    generatedRuns.append(seconds(ContinuousClock.now - start))
}
let plainMs = median(plainRuns) * 1e3, fullMs = median(fullRuns) * 1e3, generatedMs = median(generatedRuns) * 1e3
print(String(format: "HAL decoding, %@ contacts × (links + 3 embedded), %.2f MB, median of 15 (checksum %d):", grouped(contactCount), Double(document.count) / 1e6, checksum))
print(String(format: "  hand-written plain Codable, links with the 4 properties used   %7.2f ms", plainMs))
print(String(format: "  hand-written plain Codable, links with all 8 HAL properties  %7.2f ms  (%.2f×)", fullMs, fullMs / plainMs))
print(String(format: "  generated models (HALCodec)                                   %7.2f ms  (%.2f×; %.2f× the 8-property structs)", generatedMs, generatedMs / plainMs, generatedMs / fullMs))

// MARK: 2. traversal

if let index = CommandLine.arguments.firstIndex(of: "--url"), index + 1 < CommandLine.arguments.count,
    let server = URL(string: CommandLine.arguments[index + 1])
{
    let client = Client(baseURL: server, configuration: .init(codec: HALCodec(options: HALTraversalOptions(maximumConcurrency: 16))))
    let hub = ResourcePath<Contact, Op.Show>(uncheckedComponents: [.literal("/hub")])
    _ = try await client.fetch(hub)  // warm up a connection
    var runs: [Double] = []
    var requests: Set<Int> = []
    for _ in 0..<7 {
        let start = ContinuousClock.now
        let traversal = try await client.traverse(hub, including: [IncludePath(.toMany("contacts"))])
        runs.append(seconds(ContinuousClock.now - start))
        precondition(traversal.value.contacts.resolved?.count == 120)
        requests.insert(traversal.requestCount)
    }
    let ms = median(runs) * 1e3
    print("HAL traversal of [contacts]: 120 links to 100 distinct contacts, 20 ms per request, 16 in flight, median of 7:")
    print(String(format: "  %6.1f ms (ideal 160 ms: hub + 7 rounds; %.2f×); requests per call %@ (unique URLs 101)", ms, ms / 160, requests.sorted().map(String.init).joined(separator: ",")))
}
