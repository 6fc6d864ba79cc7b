import Foundation
import HTTPTypes
import ResgenRuntime

/// The in-process server of the `haltraversal` target: fixed documents by path (query included), and a
/// count of what a traversal took from it — requests, bytes handed out, and the bytes of bodies still
/// alive (each body lives in memory this transport owns and frees through a deallocator it counts, so a
/// body kept anywhere shows up). It honours ``TransportOptions/maximumResponseBytes`` as a real
/// transport does.
final class ScriptedDocuments: Transport, @unchecked Sendable {
    // @unchecked: the counters are only touched under `lock`.
    private let lock = NSLock()
    let documents: [String: Data]
    private var _requests: [String] = []
    private var _liveBytes = 0
    private var _deliveredBytes = 0

    init(_ documents: [String: Data]) { self.documents = documents }

    /// The paths requested, in order.
    var requests: [String] { lock.withLock { _requests } }
    /// Bytes of bodies handed out and not freed yet.
    var liveBytes: Int { lock.withLock { _liveBytes } }
    /// Bytes of every body handed out.
    var deliveredBytes: Int { lock.withLock { _deliveredBytes } }

    /// Forgets the requests and bytes counted so far (the bodies still alive stay counted).
    func reset() {
        lock.withLock {
            _requests = []
            _deliveredBytes = 0
        }
    }

    func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
        try await send(request, body: body, options: TransportOptions())
    }

    func send(_ request: HTTPRequest, body: OutgoingBody, options: TransportOptions) async throws -> (HTTPResponse, Data) {
        let path = request.path ?? ""
        lock.withLock { _requests.append(path) }
        guard let document = documents[path] else { return (HTTPResponse(status: .notFound), Data()) }
        var response = HTTPResponse(status: .ok)
        response.headerFields[.contentType] = "application/hal+json"
        guard document.count <= options.maximumResponseBytes else {
            throw ResponseTooLargeError(maximumBytes: options.maximumResponseBytes, response: response, receivedBytes: options.maximumResponseBytes + 1)
        }
        return (response, tracked(document))
    }

    /// A copy of `bytes` whose release is counted.
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
}
