import Foundation
import ResgenRuntimeCore

/// Stored responses in a directory: one file per key, written atomically (a temporary file renamed into
/// place), the oldest-used removed once the files pass a byte budget.
///
/// Not thread-safe by itself: ``HTTPCache`` holds its lock around every use. Two caches in one process
/// should not share a directory (share one ``HTTPCache`` instead): each file is still whole and checked,
/// but one cache's invalidations do not reach the other's memory.
package struct DiskCacheStore {
    package let directory: URL
    package let byteBudget: Int
    /// What each file holds, read from the metadata of every file when the store opens: the resources
    /// its responses hold (for invalidation), its size and when it was last used.
    private var index: [String: (file: URL, identities: Set<String>, size: Int, lastUse: Date)] = [:]
    private var totalSize = 0

    /// Opens (creating it when missing) `directory`, indexing the files in it; files that are not ours or
    /// are damaged are removed.
    package init(directory: URL, byteBudget: Int) throws {
        self.directory = directory
        self.byteBudget = byteBudget
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let files = try FileManager.default.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: [.fileSizeKey, .contentModificationDateKey], options: [.skipsHiddenFiles])
        for file in files where file.pathExtension == Self.fileExtension {
            let values = try? file.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey])
            guard let summary = DiskCacheFile.summary(of: file), file.lastPathComponent == Self.fileName(for: summary.key) else {
                try? FileManager.default.removeItem(at: file)
                continue
            }
            let size = values?.fileSize ?? 0
            index[summary.key] = (file, summary.identities, size, values?.contentModificationDate ?? .distantPast)
            totalSize += size
        }
        evictOverBudget()
    }

    /// The variants stored under `key`; none when the file is missing or damaged (then it is removed).
    /// A key the index does not hold has no file: every miss of an uncached `GET` asks, so it costs no I/O.
    package mutating func variants(for key: String) -> [StoredResponse] {
        guard index[key] != nil else { return [] }
        let file = directory.appendingPathComponent(Self.fileName(for: key))
        guard let data = try? Data(contentsOf: file) else {
            dropFromIndex(key)
            return []
        }
        guard let variants = DiskCacheFile.decode(data, key: key) else {
            try? FileManager.default.removeItem(at: file)
            dropFromIndex(key)
            return []
        }
        index[key]?.lastUse = Date()
        return variants
    }

    /// Writes `variants` under `key` (none removes the file). A failed write leaves no file for the key.
    package mutating func set(_ variants: [StoredResponse], for key: String) {
        guard !variants.isEmpty else { return remove(key) }
        let file = directory.appendingPathComponent(Self.fileName(for: key))
        guard let data = try? DiskCacheFile.encode(variants, key: key), data.count <= byteBudget else { return remove(key) }
        do {
            try data.write(to: file, options: .atomic)
        } catch {
            return remove(key)
        }
        dropFromIndex(key)
        index[key] = (file, variants.reduce(into: Set<String>()) { $0.formUnion($1.identities.all) }, data.count, Date())
        totalSize += data.count
        evictOverBudget()
    }

    /// Removes the file of `key`.
    package mutating func remove(_ key: String) {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(Self.fileName(for: key)))
        dropFromIndex(key)
    }

    /// Removes every file of the store.
    package mutating func removeAll() {
        for key in Array(index.keys) { remove(key) }
    }

    /// The keys whose files hold any of `identities`.
    package func keys(holdingAnyOf identities: Set<String>) -> [String] {
        index.compactMap { key, entry in entry.identities.isDisjoint(with: identities) ? nil : key }
    }

    /// Every key on disk.
    package var keys: [String] { Array(index.keys) }

    private mutating func dropFromIndex(_ key: String) {
        guard let old = index.removeValue(forKey: key) else { return }
        totalSize -= old.size
    }

    private mutating func evictOverBudget() {
        guard totalSize > byteBudget else { return }
        for (key, _) in index.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            remove(key)
            if totalSize <= byteBudget { return }
        }
    }

    static let fileExtension = "resgencache"

    /// The file name of `key`: its FNV-1a hash in hex (the key itself, inside the file, settles a collision).
    static func fileName(for key: String) -> String {
        DiskCacheFile.checksum(Data(key.utf8)) + "." + fileExtension
    }
}
