import Foundation
import ResgenRuntime

extension OutgoingBody {
    /// The bytes of an in-memory or file body, for assertions; `nil` for a stream.
    func bytes() throws -> Data? {
        switch self {
        case .none: Data()
        case .data(let data): data
        case .file(let url): try Data(contentsOf: url)
        case .temporaryFile(let file): try Data(contentsOf: file.url)
        case .stream: nil
        }
    }

    /// The file of a ``OutgoingBody/temporaryFile(_:)`` body.
    var temporaryFile: TemporaryFile? {
        if case .temporaryFile(let file) = self { file } else { nil }
    }
}

extension Data {
    /// The bytes in lowercase hex.
    var hex: String { map { String(format: "%02x", $0) }.joined() }
}

/// A fresh directory in the temporary directory, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
