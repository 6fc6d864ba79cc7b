import ResgenRuntime
import Testing

@Suite("Percent-encoding of path values")
struct PathComponentTests {
    @Test(
        "Values are encoded into one segment",
        arguments: [
            ("../admin", "..%2Fadmin"),
            ("a/b", "a%2Fb"),
            ("..", "%2E%2E"),
            (".", "%2E"),
            ("...", "..."),
            (".hidden", ".hidden"),
            ("a b", "a%20b"),
            ("é", "%C3%A9"),
            ("?#%", "%3F%23%25"),
            ("A-z_0.9~", "A-z_0.9~"),
            ("+&=;:@!$'()*,", "%2B%26%3D%3B%3A%40%21%24%27%28%29%2A%2C"),
            ("日本", "%E6%97%A5%E6%9C%AC"),
            ("", ""),
        ]
    )
    func encodeValue(raw: String, encoded: String) {
        #expect(PathComponent.encodeValue(raw) == encoded)
        #expect(PathComponent.value(raw).encoded == encoded)
    }

    @Test("Literals are written as given")
    func literal() {
        #expect(PathComponent.literal("/a b/../").encoded == "/a b/../")
    }

    @Test("A path concatenates its components")
    func path() {
        let components: [PathComponent] = [.literal("/users/"), .value("a/b"), .literal("/repos")]
        #expect(PathComponent.path(of: components) == "/users/a%2Fb/repos")
        #expect(PathComponent.path(of: []) == "")
    }
}
