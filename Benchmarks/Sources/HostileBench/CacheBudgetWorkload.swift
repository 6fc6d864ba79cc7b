import Foundation
import HTTPTypes
import ResgenRuntime

/// Documents that include many resources, through an ``HTTPCache`` with a small memory budget (issue 46):
/// 20 JSON:API documents of 1 MiB, each including ~35,000 resources, read twice through a cache of a
/// 4 MiB memory budget, with or without a cache directory.
///
/// The names of the resources a document holds (for invalidation) used to cost memory outside the budget
/// (a 16 MiB cache peaked at 298 MB over 40 documents of 4 MB), and made each file's metadata longer than
/// its reader accepts, so a directory never gave a hit (0 of 80). Now they count in a response's cost,
/// past 10,000 a response keeps none (it is made stale by its path only), and a file is never written
/// with metadata its reader refuses: the memory stays near the budget and, with a directory, the second
/// pass is all hits.
struct CacheBudgetWorkload: Workload {
    let name: String
    let withDirectory: Bool
    static let documentCount = 20
    static let documentBytes = 1 << 20
    static let memoryBudget = 4 << 20

    private var client: Client?
    private var cache: HTTPCache?
    private var directory: URL?
    private var included = 0

    init(name: String, withDirectory: Bool) {
        self.name = name
        self.withDirectory = withDirectory
    }

    /// Serves one document at every path, fresh for ten minutes, each body a fresh copy.
    struct CacheableTransport: Transport {
        var document: Data

        func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
            var response = HTTPResponse(status: .ok)
            response.headerFields[.contentType] = "application/vnd.api+json"
            response.headerFields[.cacheControl] = "max-age=600"
            return (response, document.withUnsafeBytes { Data($0) })
        }
    }

    mutating func prepare() async throws {
        let resources = itemsFilling(Self.documentBytes - 64) { #"{"type":"comments","id":"\#($0)"}"# }
        included = resources.count
        let document = Data((#"{"data":{"type":"articles","id":"1"},"included":["# + resources.joined(separator: ",") + "]}").utf8)
        if withDirectory {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-hostile-cache-\(UUID().uuidString)")
            directory = folder
            cache = try HTTPCache(memoryByteBudget: Self.memoryBudget, directory: folder)
        } else {
            cache = try HTTPCache(memoryByteBudget: Self.memoryBudget)
        }
        client = Client(
            baseURL: URL(string: "http://bench.test")!, transport: CacheableTransport(document: document),
            configuration: .init(codec: JSONAPICodec(resourceTypes: []), cache: cache))
    }

    func run() async throws -> [(String, Int)] {
        guard let client, let cache else { preconditionFailure("prepare() first") }
        defer { if let directory { try? FileManager.default.removeItem(at: directory) } }
        for _ in 0..<2 {
            for index in 0..<Self.documentCount {
                _ = try await client.request(.get, URL(string: "http://bench.test/articles/\(index)")!)
            }
        }
        let statistics = cache.statistics
        return [
            ("documents", Self.documentCount), ("included_per_document", included), ("hits", statistics.hits),
            ("stores", statistics.stores),
        ]
    }
}
