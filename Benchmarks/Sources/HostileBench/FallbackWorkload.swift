import Foundation
import HTTPTypes
import ResgenRuntime

/// A 1 MiB collection the tape decoder cannot answer for itself (each item's integer is written `1e17`, which
/// only `JSONDecoder` converts exactly), so `JSONDecoder` decodes it with the tape lent: each item's `meta`
/// (open JSON, nested a few levels) is found on the tape by its coding path and built from it. The work must
/// stay linear in the number of items, as it is through the tape decoder (issue 23, item 1).
struct FallbackWorkload: Workload {
    let name: String
    static let bodyBytes = 1 << 20

    private var body = Data()

    init(name: String) { self.name = name }

    struct Item: Decodable {
        var number: Int
        var meta: JSONValue
    }

    static func document() -> Data {
        let item = #"{"number":1e17,"meta":{"tags":["a","b"],"nested":{"deep":[1,[2,[3]]]}}}"#
        let count = bodyBytes / (item.utf8.count + 1)
        return Data(("[" + Array(repeating: item, count: count).joined(separator: ",") + "]").utf8)
    }

    mutating func prepare() async throws {
        body = Self.document()
    }

    func run() async throws -> [(String, Int)] {
        let context = ResponseContext(decoder: JSONDecoder(), url: URL(string: "http://bench.test/items")!, response: HTTPResponse(status: .ok))
        let items = try PlainJSONCodec().decodeValue([Item].self, from: body, context: context)
        let metas = items.filter { $0.meta["nested"] != nil }.count
        return [("body_bytes", body.count), ("items", items.count), ("metas", metas)]
    }
}
