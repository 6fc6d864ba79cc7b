import Foundation
import HTTPTypes
import ResgenRuntime

/// 1 MiB of names a client reads once each but could search once per name: an entry document whose `_links`
/// holds ~80,000 relations (`client.entry`), and a JSON:API page whose `jsonapi.profile` lists ~40,000
/// URIs (`client.page`, which merges them with the `Content-Type`'s). A search per name makes either
/// quadratic: before sets replaced the searches, the entry document cost 3.0 s and the page 14 s of CPU.
struct WideListWorkload: Workload {
    enum Shape {
        case halEntryLinks
        case jsonAPIProfiles
    }

    let name: String
    let shape: Shape
    static let documentBytes = 1 << 20

    private var client: Client?
    private var documentSize = 0
    private var written = 0

    init(name: String, shape: Shape) {
        self.name = name
        self.shape = shape
    }

    mutating func prepare() async throws {
        let document: Data
        let codec: any ResourceCodec
        switch shape {
        case .halEntryLinks:
            let relations = itemsFilling(Self.documentBytes - 64) { #""r\#($0)":"/r/\#($0)""# }
            written = relations.count
            document = Data((#"{"_links":{"# + relations.joined(separator: ",") + "}}").utf8)
            codec = HALCodec()
        case .jsonAPIProfiles:
            let uris = itemsFilling(Self.documentBytes - 64) { #""https://p.example/\#($0)""# }
            written = uris.count
            document = Data((#"{"data":[],"jsonapi":{"version":"1.1","profile":["# + uris.joined(separator: ",") + "]}}").utf8)
            codec = JSONAPICodec(api: Contacts.self)
        }
        documentSize = document.count
        client = Client(
            baseURL: URL(string: "http://bench.test")!, transport: InProcessTransport(documents: ["/": document, "/contacts": document]),
            configuration: .init(codec: codec))
    }

    func run() async throws -> [(String, Int)] {
        guard let client else { preconditionFailure("prepare() first") }
        let read: Int
        switch shape {
        case .halEntryLinks:
            read = try await client.entry(Contacts.Entry.self).links.count
        case .jsonAPIProfiles:
            read = try await client.page(Contact.self, at: URL(string: "http://bench.test/contacts")!).appliedProfiles.count
        }
        return [("body_bytes", documentSize), ("written", written), ("read", read)]
    }
}
