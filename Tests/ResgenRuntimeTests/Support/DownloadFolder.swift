import Foundation

/// A folder of its own for one download test, and what is in it.
struct DownloadFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-download-\(UUID().uuidString)")
    var destination: URL { url.appendingPathComponent("file.bin") }
    var partial: URL { url.appendingPathComponent("file.bin.resgen-partial") }
    var record: URL { url.appendingPathComponent("file.bin.resgen-partial.json") }

    init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// The names in the folder, sorted.
    func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    /// The partial file's length; -1 when there is none.
    func partialSize() -> Int64 {
        (try? FileManager.default.attributesOfItem(atPath: partial.path)[.size] as? NSNumber)?.int64Value ?? -1
    }

    /// Whether `url` is a symbolic link (not followed).
    static func isSymbolicLink(_ url: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType) == .typeSymbolicLink
    }
}
