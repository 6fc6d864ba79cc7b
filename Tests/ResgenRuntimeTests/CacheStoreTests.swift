import Foundation
import HTTPTypes
@testable import ResgenCaching
import ResgenRuntimeCore
import Testing

/// The two stores: the memory LRU under its byte budget (resources named in a document count), and the
/// directory, which must be this user's alone, whose damaged or planted files are misses, and which never
/// gets a file its reader would refuse.
@Suite struct CacheStoreTests {
    private static func stored(
        _ body: String, etag: String = #""a""#, cacheControl: String? = nil, identity: String? = nil, identities: CacheIdentities = .none
    ) -> StoredResponse {
        var fields = HTTPFields()
        fields[.eTag] = etag
        fields[.contentType] = "application/json"
        if let cacheControl { fields[.cacheControl] = cacheControl }
        return StoredResponse(
            status: .ok, headerFields: fields, body: Data(body.utf8), requestTime: Date(timeIntervalSince1970: 1),
            responseTime: Date(timeIntervalSince1970: 2), vary: VaryFields(parsing: ["Accept"]), varyValues: ["application/json"],
            identity: identity, identities: identities)
    }

    private static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("resgen-store-\(UUID().uuidString)")
    }

    @Test func memoryEvictsTheLeastRecentlyUsedOverBudget() {
        let one = Self.stored(String(repeating: "a", count: 1_000))
        var memory = MemoryCacheStore(byteBudget: one.cost * 2)
        memory.set([one], for: "a")
        memory.set([one], for: "b")
        _ = memory.variants(for: "a")  // a is now more recent than b
        memory.set([one], for: "c")
        #expect(Set(memory.keys) == ["a", "c"])
        #expect(memory.totalCost <= memory.byteBudget)
        var tiny = MemoryCacheStore(byteBudget: 10)
        tiny.set([one], for: "big")
        #expect(tiny.keys.isEmpty, "a response over the whole budget is not kept")
    }

    @Test func directoryRoundTripsAResponse() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var disk = try DiskCacheStore(directory: directory, byteBudget: 1 << 20)
        let original = Self.stored(#"{"x":1}"#, identities: CacheIdentities(primary: ["jsonapi:a/1"], all: ["jsonapi:b/2"]))
        disk.set([original], for: "GET http://h/a", redactedKey: "GET http://h/a")
        var reopened = try DiskCacheStore(directory: directory, byteBudget: 1 << 20)
        let read = try #require(reopened.variants(for: "GET http://h/a").first)
        #expect(read.body == original.body)
        #expect(read.headerFields == original.headerFields)
        #expect(read.vary == original.vary && read.varyValues == original.varyValues)
        #expect(read.identities == original.identities)
        #expect(read.requestTime == original.requestTime && read.responseTime == original.responseTime)
        #expect(reopened.digests(holdingAnyOf: ["jsonapi:b/2"]) == [disk.keyer.digest("GET http://h/a")])
        #expect(reopened.digests(where: { $0 == "GET http://h/a" }) == [disk.keyer.digest("GET http://h/a")])
    }

    @Test(arguments: ["truncate", "append", "flip", "garbage", "empty", "otherKey"])
    func aDamagedFileIsAMissAndIsRemoved(damage: String) throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var disk = try DiskCacheStore(directory: directory, byteBudget: 1 << 20)
        disk.set([Self.stored(String(repeating: "z", count: 500))], for: "GET http://h/a", redactedKey: "GET http://h/a")
        let file = directory.appendingPathComponent(DiskCacheStore.fileName(forDigest: disk.keyer.digest("GET http://h/a")))
        var bytes = try Data(contentsOf: file)
        switch damage {
        case "truncate": bytes = bytes.prefix(bytes.count - 7)
        case "append": bytes.append(contentsOf: [1, 2, 3])
        case "flip": bytes[bytes.count - 10] ^= 0xFF
        case "garbage": bytes = Data("not a cache file at all".utf8)
        case "empty": bytes = Data()
        default: bytes = try #require(DiskCacheFile.encode([Self.stored("other")], key: "GET http://h/b", keyDigest: disk.keyer.digest("GET http://h/b")))
        }
        try bytes.write(to: file)
        chmod(file.path, 0o600)
        var reopened = try DiskCacheStore(directory: directory, byteBudget: 1 << 20)
        #expect(reopened.variants(for: "GET http://h/a").isEmpty)
    }

    @Test func directoryStaysUnderItsBudget() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var disk = try DiskCacheStore(directory: directory, byteBudget: 5_000)
        for index in 0..<20 { disk.set([Self.stored(String(repeating: "q", count: 1_000))], for: "GET http://h/\(index)", redactedKey: "GET http://h/\(index)") }
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.fileSizeKey], options: [.skipsHiddenFiles])
        let total = try files.reduce(0) { $0 + (try $1.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) }
        #expect(total <= 5_000)
        #expect(!files.isEmpty)
    }

    @Test func privateResponsesAndResponsesWithAnIdentityStayInMemoryUnlessTheAppOptsIn() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try HTTPCache(directory: directory)
        cache.store(Self.stored("mine", identity: "0123"), for: "GET http://h/me", redactedKey: "GET http://h/me")
        cache.store(Self.stored("private", cacheControl: "private, max-age=60"), for: "GET http://h/p", redactedKey: "GET http://h/p")
        #expect(cache.filesOnDisk == 0)
        #expect(cache.variants(for: "GET http://h/me").count == 1 && cache.variants(for: "GET http://h/p").count == 1)
        cache.store(Self.stored("shared", cacheControl: "public, max-age=60", identity: "0123"), for: "GET http://h/s", redactedKey: "GET http://h/s")
        #expect(cache.filesOnDisk == 1, "public: anyone may have it")

        let optedInDirectory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: optedInDirectory) }
        let optedIn = try HTTPCache(directory: optedInDirectory, persistsPrivateResponses: true)
        optedIn.store(Self.stored("mine", identity: "0123"), for: "GET http://h/me", redactedKey: "GET http://h/me")
        optedIn.store(Self.stored("private", cacheControl: "private, max-age=60"), for: "GET http://h/p", redactedKey: "GET http://h/p")
        #expect(optedIn.filesOnDisk == 2)
    }

    @Test func theFuzzSeedCacheFileReads() throws {
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Corpus/cachefile/file1")
        let variants = try #require(DiskCacheFile.decode(try Data(contentsOf: seed), keyDigest: "00112233445566778899aabbccddeeff"))
        #expect(variants.count == 1)
        #expect(variants.first?.identities.primary == ["jsonapi:a/1"])
    }

    // MARK: Whose directory

    @Test func theDirectoryIs0700ItsFiles0600AndA0755DirectoryIsTightened() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var disk = try DiskCacheStore(directory: directory, byteBudget: 1 << 20)
        disk.set([Self.stored("x")], for: "GET http://h/a", redactedKey: "GET http://h/a")
        #expect(Self.mode(directory.path) == 0o700)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.count == 2)
        for name in names { #expect(Self.mode(directory.appendingPathComponent(name).path) == 0o600, "\(name)") }

        chmod(directory.path, 0o755)  // as an older resgen made it
        var reopened = try DiskCacheStore(directory: directory, byteBudget: 1 << 20)
        #expect(Self.mode(directory.path) == 0o700)
        #expect(reopened.variants(for: "GET http://h/a").count == 1)
    }

    @Test(arguments: [0o770, 0o777, 0o1777]) func aDirectoryOthersMayWriteIsRefused(mode: Int) throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, mode_t(mode))
        #expect {
            _ = try HTTPCache(directory: directory)
        } throws: { error in
            "\(error)".contains("may be written by other users") && "\(error)".contains(directory.path)
        }
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a directory to another user"))
    func aDirectoryOfAnotherUserIsRefused() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        chmod(directory.path, 0o700)
        #expect(chown(directory.path, 65534, 65534) == 0)
        #expect {
            _ = try HTTPCache(directory: directory)
        } throws: { error in
            "\(error)".contains("belongs to another user")
        }
    }

    @Test(arguments: ["symlink", "anotherUsersFile", "hardlinkOfAnotherFile"])
    func aPlantedFileIsNeverServed(planting: String) throws {
        if planting == "anotherUsersFile", geteuid() != 0 { return }  // only root can give a file away
        let directory = Self.temporaryDirectory()
        let elsewhere = Self.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: directory)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        var disk = try DiskCacheStore(directory: directory, byteBudget: 1 << 20)
        disk.set([Self.stored("genuine")], for: "GET http://h/a", redactedKey: "GET http://h/a")
        let file = directory.appendingPathComponent(DiskCacheStore.fileName(forDigest: disk.keyer.digest("GET http://h/a")))
        // What someone planted: a valid file for the key (they could have read one), with another body.
        let planted = try #require(DiskCacheFile.encode([Self.stored("planted")], key: "GET http://h/a", keyDigest: disk.keyer.digest("GET http://h/a")))
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let target = elsewhere.appendingPathComponent("planted")
        try planted.write(to: target)
        chmod(target.path, 0o600)
        try FileManager.default.removeItem(at: file)
        switch planting {
        case "symlink": try FileManager.default.createSymbolicLink(at: file, withDestinationURL: target)
        case "anotherUsersFile":
            try planted.write(to: file)
            chmod(file.path, 0o600)
            #expect(chown(file.path, 65534, 65534) == 0)
        default:
            #expect(link(target.path, file.path) == 0)
            chmod(file.path, 0o640)
        }
        var reopened = try DiskCacheStore(directory: directory, byteBudget: 1 << 20)
        #expect(reopened.variants(for: "GET http://h/a").isEmpty)
        #expect(disk.variants(for: "GET http://h/a").isEmpty)
        #expect(try Data(contentsOf: target) == planted, "a link's target is never written")
    }

    // MARK: Budgets

    @Test func theResourcesADocumentNamesCountInItsCost() {
        let names = Set((0..<5_000).map { "jsonapi:comments/\($0)" })
        let small = Self.stored("{}")
        let naming = Self.stored("{}", identities: CacheIdentities(primary: [], all: names))
        #expect(naming.cost - small.cost >= names.reduce(0) { $0 + $1.utf8.count } + 5_000 * 16)
        var memory = MemoryCacheStore(byteBudget: naming.cost * 3)
        for index in 0..<10 { memory.set([naming], for: "GET http://h/\(index)") }
        #expect(memory.keys.count == 3)
        #expect(memory.totalCost <= memory.byteBudget)
    }

    @Test func aDocumentNamingMoreResourcesThanTheCapIsInvalidatedByPathOnly() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try HTTPCache(directory: directory)
        let many = Set((0..<(HTTPCache.maximumIdentitiesPerResponse + 1)).map { "jsonapi:comments/\($0)" })
        cache.store(Self.stored("{}", identities: CacheIdentities(primary: ["jsonapi:articles/1"], all: many)), for: "GET http://h/a", redactedKey: "GET http://h/a")
        let kept = try #require(cache.variants(for: "GET http://h/a").first)
        #expect(kept.invalidatesByPathOnly && kept.identities == .none)
        let reopened = try HTTPCache(directory: directory)
        #expect(reopened.variants(for: "GET http://h/a").first?.invalidatesByPathOnly == true, "on disk too")
    }

    @Test func aFileIsNeverWrittenWithMetadataItsReaderRefuses() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var disk = try DiskCacheStore(directory: directory, byteBudget: 64 << 20)
        // Under the cache's cap by count, but names long enough that both sets pass the metadata limit.
        let long = Set((0..<9_000).map { "jsonapi:comments/\($0)-" + String(repeating: "x", count: 50) })
        disk.set([Self.stored("{}", identities: CacheIdentities(primary: long, all: long))], for: "GET http://h/a", redactedKey: "GET http://h/a")
        var reopened = try DiskCacheStore(directory: directory, byteBudget: 64 << 20)
        let read = try #require(reopened.variants(for: "GET http://h/a").first, "the file reads")
        #expect(read.invalidatesByPathOnly && read.identities == .none, "written without the names that did not fit")
    }

    private static func mode(_ path: String) -> Int {
        var status = stat()
        guard stat(path, &status) == 0 else { return -1 }
        return Int(status.st_mode & 0o7777)
    }
}
