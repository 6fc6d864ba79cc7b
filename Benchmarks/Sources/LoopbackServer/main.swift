import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

// A loopback HTTP/1.1 server for the transport benchmarks (RuntimeBench --url), on SwiftNIO with one event loop
// thread. The Python test servers cost ~0.35 ms per request on this machine (measured with a keep-alive
// http.client loop against Tests/Servers/echo_server.py): most of what the sequential benchmark measures, where
// raw AsyncHTTPClient takes ~0.5 ms per request. This one answers in microseconds, so the client side dominates.
//
// Binds 127.0.0.1 on a free port, prints `LISTENING <port>` and serves until stdin closes (as the delay servers
// in this folder do). Every response has a Content-Length and keeps the connection open.
//   GET /items/<id>   200 {"id": "<id>", "name": "widget", "count": 3}   (application/json)
//   GET /items/<id>?cache=fresh      the same with `Cache-Control: max-age=3600` (a client cache answers it)
//   GET /items/<id>?cache=validate   the same with `Cache-Control: no-cache` and `ETag: "v1"`; 304 to `If-None-Match: "v1"`
//   GET /delay/<ms>   waits <ms> ms on the event loop (without blocking it), then 200 {"delayed_ms": <ms>}
//   anything else     404

/// What the server answers for one request head: status, JSON body, and how long to wait first.
struct Answer {
    var status: HTTPResponseStatus
    var body: String
    var delayMilliseconds: Int64 = 0
    var headers: [(String, String)] = []

    /// The answer for `uri` (its path, and for /items its `cache` parameter) and the request's `If-None-Match`.
    static func route(_ uri: String, ifNoneMatch: String? = nil) -> Answer {
        let halves = uri.split(separator: "?", maxSplits: 1).map(String.init)
        let path = halves.first ?? uri
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        if parts.count == 2, parts[0] == "items" {
            var answer = Answer(status: .ok, body: #"{"id": "\#(parts[1])", "name": "widget", "count": 3}"#)
            let query = halves.count == 2 ? halves[1] : ""
            if query.contains("cache=fresh") {
                answer.headers = [("Cache-Control", "max-age=3600")]
            } else if query.contains("cache=validate") {
                answer.headers = [("Cache-Control", "no-cache"), ("ETag", #""v1""#)]
                if ifNoneMatch == #""v1""# {
                    answer.status = .notModified
                    answer.body = ""
                }
            }
            return answer
        }
        if parts.count == 2, parts[0] == "delay", let ms = Int64(parts[1]), ms >= 0 {
            return Answer(status: .ok, body: #"{"delayed_ms": \#(ms)}"#, delayMilliseconds: ms)
        }
        return Answer(status: .notFound, body: #"{"error": "not found"}"#)
    }
}

/// Answers each request once its end has arrived; requests on one connection are answered in order
/// (HTTP/1.1 clients here do not pipeline, so a delayed answer never holds up a later one).
final class AnswerHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private var uri: String?
    private var ifNoneMatch: String?
    private var keepAlive = true

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            uri = head.uri
            ifNoneMatch = head.headers.first(name: "If-None-Match")
            keepAlive = head.isKeepAlive
        case .body:
            break
        case .end:
            guard let uri else { return }
            self.uri = nil
            let answer = Answer.route(uri, ifNoneMatch: ifNoneMatch)
            let keepAlive = self.keepAlive
            if answer.delayMilliseconds > 0 {
                context.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(answer.delayMilliseconds)) {
                    Self.respond(answer, keepAlive: keepAlive, context: context)
                }
            } else {
                Self.respond(answer, keepAlive: keepAlive, context: context)
            }
        }
    }

    private static func respond(_ answer: Answer, keepAlive: Bool, context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        var buffer = context.channel.allocator.buffer(capacity: answer.body.utf8.count)
        buffer.writeString(answer.body)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        for (name, value) in answer.headers { headers.add(name: name, value: value) }
        if answer.status != .notModified { headers.add(name: "Content-Length", value: String(buffer.readableBytes)) }
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        let head = HTTPResponseHead(version: .http1_1, status: answer.status, headers: headers)
        context.write(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
        context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(buffer))), promise: nil)
        let done = context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)))
        if !keepAlive {
            let channel = context.channel
            done.whenComplete { _ in channel.close(promise: nil) }
        }
    }
}

let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
let channel = try await ServerBootstrap(group: group)
    .serverChannelOption(.backlog, value: 256)
    .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
    .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
    .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
            try channel.pipeline.syncOperations.addHandler(AnswerHandler())
        }
    }
    .bind(host: "127.0.0.1", port: 0)
    .get()

FileHandle.standardOutput.write(Data("LISTENING \(channel.localAddress?.port ?? 0)\n".utf8))
// Serve until stdin ends (the benchmark script closes it, or dies).
_ = FileHandle.standardInput.readDataToEndOfFile()
try await channel.close().get()
try await group.shutdownGracefully()
