import Foundation
import HTTPTypes
import ResgenRuntime

/// Serves fixed HAL documents by path (query included) and counts what a traversal costs: requests per
/// path, bytes handed out, and the response bodies still alive — each body is handed out in memory the
/// transport owns, freed through a deallocator it counts, so a body kept anywhere shows up as live.
///
/// It honours ``TransportOptions/maximumResponseBytes`` as a real transport does.
final class CountingDocuments: Transport, @unchecked Sendable {
    // @unchecked: every counter is only touched under `lock`.
    private let lock = NSLock()
    private let documents: [String: Data]
    private var _requests: [String] = []
    private var _liveBytes = 0
    private var _liveBytesAtSend: [Int] = []
    private var _limits: [Int] = []
    private var _deliveredBytes = 0
    private var _sizes: [Int] = []

    init(_ documents: [String: String]) {
        self.documents = documents.mapValues { Data($0.utf8) }
    }

    /// The paths requested, in order.
    var requests: [String] { lock.withLock { _requests } }
    /// Bytes of bodies handed out and not freed yet.
    var liveBytes: Int { lock.withLock { _liveBytes } }
    /// ``liveBytes`` as each request arrived.
    var liveBytesAtSend: [Int] { lock.withLock { _liveBytesAtSend } }
    /// The body limit each request came with.
    var limits: [Int] { lock.withLock { _limits } }
    /// Bytes of every body handed out.
    var deliveredBytes: Int { lock.withLock { _deliveredBytes } }
    /// The size of the body handed out for each request, in order (0 when none was).
    var sizes: [Int] { lock.withLock { _sizes } }

    func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
        try await send(request, body: body, options: TransportOptions())
    }

    func send(_ request: HTTPRequest, body: OutgoingBody, options: TransportOptions) async throws -> (HTTPResponse, Data) {
        let path = request.path ?? ""
        lock.withLock {
            _requests.append(path)
            _liveBytesAtSend.append(_liveBytes)
            _limits.append(options.maximumResponseBytes)
        }
        let document = documents[path].flatMap { $0.count <= options.maximumResponseBytes ? $0 : nil }
        lock.withLock { _sizes.append(document?.count ?? 0) }
        var response = HTTPResponse(status: .ok)
        response.headerFields[.contentType] = "application/hal+json"
        guard let document else {
            guard documents[path] != nil else { return (HTTPResponse(status: .notFound), Data()) }
            throw ResponseTooLargeError(maximumBytes: options.maximumResponseBytes, response: response, receivedBytes: options.maximumResponseBytes + 1)
        }
        return (response, tracked(document))
    }

    /// A copy of `bytes` in memory whose release is counted.
    private func tracked(_ bytes: Data) -> Data {
        let count = bytes.count
        let pointer = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 1)
        bytes.copyBytes(to: pointer.assumingMemoryBound(to: UInt8.self), count: count)
        lock.withLock {
            _liveBytes += count
            _deliveredBytes += count
        }
        return Data(bytesNoCopy: pointer, count: count, deallocator: .custom { [self] pointer, _ in
            pointer.deallocate()
            lock.withLock { _liveBytes -= count }
        })
    }

    /// A contact document: `links` as its `contacts` link array, `padding` bytes of an unknown property.
    static func contact(_ id: Int, links: [String], padding: Int = 0) -> String {
        let hrefs = links.map { #"{"href":"\#($0)"}"# }.joined(separator: ",")
        let pad = padding > 0 ? #","bio":"\#(String(repeating: "x", count: padding))""# : ""
        return #"{"id":\#(id),"name":"C\#(id)"\#(pad),"_links":{"self":{"href":"/contacts/\#(id)"},"contacts":[\#(hrefs)]}}"#
    }

    /// A client of `self` for the Contacts API with `options`.
    ///
    /// No call deadline (`timeout: nil`): these tests check what a traversal fetches and resolves, not its
    /// deadline, and a loaded clean-clone CI run kept them waiting for cooperative threads past the default
    /// two minutes (the suites took 60–97 s in earlier runs, in well under a second alone).
    func client(_ options: HALTraversalOptions = HALTraversalOptions()) -> Client {
        Client(baseURL: URL(string: "http://documents.test")!, transport: self, configuration: .init(codec: HALCodec(options: options), timeout: nil))
    }
}
