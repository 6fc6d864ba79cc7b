import Foundation
import HTTPTypes
import ResgenRuntime

/// A 1 MiB error body of a given shape, answered with a 422 to a client call (issue 23, item 1): the
/// client decodes it as a ``ServerErrorDocument`` (its `meta` as open JSON) and throws the `ClientError`.
/// A 100 KB body of 500-deep arrays once cost about 70 s of CPU; the target is under 1 s for 1 MiB of
/// any shape, and under 64 MiB of memory above the baseline.
struct ErrorDocumentWorkload: Workload {
    /// How the body's `meta` is built.
    enum Shape {
        /// Arrays nested `depth` levels, side by side until the body is 1 MiB (`[[[…]]],[[[…]]],…`).
        case nestedArrays(depth: Int)
        /// Objects nested `depth` levels (`{"a":{"a":…}}`), side by side.
        case nestedObjects(depth: Int)
        /// One flat object of short members.
        case wideObject
        /// As many error objects as fit, each with a small `meta`.
        case manyErrors
    }

    let name: String
    let shape: Shape
    static let bodyBytes = 1 << 20

    private var client: Client?
    private var body = Data()

    init(name: String, shape: Shape) {
        self.name = name
        self.shape = shape
    }

    /// The error document, about ``bodyBytes`` long.
    static func document(_ shape: Shape) -> Data {
        let head = #"{"errors":[{"status":"422","title":"Unprocessable","detail":"hostile","meta":"#
        let tail = "}]}"
        let room = bodyBytes - head.utf8.count - tail.utf8.count - 2
        var meta = ""
        switch shape {
        case .nestedArrays(let depth):
            meta = "[" + repeated(String(repeating: "[", count: depth) + String(repeating: "]", count: depth), room: room) + "]"
        case .nestedObjects(let depth):
            meta = "[" + repeated(String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth), room: room) + "]"
        case .wideObject:
            meta = "{" + itemsFilling(room - 32) { #""k\#($0)":\#($0)"# }.joined(separator: ",") + "}"
        case .manyErrors:
            let one = #"{"status":"422","title":"Invalid","source":{"pointer":"/data/attributes/title"},"meta":{"n":[1,2,3]}}"#
            return Data(("{\"errors\":[" + repeated(one, room: bodyBytes - 14) + "]}").utf8)
        }
        return Data((head + meta + tail).utf8)
    }

    /// `unit` repeated, comma-separated, while the text stays within `room` bytes.
    static func repeated(_ unit: String, room: Int) -> String {
        Array(repeating: unit, count: max(1, room / (unit.utf8.count + 1))).joined(separator: ",")
    }

    mutating func prepare() async throws {
        body = Self.document(shape)
        client = Client(
            baseURL: URL(string: "http://bench.test")!, transport: ErrorTransport(body: body),
            configuration: .init(codec: PlainJSONCodec()))
    }

    func run() async throws -> [(String, Int)] {
        guard let client else { preconditionFailure("prepare() first") }
        do {
            _ = try await client.request(.get, URL(string: "http://bench.test/articles")!)
            preconditionFailure("the server answers 422")
        } catch let error as ClientError {
            return [("body_bytes", body.count), ("status", error.status?.code ?? 0), ("error_objects", error.serverError?.summaries.count ?? 0)]
        }
    }
}

/// Answers every request with a 422 and the same JSON:API error body.
struct ErrorTransport: Transport {
    var body: Data

    func send(_ request: HTTPRequest, body _: OutgoingBody) async throws -> (HTTPResponse, Data) {
        var response = HTTPResponse(status: .init(code: 422))
        response.headerFields[.contentType] = "application/vnd.api+json"
        return (response, body.withUnsafeBytes { Data($0) })
    }
}
