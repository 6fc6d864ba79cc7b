import ForumClient
import Foundation
import ResgenRuntime
import Testing

/// The checked-in client in Sources/ForumClient/Generated (written by the generate-resgen-sources
/// command plugin, `access: package`, from a JSON config and a JSON schema).
@Suite struct ForumClientTests {
    @Test func nestsThreeLevels() throws {
        let commenter = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let path = ForumClient.Post.show(1) / PostComment.show(2) / Commenter.show(commenter)
        #expect(path.path == "/posts/1/comments/2/commenters/E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(ForumClient.Post.Include.discussion.includeQuery == "comments,comments.commenters")
    }

    @Test func decodesAPost() throws {
        let post = try JSONDecoder().decode(ForumClient.Post.self, from: Data(#"{"id": 3, "title": "t", "is-pinned": true}"#.utf8))
        #expect(post.isPinned)
        #expect(post.default == false)
        #expect(post.isFeatured)
    }
}
