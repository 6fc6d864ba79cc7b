import Foundation
import Testing

@_spi(Generated) @testable import ResgenRuntime

/// Comments at a second place, `/people/{id}/comments` (list and create only), as the generator writes
/// a `paths:` entry of `Comment`.
private enum CommentsByAuthor: ChildCollection, ListableCollection, CreatableCollection {
    typealias CollectionResource = Comment
    typealias Parent = Person
    static var pathSegment: String { "comments" }
}

/// Articles at a second root, `/archive/articles/`, every operation.
private enum ArchivedArticles: RootCollection, ListableCollection, ShowableCollection, CreatableCollection,
    ReplaceableCollection, PatchableCollection, DeletableCollection
{
    typealias CollectionResource = Article
    static var collectionPath: String { "/archive/articles/" }
}

/// Posts below a person (`/people/{id}/posts`), showable, so their own children hang below them.
private enum PostsByPerson: ChildCollection, ShowableCollection {
    typealias CollectionResource = Forum.Post
    typealias Parent = Person
    static var pathSegment: String { "posts" }
}

/// One collection at several paths (issue 25, item 15): the builders of a further path give paths of
/// the resource itself, with the path's own operations, method and spelling.
@Suite struct ResourceCollectionTests {
    @Test func aChildCollectionAppendsBelowItsParentAndGivesPathsOfItsTarget() {
        let list: ResourcePath<Comment, Op.List> = Person.show("7") / CommentsByAuthor.list()
        #expect(list.description == "GET /people/7/comments")
        let create: ResourcePath<Comment, Op.Create> = Person.show("7") / CommentsByAuthor.create()
        #expect(create.description == "POST /people/7/comments")
        let instance: ResourcePath<Comment, Op.Instance> = Person.show("7") / CommentsByAuthor.at("a b")
        #expect(instance.path == "/people/7/comments/a%20b")
        // The resource's own path is unchanged beside it.
        #expect((Article.show("1") / Comment.list()).description == "GET /articles/1/comments")
    }

    @Test func aRootCollectionHasItsOwnPathAndEveryOperationItGrants() {
        #expect(ArchivedArticles.list().description == "GET /archive/articles/")
        #expect(ArchivedArticles.create().description == "POST /archive/articles/")
        #expect(ArchivedArticles.show("1").description == "GET /archive/articles/1/")
        #expect(ArchivedArticles.replace("1").description == "PUT /archive/articles/1/")
        #expect(ArchivedArticles.patch("1").description == "PATCH /archive/articles/1/")
        #expect(ArchivedArticles.delete("1").description == "DELETE /archive/articles/1/")
        // A trailing slash joins a child with one `/`, as on the resource's own path.
        #expect((ArchivedArticles.at("1") / Comment.list()).path == "/archive/articles/1/comments")
        let show: ResourcePath<Article, Op.Show> = ArchivedArticles.show("1")
        #expect(show.path == Article.show("1").path.replacingOccurrences(of: "/articles/1", with: "/archive/articles/1/"))
    }

    @Test func anInstanceReachedThroughAFurtherPathIsTheParentOfTheResourcesChildren() {
        let path = Person.show("7") / PostsByPerson.show(3) / Forum.Comment.show(4) / Forum.Commenter.list()
        #expect(path.description == "GET /people/7/posts/3/comments/4/commenters")
    }
}
