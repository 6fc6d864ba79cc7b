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
    /// What the store reads when it opens (empty after a file was set aside); its records are read on
    /// demand (``records(_:)``).
    let contents: Contents

    /// What a store file holds that the store reads when it opens.
    struct Contents {
        /// The list queries' members, as stored (JSON), decoded when a list is first asked for.
        var lists: [ListKey: Data] = [:]
        /// The queued writes, in order.
        var writes: [QueuedWrite] = []
        /// Whether the file held any resource object: when not, every one it will hold is one the store
        /// wrote, and so holds in memory.
        var hasRecords = false
    }

    /// Opens (or creates) the store file at `url` and reads its lists and queued writes; its resource
    /// objects are read by primary key when the store needs them, so opening costs the same whatever the
    /// number of resources. Reading the lists and the writes, and the first row of the resources, is the
    /// proof that the file is sound before the store relies on it; a row that fails to read later is
    /// missing from the store.
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

    /// The lists (undecoded) and queued writes.
    private static func load(_ queue: DatabaseQueue) throws -> Contents {
        try queue.read { db in
            let decoder = JSONDecoder()
            let hasRecords = try Row.fetchOne(db, sql: "SELECT type, id, object FROM resources LIMIT 1") != nil
            var lists: [ListKey: Data] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT path, includes, members FROM lists") {
                let includes: String = row["includes"]
                let data: Data = row["members"]
                lists[ListKey(path: row["path"], includeNames: includes.isEmpty ? [] : includes.split(separator: "\n").map(String.init))] = data
            }
            var writes: [QueuedWrite] = []
            for row in try Row.fetchAll(db, sql: "SELECT write FROM writes ORDER BY id") {
                let data: Data = row["write"]
                // A write that no longer reads is kept in the file (for inspection) but not replayed.
                if let write = try? decoder.decode(QueuedWrite.self, from: data) { writes.append(write) }
            }
            return Contents(lists: lists, writes: writes, hasRecords: hasRecords)
        }
    }

    /// The stored resource objects of `identities` that the file holds, read by primary key in one read.
    /// Rows that do not read back (a value that is not JSON), and every row when the read fails, are
    /// missing.
    func records(_ identities: some Sequence<ResourceIdentity>) -> [ResourceIdentity: StoredRecord] {
        (try? queue.read { db in
            let statement = try db.cachedStatement(sql: "SELECT object FROM resources WHERE type = ? AND id = ?")
            var found: [ResourceIdentity: StoredRecord] = [:]
            for identity in identities {
                if let data = try Data.fetchOne(statement, arguments: [identity.type, identity.id]), let record = StoredRecord(bytes: [UInt8](data)) {
                    found[identity] = record
                }
            }
            return found
        }) ?? [:]
    }

    /// The identity of every stored resource object (none when the read fails).
    func identities() -> Set<ResourceIdentity> {
        (try? queue.read { db in
            var found: Set<ResourceIdentity> = []
            let rows = try Row.fetchCursor(db, sql: "SELECT type, id FROM resources")
            while let row = try rows.next() { found.insert(ResourceIdentity(type: row[0], id: row[1])) }
            return found
        }) ?? []
    }

    /// A list's members as stored; nil when they do not read back.
    static func members(_ data: Data) -> [ResourceIdentity]? {
        try? JSONDecoder().decodeUsingTape([ResourceIdentity].self, from: data)
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

/// What a ``StoredGraph`` over a store file reads from it on demand: resource objects by identity (kept
/// once read) and the list queries' members (decoded once asked for).
///
/// A class, so that the graph's reads can keep what they read; used only on the store's actor, which owns
/// the graph.
final class StoreFileBacking: @unchecked Sendable {
    private let file: StoreFile
    /// Whether the file held resource objects when the store opened: when not, it holds none the graph
    /// does not hold in memory, and is never asked.
    private let hadRecords: Bool
    /// Resource objects read from the file; nil: the file has none (or it was removed since).
    private var read: [ResourceIdentity: StoredRecord?] = [:]
    /// Lists of the file not read into the graph yet, as stored, and those decoded since.
    private var listRows: [ListKey: Data]
    private var decodedLists: [ListKey: [ResourceIdentity]] = [:]

    init(_ file: StoreFile) {
        self.file = file
        self.hadRecords = file.contents.hasRecords
        self.listRows = file.contents.lists
    }

    /// The stored record of `identity`, read from the file the first time.
    func record(_ identity: ResourceIdentity) -> StoredRecord? {
        guard hadRecords else { return nil }
        if let known = read[identity] { return known }
        prefetch([identity])
        return read[identity] ?? nil
    }

    /// Reads the records of `identities` not read yet, in one read.
    func prefetch(_ identities: some Sequence<ResourceIdentity>) {
        guard hadRecords else { return }
        var missing: [ResourceIdentity] = []
        var seen: Set<ResourceIdentity> = []
        for identity in identities where read[identity] == nil && seen.insert(identity).inserted { missing.append(identity) }
        guard !missing.isEmpty else { return }
        let found = file.records(missing)
        for identity in missing { read[identity] = .some(found[identity]) }
    }

    /// Notes that `identities` are gone (removed from the store; the file follows when it is saved).
    func forget(_ identities: some Sequence<ResourceIdentity>) {
        for identity in identities { read[identity] = .some(nil) }
    }

    /// Every identity of the file, but those removed since.
    func identities() -> Set<ResourceIdentity> {
        guard hadRecords else { return [] }
        return file.identities().filter { read[$0] != .some(nil) }
    }

    /// The members of the file's list `key`, when it has one (and the graph has not taken the lists).
    func list(_ key: ListKey) -> [ResourceIdentity]? {
        if let decoded = decodedLists[key] { return decoded }
        guard let data = listRows[key], let members = StoreFile.members(data) else { return nil }
        decodedLists[key] = members
        return members
    }

    /// Every list of the file not taken yet, decoded.
    func unreadLists() -> [ListKey: [ResourceIdentity]] {
        var lists: [ListKey: [ResourceIdentity]] = [:]
        for key in listRows.keys { lists[key] = list(key) }
        return lists
    }

    /// The graph took the lists: they are its own from now on.
    func forgetLists() {
        listRows = [:]
        decodedLists = [:]
    }
}
