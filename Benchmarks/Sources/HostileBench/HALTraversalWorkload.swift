import Foundation
import ResgenRuntime

/// Traversing a 1 MiB HAL document whose `contacts` relation holds 10,000 links (issue 23, item 2):
/// all to one URL (the document itself: one request, the case that cost 156 s and 6.3 GB), or to
/// 10,000 distinct small documents; typed (the generated Contacts models) or untyped (`HALDocument`);
/// one level (`[contacts]`) or two (`[contacts].[contacts]`). The options allow 10,000 links, so the
/// traversal really runs.
struct HALTraversalWorkload: Workload {
    enum Targets { case oneURL, distinct }

    let name: String
    let targets: Targets
    let typed: Bool
    var levels = 1
    static let linkCount = 10_000
    static let documentBytes = 1 << 20

    private var client: Client?
    private var documentSize = 0

    init(name: String, targets: Targets, typed: Bool, levels: Int = 1) {
        self.name = name
        self.targets = targets
        self.typed = typed
        self.levels = levels
    }

    /// The hub: `linkCount` links, each with a title padded so that the document is about 1 MiB.
    static func hub(_ targets: Targets) -> Data {
        let head = #"{"id":0,"name":"Hub","_links":{"self":{"href":"/contacts/0"},"contacts":["#
        let tail = "]}}"
        let perLink = (documentBytes - head.utf8.count - tail.utf8.count) / linkCount - 1
        let links = (1...linkCount).map { i in
            let href = targets == .oneURL ? "/contacts/0" : "/contacts/\(i)"
            let start = #"{"href":"\#(href)","title":"Contact \#(i)"#
            let padding = String(repeating: ".", count: max(0, perLink - start.utf8.count - 2))
            return start + padding + #""}"#
        }
        return Data((head + links.joined(separator: ",") + tail).utf8)
    }

    static func contact(_ id: Int) -> Data {
        Data(#"{"id":\#(id),"name":"Contact \#(id)","_links":{"self":{"href":"/contacts/\#(id)"}}}"#.utf8)
    }

    mutating func prepare() async throws {
        var documents = ["/contacts/0": Self.hub(targets)]
        if targets == .distinct {
            for id in 1...Self.linkCount { documents["/contacts/\(id)"] = Self.contact(id) }
        }
        documentSize = documents["/contacts/0"]!.count
        let options = HALTraversalOptions(
            requestBudget: Self.linkCount + 1, resourceBudget: Self.linkCount * levels, maximumLinksPerRelation: Self.linkCount)
        client = Client(
            baseURL: URL(string: "http://bench.test")!, transport: InProcessTransport(documents: documents),
            configuration: .init(codec: HALCodec(options: options)))
    }

    func run() async throws -> [(String, Int)] {
        guard let client else { preconditionFailure("prepare() first") }
        let counts: (requests: Int, resources: Int, bytes: Int, related: Int)
        if typed {
            let path = IncludePath(steps: Array(repeating: .toMany("contacts"), count: levels))
            let traversal = try await client.traverse(Contact.show(0), including: [path])
            counts = (traversal.requestCount, traversal.resourceCount, traversal.byteCount, traversal.value.contacts.resolved?.count ?? 0)
        } else {
            let include = Array(repeating: "[contacts]", count: levels).joined(separator: ".")
            let traversal = try await client.traverseDocument(at: URL(string: "/contacts/0")!, includes: [include])
            counts = (traversal.requestCount, traversal.resourceCount, traversal.byteCount, traversal.value.embedded("contacts")?.count ?? 0)
        }
        return [
            ("document_bytes", documentSize), ("links", Self.linkCount), ("requests", counts.requests), ("resources", counts.resources),
            ("bytes_taken", counts.bytes), ("related", counts.related),
        ]
    }
}
