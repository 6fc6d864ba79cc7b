import Foundation
import ResgenRuntime

/// Fetching a 1 MiB HAL contact whose `_embedded.contacts` holds many small contacts, shaped against how CURIEs
/// are looked up: every relation a resource decodes is checked against each CURIE in scope, embedded
/// resources inherit their parent's, and `_links` objects are read relation by relation. Typed (the generated
/// Contacts models) or untyped (`HALDocument`). Before `HALLinks.maximumCURIEs`, 12,000 CURIEs over 12,000
/// embedded resources cost 10 s of CPU, 3,000 inherited by 8,000 resources with one CURIE each 1.1 GiB, and
/// one `_links` of 80,000 relations 5 s.
struct HALCURIEWorkload: Workload {
    enum Shape {
        /// `HALLinks.maximumCURIEs` CURIEs of one head, and embedded resources whose every relation is a URI
        /// that head expands to: no relation is ruled out by its first byte, every lookup that misses checks
        /// them all.
        case oneHeadMatchingEveryRelation
        /// One CURIE fewer than the maximum at the top, and every embedded resource defines one of its own:
        /// each keeps a list of all of them.
        case inheritedByEveryResource
        /// 12,000 CURIEs: refused (`DecodingError` through `ClientError`).
        case tooMany
        /// One `_links` of as many relations as fit (~80,000).
        case wideLinks
    }

    let name: String
    let shape: Shape
    let typed: Bool
    static let documentBytes = 1 << 20

    private var client: Client?
    private var documentSize = 0

    init(name: String, shape: Shape, typed: Bool) {
        self.name = name
        self.shape = shape
        self.typed = typed
    }

    static func document(_ shape: Shape) -> Data {
        func curie(_ name: String, _ href: String) -> String { #"{"name":"\#(name)","href":"\#(href)","templated":true}"# }
        func embedding(_ links: String, contact: (Int) -> String) -> String {
            let head = #"{"id":0,"name":"Hub","_links":{"self":{"href":"/contacts/0"},"curies":[\#(links)]},"_embedded":{"contacts":["#
            return head + itemsFilling(documentBytes - head.utf8.count) { contact($0 + 1) }.joined(separator: ",") + "]}}"
        }
        let text: String
        switch shape {
        case .oneHeadMatchingEveryRelation:
            let curies = (0..<HALLinks.maximumCURIEs).map { curie("c\($0)", "/rels/{rel}") }.joined(separator: ",")
            text = embedding(curies) { id in
                #"{"id":\#(id),"name":"C\#(id)","_links":{"self":"/c/\#(id)","/rels/a":"x","/rels/b":"x","/rels/c":"x"}}"#
            }
        case .inheritedByEveryResource:
            let curies = (1..<HALLinks.maximumCURIEs).map { curie("c\($0)", "/r\($0)/{rel}") }.joined(separator: ",")
            text = embedding(curies) { id in
                #"{"id":\#(id),"name":"C\#(id)","_links":{"self":"/c/\#(id)","curies":[{"name":"d","href":"/d/{rel}"}]}}"#
            }
        case .tooMany:
            let curies = (0..<12_000).map { curie("c\($0)", "/rels/{rel}") }.joined(separator: ",")
            text = embedding(curies) { id in #"{"id":\#(id),"name":"C\#(id)","_links":{"self":"/c/\#(id)","/rels/a":"x"}}"# }
        case .wideLinks:
            let head = #"{"id":0,"name":"Hub","_links":{"self":{"href":"/contacts/0"}"#
            let relations = itemsFilling(documentBytes - head.utf8.count) { #""r\#($0)":"x""# }
            text = head + "," + relations.joined(separator: ",") + "}}"
        }
        return Data(text.utf8)
    }

    mutating func prepare() async throws {
        let document = Self.document(shape)
        documentSize = document.count
        client = Client(
            baseURL: URL(string: "http://bench.test")!, transport: InProcessTransport(documents: ["/contacts/0": document]),
            configuration: .init(codec: HALCodec()))
    }

    func run() async throws -> [(String, Int)] {
        guard let client else { preconditionFailure("prepare() first") }
        var fields = [("body_bytes", documentSize)]
        do {
            if typed {
                let contact = try await client.fetch(Contact.show(0))
                fields += [("embedded", contact.contacts.resolved?.count ?? 0), ("relations", contact.links.relations.count)]
            } else {
                let document = try await client.resource(at: URL(string: "/contacts/0")!)
                fields += [("embedded", document.embedded("contacts")?.count ?? 0), ("relations", document.links.relations.count)]
            }
        } catch let error as ClientError {
            guard shape == .tooMany, case .decoding = error.kind else { throw error }
            fields += [("embedded", 0), ("relations", 0), ("refused", 1)]
        }
        return fields
    }
}
