import Foundation
import GRDB
import ResgenRuntimeCore

/// A store's records on disk: SQLite through GRDB, in write-ahead-log mode, one transaction per merge,
/// so a crash mid-merge leaves the state before it. The file is created `0600` (SQLite gives its `-wal`
/// and `-shm` files the same mode), and holds one row per resource object and one per list query.
///
/// A file that does not open as such a store (truncated, corrupted, another program's, or written by a
/// newer format) is moved aside to `<name>.unreadable-<n>` and a new, empty one is made: the store
/// reports it (``ResourceStore/fileProblem``) and never crashes on it.
final class StoreFile: Sendable {
    /// The format of the tables; a file with another version is set aside.
    static let formatVersion = 1

    private let queue: DatabaseQueue
    /// Why the file found at the path was set aside, when it was.
    let problem: String?

    /// Opens (or creates) the store file at `url`.
    init(url: URL) throws {
        let path = url.path
        if let queue = try? Self.open(path) {
            self.queue = queue
            self.problem = nil
            return
        }
        // Unreadable: keep it for inspection, start empty.
        var reason = "the file is not a store this version reads"
        do { _ = try Self.open(path) } catch { reason = "\(error)" }
        var aside = 1
        while FileManager.default.fileExists(atPath: "\(path).unreadable-\(aside)") { aside += 1 }
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.moveItem(atPath: path + suffix, toPath: "\(path).unreadable-\(aside)\(suffix)")
        }
        self.queue = try Self.open(path)
        self.problem = "\(path) could not be read (\(reason)); it was moved to \(path).unreadable-\(aside) and the store starts empty"
    }

    /// Opens the database at `path`, creating it `0600` when absent, and checks its tables.
    private static func open(_ path: String) throws -> DatabaseQueue {
        if !FileManager.default.fileExists(atPath: path) {
            let descriptor = Foundation.open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
            if descriptor >= 0 { close(descriptor) }
        }
        var configuration = Configuration()
        configuration.journalMode = .wal
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.write { db in
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            if version == 0 {
                try db.execute(sql: """
                    CREATE TABLE IF NOT EXISTS resources (type TEXT NOT NULL, id TEXT NOT NULL, object BLOB NOT NULL, PRIMARY KEY (type, id));
                    CREATE TABLE IF NOT EXISTS lists (path TEXT NOT NULL, includes TEXT NOT NULL, members BLOB NOT NULL, PRIMARY KEY (path, includes));
                    PRAGMA user_version = \(formatVersion);
                    """)
            } else if version != formatVersion {
                throw StoreError.unsupportedFile("format version \(version); this store reads \(formatVersion)")
            }
            // Reading every row once proves the file whole before the store relies on it.
            _ = try Row.fetchAll(db, sql: "SELECT type, id, object FROM resources")
            _ = try Row.fetchAll(db, sql: "SELECT path, includes, members FROM lists")
        }
        return queue
    }

    /// Every stored resource object and list. Rows that do not read back (a value that is not JSON) are
    /// dropped.
    func load() throws -> (records: [ResourceIdentity: JSONValue], lists: [ListKey: [ResourceIdentity]]) {
        try queue.read { db in
            let decoder = JSONDecoder()
            var records: [ResourceIdentity: JSONValue] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT type, id, object FROM resources") {
                let data: Data = row["object"]
                if let object = try? decoder.decode(JSONValue.self, from: data) { records[ResourceIdentity(type: row["type"], id: row["id"])] = object }
            }
            var lists: [ListKey: [ResourceIdentity]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT path, includes, members FROM lists") {
                let includes: String = row["includes"]
                let data: Data = row["members"]
                guard let members = try? decoder.decode([ResourceIdentity].self, from: data) else { continue }
                lists[ListKey(path: row["path"], includeNames: includes.isEmpty ? [] : includes.split(separator: "\n").map(String.init))] = members
            }
            return (records, lists)
        }
    }

    /// Writes changed records (nil: removed) and lists (nil: removed) in one transaction.
    func save(records: [ResourceIdentity: JSONValue?], lists: [ListKey: [ResourceIdentity]?]) throws {
        guard !records.isEmpty || !lists.isEmpty else { return }
        let encoder = JSONEncoder()
        try queue.write { db in
            for (identity, object) in records {
                if let object {
                    try db.execute(sql: "INSERT OR REPLACE INTO resources (type, id, object) VALUES (?, ?, ?)", arguments: [identity.type, identity.id, try encoder.encode(object)])
                } else {
                    try db.execute(sql: "DELETE FROM resources WHERE type = ? AND id = ?", arguments: [identity.type, identity.id])
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
        }
    }
}
