import Foundation
import Testing

@testable import ResgenCommandLine

/// The write-only-if-changed, atomic writer, unit-tested in process (the generate command's tests run
/// it through the binary).
@Suite("FileWriter")
struct FileWriterTests {
    @Test func writesANewFileAndLeavesAnEqualOneUntouched() throws {
        let sandbox = try Sandbox()
        let path = sandbox.url("a.swift").path
        #expect(try FileWriter.write(Array("one\n".utf8), to: path) == .written)
        #expect(try sandbox.read("a.swift") == "one\n")

        try sandbox.backdateFiles(in: ".")
        let before = try FileStamp(sandbox.url("a.swift"))
        #expect(try FileWriter.write(Array("one\n".utf8), to: path) == .unchanged)
        #expect(try FileStamp(sandbox.url("a.swift")) == before)
    }

    @Test func replacesAChangedFileByRenameAndLeavesNoTemporaryFile() throws {
        let sandbox = try Sandbox()
        try sandbox.write("old\n", to: "a.swift")
        let before = try FileStamp(sandbox.url("a.swift"))
        #expect(try FileWriter.write(Array("new\n".utf8), to: sandbox.url("a.swift").path) == .written)
        #expect(try sandbox.read("a.swift") == "new\n")
        #expect(try FileStamp(sandbox.url("a.swift")).inode != before.inode, "a new inode: replaced, not overwritten")
        #expect(try sandbox.entries(".") == ["a.swift"])
    }

    @Test func keepsThePermissionsOfAReplacedFile() throws {
        let sandbox = try Sandbox()
        try sandbox.write("old\n", to: "run.sh")
        let path = sandbox.url("run.sh").path
        try FileManager.default.setAttributes([.posixPermissions: 0o750], ofItemAtPath: path)
        try FileWriter.write(Array("new\n".utf8), to: path)
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o750)
    }

    @Test func neverGivesTheNewFileSetuidSetgidOrSticky() throws {
        let sandbox = try Sandbox()
        try sandbox.write("old\n", to: "a.swift")
        let path = sandbox.url("a.swift").path
        #expect(chmod(path, 0o7755) == 0)
        try FileWriter.write(Array("new\n".utf8), to: path)
        #expect(try Self.mode(path) == S_IFREG | 0o755, "the permission bits stay, the special bits go")
    }

    /// A link in the output directory (left there, or planted) must not redirect the write to its target,
    /// nor hand its target's permissions (setuid here) to the generated file: the link is replaced.
    @Test func replacesASymbolicLinkAndLeavesItsTargetAlone() throws {
        let sandbox = try Sandbox()
        let elsewhere = try Sandbox()
        try elsewhere.write("target\n", to: "tool")
        let target = elsewhere.url("tool").path
        #expect(chmod(target, 0o4755) == 0)
        let path = sandbox.url("a.swift").path
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)

        #expect(try FileWriter.write(Array("new\n".utf8), to: path) == .written)

        #expect(try Self.mode(path) & S_IFMT == S_IFREG, "a regular file where the link was")
        #expect(try Self.mode(path) & 0o7000 == 0)
        #expect(try sandbox.read("a.swift") == "new\n")
        #expect(try elsewhere.read("tool") == "target\n")
        #expect(try Self.mode(target) == S_IFREG | 0o4755)
        #expect(try sandbox.entries(".") == ["a.swift"])
    }

    @Test func aSymbolicLinkToTheSameBytesIsReplacedToo() throws {
        let sandbox = try Sandbox()
        try sandbox.write("same\n", to: "target.swift")
        let path = sandbox.url("a.swift").path
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "target.swift")

        #expect(try FileWriter.write(Array("same\n".utf8), to: path) == .written)
        #expect(try Self.mode(path) & S_IFMT == S_IFREG)
        #expect(try FileWriter.write(Array("same\n".utf8), to: path) == .unchanged, "then it is the output")
    }

    @Test func createsNestedDirectoriesAndRejectsAFileInTheWay() throws {
        let sandbox = try Sandbox()
        try FileWriter.createDirectory(sandbox.url("a/b/c").path)
        #expect(sandbox.exists("a/b/c", isDirectory: true))
        try FileWriter.createDirectory(sandbox.url("a/b/c/").path)

        try sandbox.write("x", to: "file")
        #expect(throws: CLIError.self) { try FileWriter.createDirectory(sandbox.url("file/sub").path) }
    }

    @Test func failureNamesThePath() throws {
        let sandbox = try Sandbox()
        let path = sandbox.url("missing-dir/a.swift").path
        do {
            try FileWriter.write(Array("x".utf8), to: path)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "cannot write '\(path)': no such file or directory")
        }
    }

    @Test func aDirectoryInTheWayIsAnErrorNotACrash() throws {
        let sandbox = try Sandbox()
        try FileManager.default.createDirectory(at: sandbox.url("A.swift"), withIntermediateDirectories: true)
        let path = sandbox.url("A.swift").path
        #expect(throws: CLIError.cannotWrite(path, reason: "is a directory")) {
            try FileWriter.write(Array("x".utf8), to: path)
        }
        #expect(try sandbox.entries(".") == ["A.swift"], "the temporary file is removed")
    }

    /// The `lstat` mode of `path`: type and permission bits of the entry itself, not of a link's target.
    private static func mode(_ path: String) throws -> mode_t {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw CocoaError(.fileReadNoSuchFile) }
        return status.st_mode
    }
}
