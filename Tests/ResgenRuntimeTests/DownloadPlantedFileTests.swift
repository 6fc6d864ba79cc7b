import Foundation
import ResgenRuntime
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What another user (or program) plants in a download folder never receives the caller's bytes
/// (issue 46, finding 6): a `.resgen-partial` that is a symbolic link or a hard link to a file, or a
/// file of another owner, with a record that matches the URL, is not appended to; a record that is a
/// link is not read; a link at the destination is replaced, not written through. Each planted file
/// points at a file the test owns, which must be unchanged afterwards. Over both transports.
@Suite(
    "Files planted in a download folder receive nothing",
    .enabled(if: LoopbackServer.isAvailable, "python3 is not on PATH (the loopback server needs it)")
)
struct DownloadPlantedFileTests {
    static let length = 3_000_000
    static let victimBytes = Data("a file of someone else's, which no download may touch\n".utf8)

    /// What is planted as the partial file.
    enum Plant: String, CaseIterable, CustomTestStringConvertible {
        case symbolicLink, hardLink
        var testDescription: String { rawValue }
    }

    func setUp(_ kind: TransportKind) async throws -> (DownloadFolder, DownloadServer, Client, URL) {
        let folder = try DownloadFolder()
        let server = try await LoopbackServer.shared()
        let victim = folder.url.appendingPathComponent("victim.txt")
        try Self.victimBytes.write(to: victim)
        return (folder, DownloadServer(server: server, length: Self.length), Client(baseURL: server.baseURL, transport: kind.make()), victim)
    }

    /// A record that matches `file`'s URL and first answer, in this version's format and in the older one.
    func plantRecord(for file: DownloadServer, at url: URL) throws {
        let record: [String: Any] = [
            "format": 2, "url": file.url.absoluteString, "length": Self.length, "entityTag": "\"v1\"", "validator": "\"v1\"",
        ]
        try JSONSerialization.data(withJSONObject: record).write(to: url)
    }

    @Test(arguments: TransportKind.allCases, Plant.allCases)
    func aPlantedPartialFileReceivesNoBytes(kind: TransportKind, plant: Plant) async throws {
        let (folder, file, client, victim) = try await setUp(kind)
        defer { folder.remove() }
        switch plant {
        case .symbolicLink: try FileManager.default.createSymbolicLink(at: folder.partial, withDestinationURL: victim)
        case .hardLink: try FileManager.default.linkItem(at: victim, to: folder.partial)
        }
        try plantRecord(for: file, at: folder.record)

        let downloaded = try await client.download(file.url, to: folder.destination)

        #expect(try Data(contentsOf: victim) == Self.victimBytes, "the planted link's target is unchanged")
        #expect(!DownloadFolder.isSymbolicLink(folder.destination))
        #expect(try await LoopbackServer.sha256(of: folder.destination) == (try await file.state()).sha256)
        #expect(downloaded.resumedFrom == 0)
        #expect(folder.names() == ["file.bin", "victim.txt"])
    }

    /// As root, a partial file of another owner (`nobody`), its only name: it is read back afterwards
    /// through a descriptor the test opened before.
    @Test(.enabled(if: geteuid() == 0, "needs root to give a file to another user"), arguments: TransportKind.allCases)
    func aPartialFileOfAnotherOwnerReceivesNoBytes(kind: TransportKind) async throws {
        let (folder, file, client, victim) = try await setUp(kind)
        defer { folder.remove() }
        try #require(chown(victim.path, 65534, 65534) == 0)
        try FileManager.default.moveItem(at: victim, to: folder.partial)
        let handle = try FileHandle(forReadingFrom: folder.partial)
        defer { try? handle.close() }
        try plantRecord(for: file, at: folder.record)

        try await client.download(file.url, to: folder.destination)

        try handle.seek(toOffset: 0)
        #expect(try handle.readToEnd() == Self.victimBytes)
        #expect(try await LoopbackServer.sha256(of: folder.destination) == (try await file.state()).sha256)
    }

    /// A record that is a link is not read: the download starts from the first byte.
    @Test(arguments: TransportKind.allCases)
    func aRecordThatIsALinkIsNotRead(kind: TransportKind) async throws {
        let (folder, file, client, _) = try await setUp(kind)
        defer { folder.remove() }
        try await file.set("cut=1200000")
        _ = try? await client.download(file.url, to: folder.destination)
        try #require(folder.partialSize() > 0)
        let elsewhere = folder.url.appendingPathComponent("record.json")
        try FileManager.default.moveItem(at: folder.record, to: elsewhere)
        try FileManager.default.createSymbolicLink(at: folder.record, withDestinationURL: elsewhere)

        let downloaded = try await client.download(file.url, to: folder.destination)

        #expect(downloaded.resumedFrom == 0)
        #expect((try await file.state()).requests.last?.range == nil)
        #expect(try await LoopbackServer.sha256(of: folder.destination) == (try await file.state()).sha256)
    }

    /// A link at the destination is replaced by the file; its target is unchanged.
    @Test(arguments: TransportKind.allCases, [true, false])
    func aLinkAtTheDestinationIsReplaced(kind: TransportKind, resumable: Bool) async throws {
        let (folder, file, client, victim) = try await setUp(kind)
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(at: folder.destination, withDestinationURL: victim)

        try await client.download(file.url, to: folder.destination, resumable: resumable)

        #expect(try Data(contentsOf: victim) == Self.victimBytes)
        #expect(!DownloadFolder.isSymbolicLink(folder.destination))
        #expect(try await LoopbackServer.sha256(of: folder.destination) == (try await file.state()).sha256)
    }

    /// The partial file and its record are the caller's alone: 0600, whatever the umask allows.
    @Test(arguments: TransportKind.allCases)
    func thePartialFileAndItsRecordAreReadableByTheirOwnerOnly(kind: TransportKind) async throws {
        let (folder, file, client, _) = try await setUp(kind)
        defer { folder.remove() }
        try await file.set("cut=1200000")

        _ = try? await client.download(file.url, to: folder.destination)

        for url in [folder.partial, folder.record] {
            let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
            #expect(mode == 0o600, "\(url.lastPathComponent): \(String(mode ?? -1, radix: 8))")
        }
    }
}
