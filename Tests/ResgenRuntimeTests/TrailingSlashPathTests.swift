import Foundation
import Testing

@_spi(Generated) @testable import ResgenRuntime

/// A collection written `/shelves/`, as Django REST framework and FastAPI serve collections.
private struct Shelf: RootResource, IsListable, IsShowable, IsCreatable, IsPatchable, IsDeletable {
    static let resourceType = "shelves"
    static let collectionPath = "/shelves/"
    var id: Int
}

/// A child of `Shelf` written `slots/`.
private struct Slot: ChildResource, IsListable, IsShowable, IsCreatable, IsDeletable {
    typealias Parent = Shelf
    static let resourceType = "slots"
    static let pathSegment = "slots/"
    var id: Int
}

/// A child of `Shelf` written without the slash (the validator warns): used as written.
private struct Label: ChildResource, IsListable, IsShowable {
    typealias Parent = Shelf
    static let resourceType = "labels"
    static let pathSegment = "labels"
    var id: Int
}

/// The server root as a collection: instances are `/{id}`, not `/{id}/`.
private struct Page: RootResource, IsShowable {
    static let resourceType = "pages"
    static let collectionPath = "/"
    var id: String
}

/// Paths as the schema writes them: a trailing `/` on a collection is kept, and carries over to its
/// instances and everything below them, so a server that serves `/books/` never has to redirect.
@Suite struct TrailingSlashPathTests {
    @Test func aTrailingSlashCollectionKeepsItAndGivesItsInstancesOne() {
        #expect(Shelf.list().path == "/shelves/")
        #expect(Shelf.create().path == "/shelves/")
        #expect(Shelf.show(1).path == "/shelves/1/")
        #expect(Shelf.patch(1).path == "/shelves/1/")
        #expect(Shelf.delete(1).path == "/shelves/1/")
        #expect(Shelf.at(1).components == [.literal("/shelves/"), .value("1"), .literal("/")])
        #expect(Page.show("about").path == "/about", "the root collection '/' has no style to carry")
    }

    @Test func childrenJoinWithOneSlashAndKeepTheirOwnStyle() {
        #expect((Shelf.show(1) / Slot.list()).path == "/shelves/1/slots/")
        #expect((Shelf.at(1) / Slot.show(2)).path == "/shelves/1/slots/2/")
        #expect((Shelf.at(1) / Slot.create()).path == "/shelves/1/slots/")
        #expect((Shelf.at(1) / Label.list()).path == "/shelves/1/labels")
        #expect((Shelf.at(1) / Label.show(3)).path == "/shelves/1/labels/3")
        #expect((Article.show("1") / Comment.show("2")).path == "/articles/1/comments/2", "without slashes nothing changes")
    }

    @Test func relationshipEndpointsFollowTheInstancePathsStyle() {
        #expect(PathComponent.relationshipPath(of: "/shelves/1/", key: "owner") == "/shelves/1/relationships/owner/")
        #expect(PathComponent.relationshipPath(of: "/articles/1", key: "author") == "/articles/1/relationships/author")
        #expect(PathComponent.relationshipPath(of: "/articles/1", key: "a/b") == "/articles/1/relationships/a%2Fb")
    }

    @Test func theRequestURLKeepsThePathsSlash() {
        let url = PreparedRequest.url(base: URL(string: "https://api.example.com/v1/")!, path: Shelf.show(1).path, query: [QueryItem(name: "include", value: "owner")])
        #expect(url?.absoluteString == "https://api.example.com/v1/shelves/1/?include=owner")
    }
}
