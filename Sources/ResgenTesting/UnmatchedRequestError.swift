/// A request no route of a ``MockTransport`` matches.
///
/// The client wraps it in a `ClientError` of kind `.transport`, whose description ends with this one's,
/// so a failing `try await` in a Swift Testing `@Test` or an XCTest method prints, e.g.:
///
/// ```
/// GET https://forum.example.org/api/posts/9 got no response: no route matches GET /posts/9; tried:
///   GET /posts/1
///   GET /posts/*/comments
/// ```
public struct UnmatchedRequestError: Error, CustomStringConvertible, Sendable {
    /// The request: method and path relative to the base URL, with the query (`GET /posts?page=2`).
    public var request: String
    /// The routes tried, newest first, as their names.
    public var routes: [String]

    /// Creates an error; `routes` in the order they were added.
    public init(request: String, routes: [String]) {
        self.request = request
        self.routes = routes.reversed()
    }

    /// `no route matches GET /posts/9; tried:` and one route per line (`no routes` when there are none).
    public var description: String {
        if routes.isEmpty { return "no route matches \(request); the mock transport has no routes" }
        return "no route matches \(request); tried:" + routes.map { "\n  \($0)" }.joined()
    }
}
