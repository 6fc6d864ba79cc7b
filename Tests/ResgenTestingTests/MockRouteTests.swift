import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

@testable import ResgenTesting

/// Route matching: typed paths, patterns, the base path.
@Suite struct MockRouteTests {
    @Test(arguments: [
        ("/posts/1", "/posts/*", true),
        ("/posts/1", "/posts/{id}", true),
        ("/posts/1/comments", "/posts/*", false),
        ("/posts", "/posts/*", false),
        ("/posts/", "/posts/*", false),
        ("/posts/1/comments/2", "/posts/**", true),
        ("/posts/1/comments", "/posts/*/comments", true),
        ("/people/a%2Fb", "/people/*", true),
        ("/posts/1", "/articles/*", false),
    ])
    func patterns(path: String, pattern: String, matches: Bool) {
        #expect(MockRoute.path(path, matches: pattern) == matches)
    }

    @Test func theBaseURLsPathIsRemoved() {
        let recorded = RecordedRequest(
            request: HTTPRequest(method: .get, url: URL(string: "https://forum.example.org/api/posts/1?include=comments")!),
            body: nil, basePath: MockTransport.trimmedPath(URL(string: "https://forum.example.org/api/")))
        #expect(recorded.relativePath == "/posts/1")
        #expect(recorded.summary == "GET /posts/1?include=comments")
        #expect(recorded.includePaths == [["comments"]])
    }

    @Test func aTypedPathMatchesItsMethodOnly() {
        let route = MockRoute.path(Post.show(1), .empty())
        #expect(route.name == "GET /posts/1")
        func request(_ method: HTTPRequest.Method) -> RecordedRequest {
            RecordedRequest(request: HTTPRequest(method: method, url: URL(string: "https://h/api/posts/1?x=1")!), body: nil, basePath: "/api")
        }
        #expect(route.matches(request(.get)))
        #expect(!route.matches(request(.delete)))
    }
}
