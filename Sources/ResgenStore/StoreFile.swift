import Foundation
internal import GRDB
import ResgenRuntimeCore

/// A store's records on disk: SQLite through GRDB, in write-ahead-log mode, one transaction per merge,
/// so a crash mid-merge leaves the state before it. The file is created `0600` (SQLite gives its `-wal`
/// and `-shm` files the same mode), and holds one row per resource object, one per list query and one per queued write.
///
/// A file that does not open as such a store (truncated, corrupted, another program's, or written by a
/// newer format) is moved aside to `<name>.unreadable-<n>` and a new, empty one is made: the store
/// reports it (``ResourceStore/fileProblem``) and never crashes on it.
final class StoreFile: Sendable {
    /// The format of the tables; a file with another version is set aside.
    static let formatVersion = 2

    private let queue: DatabaseQueue
    /// Why the file found at the path was set aside, when it was.
    let problem: String?
    /// What the file held when it was opened (empty after a file was set aside).
    let contents: Contents

    /// Everything a store file holds.
    struct Contents {
        var records: [ResourceIdentity: StoredRecord] = [:]
        var lists: [ListKey: [ResourceIdentity]] = [:]
        /// The queued writes, in order.
        var writes: [QueuedWrite] = []
    }

    /// Opens (or creates) the store file at `url` and reads it whole, once: reading every row is also
    /// the proof that the file is sound before the store relies on it.
    ///
    /// - Throws: ``PrivateFile``'s refusal when something other than this user's own regular file is at
    ///   the path (a symbolic link, another user's file): that is never read, nor moved aside.
    init(url: URL) throws {
        let path = url.path
        try Self.claim(path)
        do {
            let queue = try Self.open(path)
            self.contents = try Self.load(queue)
            self.queue = queue
            self.problem = nil
        } catch {
            // Unreadable: keep it for inspection, start empty.
            var aside = 1
            while FileManager.default.fileExists(atPath: "\(path).unreadable-\(aside)") { aside += 1 }
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
                try FileManager.default.moveItem(atPath: path + suffix, toPath: "\(path).unreadable-\(aside)\(suffix)")
            }
            try Self.claim(path)
            self.queue = try Self.open(path)
            self.contents = Contents()
            self.problem = "\(path) could not be read (\(error)); it was moved to \(path).unreadable-\(aside) and the store starts empty"
        }
    }

    /// Makes sure `path` is this user's private file: created `0600` when absent, else checked as the
    /// runtime's other private files are (a regular file of this user, one link, not a symbolic link;
    /// its mode set to `0600`).
    private static func claim(_ path: String) throws {
        if FileManager.default.fileExists(atPath: path) {
            _ = try PrivateFile.openExisting(atPath: path, writing: true)
        } else {
            _ = try PrivateFile.create(atPath: path)
        }
    }

    /// Opens the database at `path` and makes or checks its tables.
    private static func open(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.journalMode = .wal
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.write { db in
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            if version == 0 {
                try db.execute(sql: """
                    CREATE TABLE IF NOT EXISTS resources (type TEXT NOT NULL, id TEXT NOT NULL, object BLOB NOT NULL, PRIMARY KEY (type, id));
                    CREATE TABLE IF NOT EXISTS lists (path TEXT NOT NULL, includes TEXT NOT NULL, members BLOB NOT NULL, PRIMARY KEY (path, includes));
                    """)
            }
            if version < 2 {
                // Version 2 adds the write queue; a version 1 file's records and lists stay as they are.
                try db.execute(sql: """
                    CREATE TABLE IF NOT EXISTS writes (id INTEGER PRIMARY KEY, write BLOB NOT NULL);
                    PRAGMA user_version = \(formatVersion);
                    """)
            } else if version != formatVersion {
                throw StoreError.unsupportedFile("format version \(version); this store reads \(formatVersion)")
            }
        }
        return queue
    }

    /// Every stored resource object and list. Rows that do not read back (a value that is not JSON) are
    /// dropped.
    private static func load(_ queue: DatabaseQueue) throws -> Contents {
        try queue.read { db in
            let decoder = JSONDecoder()
            var records: [ResourceIdentity: StoredRecord] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT type, id, object FROM resources") {
                let data: Data = row["object"]
                if let record = StoredRecord(bytes: [UInt8](data)) { records[ResourceIdentity(type: row["type"], id: row["id"])] = record }
            }
            var lists: [ListKey: [ResourceIdentity]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT path, includes, members FROM lists") {
                let includes: String = row["includes"]
                let data: Data = row["members"]
                guard let members = try? decoder.decode([ResourceIdentity].self, from: data) else { continue }
                lists[ListKey(path: row["path"], includeNames: includes.isEmpty ? [] : includes.split(separator: "\n").map(String.init))] = members
            }
            var writes: [QueuedWrite] = []
            for row in try Row.fetchAll(db, sql: "SELECT write FROM writes ORDER BY id") {
                let data: Data = row["write"]
                // A write that no longer reads is kept in the file (for inspection) but not replayed.
                if let write = try? decoder.decode(QueuedWrite.self, from: data) { writes.append(write) }
            }
            return Contents(records: records, lists: lists, writes: writes)
        }
    }

    /// Writes changed records, lists and queued writes (nil: removed) in one transaction.
    func save(records: [ResourceIdentity: StoredRecord?], lists: [ListKey: [ResourceIdentity]?], writes: [Int: QueuedWrite?] = [:]) throws {
        guard !records.isEmpty || !lists.isEmpty || !writes.isEmpty else { return }
        let encoder = JSONEncoder()
        try queue.write { db in
            // Statements compiled once per connection, not once per row (most of a large merge's cost).
            for (identity, object) in records {
                if let object {
                    let statement = try db.cachedStatement(sql: "INSERT OR REPLACE INTO resources (type, id, object) VALUES (?, ?, ?)")
                    try statement.execute(arguments: [identity.type, identity.id, Data(object.bytes)])
                } else {
                    let statement = try db.cachedStatement(sql: "DELETE FROM resources WHERE type = ? AND id = ?")
                    try statement.execute(arguments: [identity.type, identity.id])
                }
            }
            for (key, members) in lists {
                let includes = key.includes.joined(separator: "\n")
                if let members {
                    try db.execute(sql: "INSERT OR REPLACE INTO lists (path, includes, members) VALUES (?, ?, ?)", arguments: [key.path, includes, try encoder.encode(members)])
                } else {
                    try db.execute(sql: "DELETE FROM lists WHERE path = ? AND includes = ?", arguments: [key.path, includes])
                }
            }
            for (id, write) in writes.sorted(by: { $0.key < $1.key }) {
                if let write {
                    try db.execute(sql: "INSERT OR REPLACE INTO writes (id, write) VALUES (?, ?)", arguments: [id, try encoder.encode(write)])
                } else {
                    try db.execute(sql: "DELETE FROM writes WHERE id = ?", arguments: [id])
                }
            }
        }
    }
}
