import Foundation
import HTTPTypes
@testable import ResgenCaching
import ResgenRuntimeCore
import Testing

/// The two stores: the memory LRU under its byte budget, and the directory, whose damaged files are misses.
@Suite struct CacheStoreTests {
    private static func stored(_ body: String, etag: String = #""a""#, credentials: [String]? = nil, identities: CacheIdentities = .none) -> StoredResponse {
        var fields = HTTPFields()
        fields[.eTag] = etag
        fields[.contentType] = "application/json"
        return StoredResponse(
            status: .ok, headerFields: fields, body: Data(body.utf8), requestTime: Date(timeIntervalSince1970: 1),
            responseTime: Date(timeIntervalSince1970: 2), vary: VaryFields(parsing: ["Accept"]), varyValues: ["application/json"],
            credentials: credentials, identities: identities)
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
        disk.set([original], for: "GET http://h/a")
        var reopened = try DiskCacheStore(directory: directory, byteBudget: 1 << 20)
        let read = try #require(reopened.variants(for: "GET http://h/a").first)
        #expect(read.body == original.body)
        #expect(read.headerFields == original.headerFields)
        #expect(read.vary == original.vary && read.varyValues == original.varyValues)
        #expect(read.identities == original.identities)
        #expect(read.requestTime == original.requestTime && read.responseTime == original.responseTime)
        #expect(reopened.keys(holdingAnyOf: ["jsonapi:b/2"]) == ["GET http://h/a"])
    }

    @Test(arguments: ["truncate", "append", "flip", "garbage", "empty", "otherKey"])
    func aDamagedFileIsAMissAndIsRemoved(damage: String) throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var disk = try DiskCacheStore(directory: directory, byteBudget: 1 << 20)
        disk.set([Self.stored(String(repeating: "z", count: 500))], for: "GET http://h/a")
        let file = directory.appendingPathComponent(DiskCacheStore.fileName(for: "GET http://h/a"))
        var bytes = try Data(contentsOf: file)
        switch damage {
        case "truncate": bytes = bytes.prefix(bytes.count - 7)
        case "append": bytes.append(contentsOf: [1, 2, 3])
        case "flip": bytes[bytes.count - 10] ^= 0xFF
        case "garbage": bytes = Data("not a cache file at all".utf8)
        case "empty": bytes = Data()
        default: bytes = try DiskCacheFile.encode([Self.stored("other")], key: "GET http://h/b")
        }
        try bytes.write(to: file)
        var reopened = try DiskCacheStore(directory: directory, byteBudget: 1 << 20)
        #expect(reopened.variants(for: "GET http://h/a").isEmpty)
    }

    @Test func directoryStaysUnderItsBudget() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var disk = try DiskCacheStore(directory: directory, byteBudget: 5_000)
        for index in 0..<20 { disk.set([Self.stored(String(repeating: "q", count: 1_000))], for: "GET http://h/\(index)") }
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.fileSizeKey])
        let total = try files.reduce(0) { $0 + (try $1.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) }
        #expect(total <= 5_000)
        #expect(!files.isEmpty)
    }

    @Test func credentialedResponsesStayInMemory() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try HTTPCache(directory: directory)
        cache.store(Self.stored("mine", credentials: ["authorization:Bearer x"]), for: "GET http://h/me")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        #expect(cache.variants(for: "GET http://h/me").count == 1)
    }

    @Test func theFuzzSeedCacheFileReads() throws {
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Corpus/cacheheaders/file1")
        let variants = try #require(DiskCacheFile.decode(try Data(contentsOf: seed), key: "GET https://a.example/x"))
        #expect(variants.count == 1)
        #expect(variants.first?.identities.primary == ["jsonapi:a/1"])
    }
}
