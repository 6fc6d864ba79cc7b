import Foundation
import ResgenRuntimeCore

/// Stored responses in a directory of this user's: one file per key, written atomically (a new `0600`
/// file renamed into place), the oldest-used removed once the files pass a byte budget.
///
/// Every file operation goes through ``CacheDirectory``: the directory is `0700` and refused when
/// another user owns it or may write it, and a file is read only when it is a private regular file of
/// this user's, so a response planted by someone else is never served. Files are named by the keyed
/// digest of their key (``CacheKeyer``, whose key the directory keeps in ``keyFileName``), so neither a
/// name nor a file holds a URL's secret query values.
///
/// Not thread-safe by itself: ``HTTPCache`` holds its lock around every use. Two caches in one process
/// should not share a directory (share one ``HTTPCache`` instead): each file is still whole and checked,
/// but one cache's invalidations do not reach the other's memory.
package struct DiskCacheStore {
    package let directory: URL
    package let byteBudget: Int
    /// The keyed hash of the directory: the same in every process that opens it.
    package let keyer: CacheKeyer
    /// What each file holds, by its key's digest, read from the metadata of every file when the store
    /// opens: its key as written (redacted: for invalidation by path), the resources its responses hold
    /// (for invalidation by resource), its size and when it was last used.
    private var index: [String: (key: String, identities: Set<String>, size: Int, lastUse: Date)] = [:]
    private var totalSize = 0

    /// Opens (creating it when missing) `directory`, indexing the files in it; files that are not ours,
    /// are damaged, or are not private to this user are removed.
    ///
    /// - Throws: ``HTTPCache/DirectoryError`` when the directory cannot be created, is not a directory,
    ///   belongs to another user or may be written by others.
    package init(directory: URL, byteBudget: Int) throws(HTTPCache.DirectoryError) {
        self.directory = directory
        self.byteBudget = byteBudget
        if let refusal = CacheDirectory.prepare(directory) { throw HTTPCache.DirectoryError(directory: directory, refusal: refusal) }
        let keyFile = directory.appendingPathComponent(Self.keyFileName).path
        guard let keyer = Self.keyer(at: keyFile) else { throw HTTPCache.DirectoryError(directory: directory, refusal: .unusableKeyFile) }
        self.keyer = keyer
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names.sorted() {
            let path = directory.appendingPathComponent(name).path
            if name.hasPrefix(CacheDirectory.temporaryPrefix) {
                Self.removeIfAbandoned(path)
                continue
            }
            guard name.hasSuffix("." + Self.fileExtension) else { continue }
            guard let summary = DiskCacheFile.summary(ofFileAt: path), name == Self.fileName(forDigest: summary.keyDigest) else {
                unlink(path)
                continue
            }
            let values = try? URL(fileURLWithPath: path).resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey])
            let size = values?.fileSize ?? 0
            index[summary.keyDigest] = (summary.key, summary.identities, size, values?.contentModificationDate ?? .distantPast)
            totalSize += size
        }
        evictOverBudget()
    }

    /// The variants stored under `key`; none when the file is missing, damaged or not private to this user
    /// (then it is removed). A key the index does not hold has no file: every miss of an uncached `GET`
    /// asks, so it costs no I/O.
    package mutating func variants(for key: String) -> [StoredResponse] {
        let digest = keyer.digest(key)
        guard index[digest] != nil else { return [] }
        let path = path(forDigest: digest)
        guard let data = CacheDirectory.readFile(path, maximumBytes: byteBudget), let variants = DiskCacheFile.decode(data, keyDigest: digest) else {
            remove(digest: digest)
            return []
        }
        index[digest]?.lastUse = Date()
        return variants
    }

    /// Writes `variants` under `key` (none removes the file), with `redactedKey` as the key the file
    /// names. A failed write, or variants a file cannot hold, leave no file for the key.
    package mutating func set(_ variants: [StoredResponse], for key: String, redactedKey: String) {
        let digest = keyer.digest(key)
        guard !variants.isEmpty else { return remove(digest: digest) }
        guard let data = DiskCacheFile.encode(variants, key: redactedKey, keyDigest: digest), data.count <= byteBudget,
            CacheDirectory.writeFile(data, to: path(forDigest: digest))
        else { return remove(digest: digest) }
        dropFromIndex(digest)
        index[digest] = (redactedKey, variants.reduce(into: Set<String>()) { $0.formUnion($1.identities.all) }, data.count, Date())
        totalSize += data.count
        evictOverBudget()
    }

    /// Removes the file of `key`.
    package mutating func remove(_ key: String) {
        remove(digest: keyer.digest(key))
    }

    /// Removes the file of the key whose digest is `digest`.
    package mutating func remove(digest: String) {
        unlink(path(forDigest: digest))
        dropFromIndex(digest)
    }

    /// Removes every file of the store.
    package mutating func removeAll() {
        for digest in Array(index.keys) { remove(digest: digest) }
    }

    /// The digests of the keys whose files hold any of `identities`.
    package func digests(holdingAnyOf identities: Set<String>) -> [String] {
        index.compactMap { digest, entry in entry.identities.isDisjoint(with: identities) ? nil : digest }
    }

    /// The digests of the keys that `isStale` says a write made stale, asked of each key as its file
    /// names it (redacted, which leaves its path as it was).
    package func digests(where isStale: (String) -> Bool) -> [String] {
        index.compactMap { digest, entry in isStale(entry.key) ? digest : nil }
    }

    /// The number of files.
    package var count: Int { index.count }

    private mutating func dropFromIndex(_ digest: String) {
        guard let old = index.removeValue(forKey: digest) else { return }
        totalSize -= old.size
    }

    private mutating func evictOverBudget() {
        guard totalSize > byteBudget else { return }
        for (digest, _) in index.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            remove(digest: digest)
            if totalSize <= byteBudget { return }
        }
    }

    private func path(forDigest digest: String) -> String {
        directory.appendingPathComponent(Self.fileName(forDigest: digest)).path
    }

    static let fileExtension = "resgencache"

    /// The name of the file holding the directory's hash key (``CacheKeyer``): hidden, and no cache file.
    package static let keyFileName = ".resgen-cache-key"

    /// The file name of the key whose digest is `digest`.
    package static func fileName(forDigest digest: String) -> String {
        digest + "." + fileExtension
    }

    /// The keyer whose key the file at `path` holds, creating the file with a new random key when there is
    /// none. A file that is not a private file of this user's holding one key is replaced: the cache files
    /// were digested under a key no one can vouch for, so none of them is found again.
    private static func keyer(at path: String) -> CacheKeyer? {
        func read() -> CacheKeyer? {
            CacheDirectory.readFile(path, maximumBytes: CacheKeyer.keyByteCount).flatMap { CacheKeyer(keyBytes: $0) }
        }
        for _ in 0..<3 {
            if let keyer = read() { return keyer }
            let keyer = CacheKeyer()
            if CacheDirectory.createFile(Data(keyer.keyBytes), at: path) { return keyer }
            // Another process created it first, or something unusable is there: a link, another user's
            // file, a short one.
            if let keyer = read() { return keyer }
            unlink(path)
        }
        return nil
    }

    /// Removes a temporary file a process that died while writing left behind: one older than a minute
    /// (a write in progress takes milliseconds).
    private static func removeIfAbandoned(_ path: String) {
        guard let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date else { return }
        if Date().timeIntervalSince(modified) > 60 { unlink(path) }
    }
}
