import Testing

@testable import ResgenCommandLine

@Suite("FilePath")
struct FilePathTests {
    @Test func parent() {
        #expect(FilePath.parent(of: "a/b/c.swift") == "a/b")
        #expect(FilePath.parent(of: "a/b/") == "a")
        #expect(FilePath.parent(of: "/a") == "/")
        #expect(FilePath.parent(of: "/") == nil)
        #expect(FilePath.parent(of: "ab") == nil)
        #expect(FilePath.parent(of: "a//b") == "a")
    }

    @Test func componentsAndExtensions() {
        #expect(FilePath.lastComponent(of: "a/b.yml") == "b.yml")
        #expect(FilePath.lastComponent(of: "a/b/") == "b")
        #expect(FilePath.lowercasedExtension(of: "Schemas/Blog.YAML") == "yaml")
        #expect(FilePath.lowercasedExtension(of: "dir.yml/file") == "")
        #expect(FilePath.lowercasedExtension(of: ".yml") == "")
        #expect(FilePath.join("out/", "A.swift") == "out/A.swift")
        #expect(FilePath.join("out", "A.swift") == "out/A.swift")
    }

    @Test(arguments: ["", "/etc/passwd", "../A.swift", "a/../../A.swift", "a//b.swift"])
    func unsafeGeneratedNamesAreRejected(name: String) {
        #expect(throws: CLIError.self) { try FilePath.outputPath(for: name, in: "out") }
    }

    @Test func safeGeneratedNames() throws {
        #expect(try FilePath.outputPath(for: "Blog+Models.swift", in: "out") == "out/Blog+Models.swift")
        #expect(try FilePath.outputPath(for: "Models/Blog.swift", in: "out/") == "out/Models/Blog.swift")
    }
}
