import Foundation
import ResgenRuntime
import Testing

@Suite("Resource paths")
struct ResourcePathTests {
    @Test("Root builders give the collection or instance path and the operation's method")
    func rootBuilders() {
        check(Article.list(), "GET", "/articles")
        check(Article.show("1"), "GET", "/articles/1")
        check(Article.create(), "POST", "/articles")
        check(Article.patch("1"), "PATCH", "/articles/1")
        check(Article.delete("1"), "DELETE", "/articles/1")
        check(Forum.Post.replace(7), "PUT", "/posts/7")
        check(Article.at("1"), nil, "/articles/1")
    }

    @Test("Child steps compose below a parent instance")
    func twoLevels() {
        check(Article.show("1") / Comment.list(), "GET", "/articles/1/comments")
        check(Article.show("1") / Comment.show("2"), "GET", "/articles/1/comments/2")
        check(Article.at("1") / Comment.list(), "GET", "/articles/1/comments")
    }

    @Test("A parent that cannot be shown is reached with at(_:)")
    func instanceAddress() {
        let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        check(Account.at(id) / Setting.list(), "GET", "/api/v1/accounts/E621E1F8-C36C-495A-93FC-0C247A3E6E5F/settings")
        check(Account.at(id) / Setting.replace("theme"), "PUT", "/api/v1/accounts/\(id.uuidString)/settings/theme")
    }

    @Test("Every child builder at three levels")
    func threeLevels() {
        let comment = Forum.Post.show(1) / Forum.Comment.show(2)
        check(comment / Forum.Commenter.list(), "GET", "/posts/1/comments/2/commenters")
        check(comment / Forum.Commenter.show(3), "GET", "/posts/1/comments/2/commenters/3")
        check(comment / Forum.Commenter.create(), "POST", "/posts/1/comments/2/commenters")
        check(comment / Forum.Commenter.replace(3), "PUT", "/posts/1/comments/2/commenters/3")
        check(comment / Forum.Commenter.patch(3), "PATCH", "/posts/1/comments/2/commenters/3")
        check(comment / Forum.Commenter.delete(3), "DELETE", "/posts/1/comments/2/commenters/3")
        check(Forum.Post.at(1) / Forum.Comment.at(2) / Forum.Commenter.list(), "GET", "/posts/1/comments/2/commenters")
        // Left-associative without parentheses, as generated examples write it.
        let path = Forum.Post.show(1) / Forum.Comment.show(2) / Forum.Commenter.list()
        #expect(path.path == "/posts/1/comments/2/commenters")
    }

    @Test("A resource that is both root and child: the root path without context, the step after /")
    func rootAndChild() {
        let root = Note.list()
        check(root, "GET", "/notes")
        check(Note.show("n"), "GET", "/notes/n")
        check(Article.show("1") / Note.list(), "GET", "/articles/1/notes")
        check(Article.at("1") / Note.show("n"), "GET", "/articles/1/notes/n")
        let step: ChildStep<Note, Op.List> = Note.list()
        #expect(step.components == [.literal("/notes")])
    }

    @Test("Values in paths are percent-encoded; literals are not")
    func encodedIDs() {
        #expect(Article.show("../admin").path == "/articles/..%2Fadmin")
        #expect(Article.show("..").path == "/articles/%2E%2E")
        #expect((Article.show("a/b") / Comment.show("c d")).path == "/articles/a%2Fb/comments/c%20d")
        #expect(Article.show("1").components == [.literal("/articles/"), .value("1")])
    }

    @Test("An ID that is a ParameterValue uses parameterValue, any other uses description")
    func idText() {
        #expect(Tag.show(TagName(name: "swift/6")).path == "/tags/swift%2F6")
        #expect(Tag.pathValue(of: TagName(name: "x")) == "x")
        #expect(Forum.Post.pathValue(of: 42) == "42")
    }

    @Test("Description shows the method and the path")
    func description() {
        #expect(Article.show("1").description == "GET /articles/1")
        #expect(Article.at("1").description == "/articles/1")
        #expect(Article.create().httpMethod == .post)
    }

    @Test("Paths are Hashable by their components")
    func hashable() {
        #expect(Article.show("1") == Article.show("1"))
        #expect(Article.show("1") != Article.show("2"))
        #expect(Set([Article.list(), Article.list()]).count == 1)
    }

    @Test("Operation types carry their methods")
    func operationMethods() {
        #expect(Op.List.method == .get)
        #expect(Op.Show.method == .get)
        #expect(Op.Create.method == .post)
        #expect(Op.Replace.method == .put)
        #expect(Op.Patch.method == .patch)
        #expect(Op.Delete.method == .delete)
        #expect(Op.Instance.method == nil)
    }

    @Test("HTTPMethod raw values")
    func httpMethods() {
        let all: [HTTPMethod] = [.get, .post, .put, .patch, .delete, .head, .options]
        #expect(all.map(\.rawValue) == ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"])
        #expect(HTTPMethod(rawValue: "PROPFIND").description == "PROPFIND")
    }

    private func check<T, O>(
        _ path: ResourcePath<T, O>,
        _ method: String?,
        _ expected: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(path.method?.rawValue == method, sourceLocation: sourceLocation)
        #expect(path.path == expected, sourceLocation: sourceLocation)
    }
}
