import Foundation
import ResgenRuntime

// Polymorphic JSON:API decoding benchmark (issue 24): a document of N loans, each lending a book, a film or
// an album (the `Loan.item` union of Schemas/catalog), with N/10 of each type included — ids 1…N/10 in
// every type, so `books/7`, `films/7` and `albums/7` are three different resources — and N/100 authors of
// the books. Decoded by
//   plain    hand-written Codable structs mirroring the document, `included` as one struct whose
//            attributes are optional (what a hand-written client reads a mixed list with), no resolution
//            (the baseline); `due` read as a String;
//   resgen   the generated Catalog models through JSONAPICodec: nothing resolved, then `include=item`
//            resolved (each loan's item into the union case its `type` names);
//   resgen+  the same, also resolving `item.author` (on the books only).
// Same bytes, same decoder settings; rounds alternate, medians reported.
// Usage: PolymorphicBench [N...]; the one-variant modes `--write-document N PATH` and
// `--decode-once VARIANT PATH` are those of JSONAPIBench (Benchmarks/bench.py).

// MARK: the baseline: plain Codable structs, as a hand-written client would have them

struct PlainDocument: Decodable {
    var data: [PlainLoan]
    var included: [PlainIncluded]
}

struct PlainIdentifier: Decodable {
    var type: String
    var id: String
}

struct PlainToOne: Decodable { var data: PlainIdentifier? }

struct PlainLoan: Decodable {
    struct Attributes: Decodable {
        var borrower: String
        var due: String
    }
    struct Relationships: Decodable {
        var item: PlainToOne
    }
    var type: String
    var id: String
    var attributes: Attributes
    var relationships: Relationships
}

struct PlainIncluded: Decodable {
    struct Attributes: Decodable {
        var title: String?
        var minutes: Int?
        var artist: String?
        var name: String?
    }
    struct Relationships: Decodable {
        var author: PlainToOne?
    }
    var type: String
    var id: String
    var attributes: Attributes
    var relationships: Relationships?
}

// MARK: the document

/// The types a loan's item cycles through.
let itemTypes = ["books", "films", "albums"]

func document(loans count: Int) -> Data {
    let perType = max(count / 10, 1)
    let authors = max(count / 100, 1)
    var text = #"{"data":["#
    for index in 0..<count {
        if index > 0 { text += "," }
        let type = itemTypes[index % 3]
        text += #"{"type":"loans","id":"\#(index + 1)","attributes":{"borrower":"Borrower number \#(index + 1)","due":"2026-12-\#(String(format: "%02d", index % 28 + 1))"},"relationships":{"item":{"data":{"type":"\#(type)","id":"\#(index / 3 % perType + 1)"}}}}"#
    }
    text += #"],"included":["#
    for index in 0..<perType {
        if index > 0 { text += "," }
        text += #"{"type":"books","id":"\#(index + 1)","attributes":{"title":"Book number \#(index + 1)"},"relationships":{"author":{"data":{"type":"authors","id":"\#(index % authors + 1)"}}}}"#
        text += #",{"type":"films","id":"\#(index + 1)","attributes":{"title":"Film number \#(index + 1)","minutes":\#(80 + index % 100)}}"#
        text += #",{"type":"albums","id":"\#(index + 1)","attributes":{"title":"Album number \#(index + 1)","artist":"Artist \#(index % 50 + 1)"}}"#
    }
    for index in 0..<authors {
        text += #",{"type":"authors","id":"\#(index + 1)","attributes":{"name":"Author \#(index + 1)"}}"#
    }
    text += "]}"
    return Data(text.utf8)
}

// MARK: measuring

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let decoder = JSONDecoder()
decoder.dateDecodingStrategy = DateFormat.iso8601.decodingStrategy
let codec = JSONAPICodec(api: Catalog.self)
let includes = Loan.Include.item.paths
let deeper = Loan.Include.itemWithAuthor.paths

/// The value after `flag` on the command line.
func argument(_ flag: String, offset: Int = 1) -> String? {
    guard let index = CommandLine.arguments.firstIndex(of: flag), index + offset < CommandLine.arguments.count else { return nil }
    return CommandLine.arguments[index + offset]
}

// `--write-document N PATH` writes the document of N loans to PATH; `--decode-once VARIANT PATH` reads PATH and
// decodes it once with one variant (none = only read the bytes; plain; unresolved; resgen = include item;
// deeper = include item.author), for peak memory and instruction counts per variant in their own processes.
if let count = argument("--write-document").flatMap(Int.init), let path = argument("--write-document", offset: 2) {
    try document(loans: count).write(to: URL(fileURLWithPath: path))
    exit(0)
}
if let variant = argument("--decode-once"), let path = argument("--decode-once", offset: 2) {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let count: Int
    switch variant {
    case "none": count = bytes.count
    case "plain": count = try decoder.decode(PlainDocument.self, from: bytes).data.count
    case "unresolved": count = try codec.decodeDocument([Loan].self, from: bytes, decoder: decoder).data.count
    case "resgen": count = try codec.decodeDocument([Loan].self, from: bytes, decoder: decoder, includes: includes).data.count
    case "deeper": count = try codec.decodeDocument([Loan].self, from: bytes, decoder: decoder, includes: deeper).data.count
    default: fatalError("unknown variant \(variant): none, plain, unresolved, resgen, deeper")
    }
    print(variant, count)
    exit(0)
}

let sizes = CommandLine.arguments.dropFirst().compactMap { Int($0) }
for count in sizes.isEmpty ? [1_000, 10_000] : sizes {
    let data = document(loans: count)
    let rounds = count >= 10_000 ? 7 : 21
    // Check once that both decode what they should: each item in the case its type names, ids shared.
    let check = try codec.decodeDocument([Loan].self, from: data, decoder: decoder, includes: deeper).data
    precondition(check.count == count && check[0].item.id == .book(1) && check[1].item.id == .film(1) && check[2].item.id == .album(1))
    guard case .book(let book)? = check[0].item.resolved, book.author?.resolved != nil,
        case .film(let film)? = check[1].item.resolved, film.minutes == 80,
        case .album(let album)? = check[2].item.resolved, album.artist == "Artist 1"
    else { preconditionFailure("the items did not resolve into their cases") }
    let plainCheck = try decoder.decode(PlainDocument.self, from: data)
    precondition(plainCheck.included.count == 3 * max(count / 10, 1) + max(count / 100, 1))

    var plain: [Double] = [], unresolved: [Double] = [], resgen: [Double] = [], resgenDeeper: [Double] = []
    for _ in 0..<rounds {
        plain.append(try seconds { _ = try decoder.decode(PlainDocument.self, from: data) })
        unresolved.append(try seconds { _ = try codec.decodeDocument([Loan].self, from: data, decoder: decoder) })
        resgen.append(try seconds { _ = try codec.decodeDocument([Loan].self, from: data, decoder: decoder, includes: includes) })
        resgenDeeper.append(try seconds { _ = try codec.decodeDocument([Loan].self, from: data, decoder: decoder, includes: deeper) })
    }
    let base = median(plain)
    func row(_ name: String, _ values: [Double]) -> String {
        let ms = median(values) * 1000
        return "  \(name.padding(toLength: 44, withPad: " ", startingAt: 0)) \(String(format: "%8.1f", ms)) ms  \(String(format: "%.2f", median(values) / base))×"
    }
    let perType = max(count / 10, 1)
    print("Polymorphic JSON:API document: \(count) loans, \(perType) books + \(perType) films + \(perType) albums + \(max(count / 100, 1)) authors included, \(String(format: "%.2f", Double(data.count) / 1_048_576)) MiB, median of \(rounds)")
    print(row("plain Codable structs (no resolution)", plain))
    print(row("resgen, nothing resolved", unresolved))
    print(row("resgen, include=item resolved", resgen))
    print(row("resgen, + item.author resolved", resgenDeeper))
}
