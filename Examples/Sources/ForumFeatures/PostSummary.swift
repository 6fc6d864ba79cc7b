import Foundation
import ResgenRuntime

/// What a forum's front page shows for a post: its title, how many comments it has and who took part.
///
/// The kind of code an app writes on top of a generated client, and tests with `ResgenTesting`'s
/// `MockTransport` instead of a server (see `Tests/ForumFeaturesTests`).
public struct PostSummary: Equatable, Sendable {
    /// The post's title.
    public var title: String
    /// How many comments the post has.
    public var commentCount: Int
    /// The nicknames of everyone who commented, each once, sorted.
    public var participants: [String]

    /// Creates a summary.
    public init(title: String, commentCount: Int, participants: [String]) {
        self.title = title
        self.commentCount = commentCount
        self.participants = participants
    }

    /// Loads the summary of post `id` in one request (the comments and their commenters included).
    ///
    /// - Returns: `nil` when the server has no such post (404).
    /// - Throws: The client's `ClientError` for any other failure.
    public static func load(_ id: Int, from client: Client) async throws -> PostSummary? {
        do {
            let post = try await client.fetch(Post.show(id), including: .discussion)
            let comments = post.comments.resolved ?? []
            let nicknames = comments.flatMap { $0.commenters.resolved ?? [] }.map(\.nickname)
            return PostSummary(title: post.title, commentCount: comments.count, participants: Set(nicknames).sorted())
        } catch let error as ClientError where error.status == .notFound {
            return nil
        }
    }
}
