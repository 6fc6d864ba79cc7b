import Foundation
import HTTPTypes
import ResgenRuntime

/// An in-process server of `GET /articles` under the JSON:API cursor pagination profile, for the
/// scripted tests: articles `1...count` in id order, `page[size]` at a time (2 by default, at most 3),
/// cursors `c<id>`, exact `prev`/`next` links, `meta.page` with `total` and `rangeTruncated`, and the
/// profile's error objects. It records every request, so tests count them and read their headers.
final class CursorScript: Transport, @unchecked Sendable {
    let count: Int
    /// Whether items carry their cursors (`meta.page.cursor`); without, a range walk must read the
    /// cursor from the `next` link.
    let itemCursors: Bool
    /// Whether range requests are refused with the profile's range-pagination-not-supported error.
    let refusesRanges: Bool
    /// The `jsonapi` member written into every page, when set.
    let jsonapi: String?
    /// The `Content-Type` of every page.
    let contentType: String

    static let profile = "http://jsonapi.org/profiles/ethanresnick/cursor-pagination/"
    static let base = URL(string: "https://api.example.com")!

    private let lock = NSLock()
    private var requests: [HTTPRequest] = []
    /// Every request so far, in order.
    var received: [HTTPRequest] { lock.withLock { requests } }

    init(count: Int = 7, itemCursors: Bool = true, refusesRanges: Bool = false, jsonapi: String? = nil,
         contentType: String = #"application/vnd.api+json; profile="http://jsonapi.org/profiles/ethanresnick/cursor-pagination/""#) {
        self.count = count
        self.itemCursors = itemCursors
        self.refusesRanges = refusesRanges
        self.jsonapi = jsonapi
        self.contentType = contentType
    }

    /// A client of the Press API over this transport.
    func client(codec: JSONAPICodec = JSONAPICodec(api: Press.self)) -> Client {
        Client(api: Press.self, baseURL: Self.base, transport: self, configuration: .init(codec: codec))
    }

    func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
        lock.withLock { requests.append(request) }
        guard let url = request.url else { throw URLError(.badURL) }
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        do {
            return try page(size: value("page[size]"), after: value("page[after]"), before: value("page[before]"), sort: value("sort"), others: items)
        } catch let error as Refusal {
            let document = #"{"errors": [\#(error.object)]}"#
            return (HTTPResponse(status: .badRequest, headerFields: [.contentType: contentType]), Data(document.utf8))
        }
    }

    struct Refusal: Error {
        let object: String
    }

    private func cursor(_ text: String, _ parameter: String) throws -> Int {
        guard text.hasPrefix("c"), let id = Int(text.dropFirst()) else {
            throw Refusal(object: #"{"status": "400", "detail": "not a cursor", "source": {"parameter": "\#(parameter)"}}"#)
        }
        return id
    }

    private func page(size text: String?, after: String?, before: String?, sort: String?, others: [URLQueryItem]) throws -> (HTTPResponse, Data) {
        if sort != nil {
            throw Refusal(object: #"{"status": "400", "source": {"parameter": "sort"}, "links": {"type": "https://jsonapi.org/profiles/ethanresnick/cursor-pagination/unsupported-sort"}}"#)
        }
        var size: Int?
        if let text {
            guard let number = Int(text), number > 0 else {
                throw Refusal(object: #"{"status": "400", "detail": "page[size] must be a positive integer", "source": {"parameter": "page[size]"}}"#)
            }
            guard number <= 3 else {
                throw Refusal(object: #"""
                    {"status": "400", "source": {"parameter": "page[size]"}, "meta": {"page": {"maxSize": 3}},
                     "links": {"type": "https://jsonapi.org/profiles/ethanresnick/cursor-pagination/max-size-exceeded"}}
                    """#)
            }
            size = number
        }
        let afterID = try after.map { try cursor($0, "page[after]") }
        let beforeID = try before.map { try cursor($0, "page[before]") }
        let isRange = afterID != nil && beforeID != nil
        if isRange, refusesRanges {
            throw Refusal(object: #"{"status": "400", "links": {"type": "http://jsonapi.org/profiles/ethanresnick/cursor-pagination/range-pagination-not-supported"}}"#)
        }
        let used = size ?? (isRange ? 3 : 2)
        let within = Array(1...count).filter { id in (afterID.map { id > $0 } ?? true) && (beforeID.map { id < $0 } ?? true) }
        let ids = beforeID != nil && afterID == nil ? Array(within.suffix(used)) : Array(within.prefix(used))
        let truncated = isRange && within.count > used

        func link(_ name: String, _ id: Int) -> String {
            var components = URLComponents(url: Self.base.appendingPathComponent("articles"), resolvingAgainstBaseURL: false)!
            let other = name == "page[after]" ? "page[before]" : "page[after]"
            components.queryItems = others.filter { $0.name != name && $0.name != other } + [URLQueryItem(name: name, value: "c\(id)")]
            return "\"" + components.url!.absoluteString + "\""
        }
        let prev = ids.first.flatMap { $0 > 1 ? link("page[before]", $0) : nil } ?? "null"
        let next = ids.last.flatMap { $0 < count ? link("page[after]", $0) : nil } ?? "null"
        let data = ids.map { id in
            let meta = itemCursors ? #", "meta": {"page": {"cursor": "c\#(id)"}}"# : ""
            return #"{"type": "articles", "id": "\#(id)", "attributes": {"title": "A\#(id)", "body": "b", "published-at": "2026-01-02T09:00:00Z"}, "relationships": {"author": {"data": {"type": "people", "id": "1"}}}\#(meta)}"#
        }
        let page = truncated ? #"{"total": \#(count), "rangeTruncated": true}"# : #"{"total": \#(count), "estimatedTotal": {"bestGuess": \#(count + 1)}}"#
        let jsonapi = self.jsonapi.map { #", "jsonapi": \#($0)"# } ?? ""
        let document = #"{"data": [\#(data.joined(separator: ", "))], "links": {"prev": \#(prev), "next": \#(next)}, "meta": {"page": \#(page)}\#(jsonapi)}"#
        return (HTTPResponse(status: .ok, headerFields: [.contentType: contentType]), Data(document.utf8))
    }
}
