import HTTPTypes
import ResgenRuntime

/// A rule of a ``MockTransport``: which requests it answers and how.
public struct MockRoute: Sendable {
    /// How the route appears in an ``UnmatchedRequestError`` (`GET /posts/1`).
    public var name: String
    /// Whether the route answers a request.
    public var matches: @Sendable (RecordedRequest) -> Bool
    /// The answer.
    public var response: MockResponse

    /// Creates a route.
    public init(name: String, matches: @escaping @Sendable (RecordedRequest) -> Bool, response: MockResponse) {
        self.name = name
        self.matches = matches
        self.response = response
    }

    /// The method and path of a generated path builder, with any query.
    public static func path<Target: Resource, Operation: ExecutableOperation>(
        _ path: ResourcePath<Target, Operation>, _ response: MockResponse
    ) -> MockRoute {
        let method = HTTPRequest.Method(rawValue: path.httpMethod.rawValue)
        let expected = path.path
        return MockRoute(name: "\(path.httpMethod.rawValue) \(expected)", matches: { request in
            request.method == method && request.relativePath == expected
        }, response: response)
    }

    /// `method` on paths that match `pattern` segment by segment: `*` or `{name}` stands for one
    /// segment, a final `**` for the rest of the path.
    public static func pattern(_ method: HTTPRequest.Method, _ pattern: String, _ response: MockResponse) -> MockRoute {
        MockRoute(name: "\(method.rawValue) \(pattern)", matches: { request in
            request.method == method && Self.path(request.relativePath, matches: pattern)
        }, response: response)
    }

    /// Whether `path` matches `pattern` (see ``pattern(_:_:_:)``).
    static func path(_ path: String, matches pattern: String) -> Bool {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let patterns = pattern.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var index = segments.startIndex
        for (offset, wanted) in patterns.enumerated() {
            if wanted == "**" && offset == patterns.count - 1 { return true }
            guard index < segments.endIndex else { return false }
            let segment = segments[index]
            let isWildcard = wanted == "*" || (wanted.hasPrefix("{") && wanted.hasSuffix("}"))
            guard isWildcard ? !segment.isEmpty : segment == wanted else { return false }
            index += 1
        }
        return index == segments.endIndex
    }
}
