import Foundation
import ResgenCore
import Testing

@testable import ResgenCommandLine

/// `check`'s comparison, with hand-made generated files, so each case is exactly the one named.
@Suite("CheckCommand.staleDiff")
struct StaleDiffTests {
    @Test func upToDateAndIgnoringOtherFiles() throws {
        let sandbox = try Sandbox()
        try sandbox.write("a\n", to: "out/A.swift")
        try sandbox.write("mine\n", to: "out/Mine.swift")
        let out = sandbox.url("out").path
        #expect(try CheckCommand.staleDiff(of: [GeneratedFile(name: "A.swift", contents: "a\n")], in: out) == "")
    }

    @Test func editedAndMissingFilesInNameOrder() throws {
        let sandbox = try Sandbox()
        try sandbox.write("one\ntwo\nthree\n", to: "out/B.swift")
        let files = [
            GeneratedFile(name: "B.swift", contents: "one\n2\nthree\n"),
            GeneratedFile(name: "A.swift", contents: "a\n"),
        ]
        let out = sandbox.url("out").path
        let label = out.drop { $0 == "/" }  // labels drop the leading slash, as git does
        #expect(
            try CheckCommand.staleDiff(of: files, in: out) == """
                --- /dev/null
                +++ b/\(label)/A.swift
                @@ -0,0 +1 @@
                +a
                --- a/\(label)/B.swift
                +++ b/\(label)/B.swift
                @@ -1,3 +1,3 @@
                 one
                -two
                +2
                 three

                """
        )
    }

    @Test func bytesThatAreNotUTF8StillCountAsStale() throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(at: sandbox.url("out"), withIntermediateDirectories: true)
        try Data([0xFF, 0x0A]).write(to: sandbox.url("out/A.swift"))
        let diff = try CheckCommand.staleDiff(
            of: [GeneratedFile(name: "A.swift", contents: "\u{FFFD}\n")],
            in: sandbox.url("out").path
        )
        #expect(diff.hasPrefix("Binary files a/"), "\(diff)")
    }
}
