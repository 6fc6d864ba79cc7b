import Foundation

/// Where a child process the tests run writes its output: a temporary file, read once the process has
/// exited.
///
/// Not a `Pipe`: Foundation's `Process` does not close a parent's other descriptors in the child, so a
/// test server started at the same moment by another test inherits the pipe's write end, and reading the
/// pipe to its end then waits for that server to exit (a whole test run hung on it). A file has no end to
/// wait for: the process exits, and its output is what the file holds.
final class CapturedOutput: @unchecked Sendable {
    // @unchecked: the handle is only written by the child and read after it exits.
    private let url: URL
    /// The handle to give the process as `standardOutput` and/or `standardError`.
    let handle: FileHandle

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-output-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        handle = try FileHandle(forWritingTo: url)
    }

    /// What the process wrote (call after it exited).
    func contents() -> Data {
        (try? Data(contentsOf: url)) ?? Data()
    }

    deinit {
        try? handle.close()
        try? FileManager.default.removeItem(at: url)
    }
}
