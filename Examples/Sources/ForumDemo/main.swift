import Foundation
import ResgenRuntime

// The README's "Calling a server" snippet, runnable: `make demo` generates the Forum client into
// Generated/ (from Schemas/forum), starts Tests/Servers/forum_server.py and runs this against it.

guard CommandLine.arguments.count > 1, let server = URL(string: CommandLine.arguments[1]) else {
    print("usage: ForumDemo <base URL>")
    exit(64)
}
// The demo server answers in plain JSON (the models' own Codable form), so the client uses the plain
// codec instead of the JSON:API one `Client(api:)` would pick for this `format: jsonapi` schema.
let client = Client(api: Forum.self, baseURL: server, configuration: .init(dateFormat: Forum.dateFormat, codec: PlainJSONCodec()), middlewares: [RetryMiddleware()])

let post = try await client.fetch(Post.show(1))
print("fetch(Post.show(1))                        → \"\(post.title)\", pinned: \(post.isPinned)")

let comments = try await client.fetch(Post.show(1) / PostComment.list())
print("fetch(Post.show(1) / PostComment.list())   → \(comments.map(\.text))")

try await client.delete(Post.show(1) / PostComment.delete(7))
let remaining = try await client.fetch(Post.show(1) / PostComment.list())
print("delete(Post.show(1) / PostComment.delete(7)) → \(remaining.count) comment left")

let created = try await client.create(Post.create(), Post(id: 0, title: "Hello from resgen"))
print("create(Post.create(), …)                   → id \(created.id)")

let found = try await client.send(SearchPosts(term: "swift"))
print("send(SearchPosts(term: \"swift\"))           → \(found.map(\.title))")

do {
    _ = try await client.fetch(Post.show(99))
} catch let error as ClientError {
    print("fetch(Post.show(99))                       → \(error.kind), status \(error.status?.code ?? 0)")
}
