import Foundation
import HTTPTypes
import ResgenRuntime

/// An in-process transport: records every request and answers from a handler, so client behaviour
/// (merging, redirects, auth, retries, errors) is tested without a network.
final class FakeTransport: Transport, @unchecked Sendable {
    /// One recorded request.
    struct Sent: Sendable {
        var request: HTTPRequest
        var body: Data?
        var bodyWasStream: Bool

        var url: URL? { request.url }
        func header(_ name: HTTPField.Name) -> String? { request.headerFields[name] }
    }

    typealias Handler = @Sendable (HTTPRequest, Data?) async throws -> (HTTPResponse, Data)

    private let lock = NSLock()
    private var recorded: [Sent] = []
    private let handler: Handler

    init(_ handler: @escaping Handler) { self.handler = handler }

    /// Always answers `status` with `body` and `headers`.
    convenience init(status: Int = 200, json: String = "{}", headers: [HTTPField.Name: String] = [.contentType: "application/json"]) {
        self.init { _, _ in FakeTransport.response(status, json, headers: headers) }
    }

    var sent: [Sent] { lock.withLock { recorded } }

    func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
        var data: Data?
        var wasStream = false
        switch body {
        case .none: data = nil
        case .data(let bytes): data = bytes
        case .file(let url): data = try Data(contentsOf: url)
        case .temporaryFile(let file): data = try Data(contentsOf: file.url)
        case .stream(let stream):
            wasStream = true
            var collected = Data()
            for try await chunk in stream { collected += chunk }
            data = collected
        }
        lock.withLock { recorded.append(Sent(request: request, body: data, bodyWasStream: wasStream)) }
        return try await handler(request, data)
    }

    static func response(_ status: Int, _ body: String = "", headers: [HTTPField.Name: String] = [:]) -> (HTTPResponse, Data) {
        var fields = HTTPFields()
        for (name, value) in headers.sorted(by: { $0.key.rawName < $1.key.rawName }) { fields[name] = value }
        return (HTTPResponse(status: .init(code: status), headerFields: fields), Data(body.utf8))
    }
}
