import Foundation
import HTTPTypes
import ResgenRuntimeCore

/// The file format of one key's stored responses on disk, and its checks.
///
/// `RGC1`, the metadata's length (4 bytes, big-endian), the metadata as JSON (the key, and each
/// variant's head, times, `Vary` values, resources, body length and FNV-1a checksum), then the bodies
/// one after the other. A file that is short, long, not JSON, for another key, or whose body does not
/// match its checksum reads as nothing: a crash mid-write, a full disk or a stray edit is a cache miss,
/// never a wrong response.
package enum DiskCacheFile {
    private static let magic = Data("RGC1".utf8)
    /// Metadata longer than this is not a file we wrote.
    private static let maximumMetadataBytes = 1 << 20

    struct Metadata: Codable {
        var key: String
        var variants: [Variant]
    }

    struct Variant: Codable {
        var status: Int
        var reason: String
        var fields: [[String]]
        var requestTime: Double
        var responseTime: Double
        var varyNames: [String]
        var varyMatchesNothing: Bool
        var varyValues: [String?]
        var identities: CacheIdentities
        var bodyLength: Int
        var bodyChecksum: String
    }

    /// The bytes of a file holding `variants` (none of which carries credentials) under `key`.
    package static func encode(_ variants: [StoredResponse], key: String) throws -> Data {
        let metadata = Metadata(key: key, variants: variants.map { stored in
            Variant(
                status: stored.status.code, reason: stored.status.reasonPhrase,
                fields: stored.headerFields.map { [$0.name.rawName, $0.value] },
                requestTime: stored.requestTime.timeIntervalSince1970, responseTime: stored.responseTime.timeIntervalSince1970,
                varyNames: stored.vary.names, varyMatchesNothing: stored.vary.matchesNothing, varyValues: stored.varyValues,
                identities: stored.identities, bodyLength: stored.body.count, bodyChecksum: checksum(stored.body))
        })
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(metadata)
        var data = magic
        var length = UInt32(json.count).bigEndian
        withUnsafeBytes(of: &length) { data.append(contentsOf: $0) }
        data.append(json)
        for stored in variants { data.append(stored.body) }
        return data
    }

    /// The key and resources of a file, from its metadata alone (the bodies are not read or checked).
    package static func summary(of url: URL) -> (key: String, identities: Set<String>)? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 8), let length = metadataLength(head),
            let json = try? handle.read(upToCount: length), json.count == length,
            let metadata = try? JSONDecoder().decode(Metadata.self, from: json)
        else { return nil }
        return (metadata.key, metadata.variants.reduce(into: Set<String>()) { $0.formUnion($1.identities.all) })
    }

    /// The variants a file's bytes hold under `key`; nil when anything about them is wrong.
    package static func decode(_ data: Data, key: String) -> [StoredResponse]? {
        guard let length = metadataLength(data.prefix(8)), data.count >= 8 + length else { return nil }
        let start = data.startIndex + 8
        guard let metadata = try? JSONDecoder().decode(Metadata.self, from: data[start..<start + length]), metadata.key == key else { return nil }
        var offset = start + length
        var variants: [StoredResponse] = []
        for variant in metadata.variants {
            guard variant.bodyLength >= 0, data.endIndex - offset >= variant.bodyLength, (100...999).contains(variant.status),
                variant.varyValues.count == variant.varyNames.count
            else { return nil }
            let body = Data(data[offset..<offset + variant.bodyLength])
            offset += variant.bodyLength
            guard checksum(body) == variant.bodyChecksum else { return nil }
            var fields = HTTPFields()
            for pair in variant.fields {
                guard pair.count == 2, let name = HTTPField.Name(pair[0]) else { return nil }
                fields.append(HTTPField(name: name, value: pair[1]))
            }
            var vary = VaryFields(parsing: [])
            vary.names = variant.varyNames
            vary.matchesNothing = variant.varyMatchesNothing
            variants.append(StoredResponse(
                status: HTTPResponse.Status(code: variant.status, reasonPhrase: variant.reason), headerFields: fields, body: body,
                requestTime: Date(timeIntervalSince1970: variant.requestTime), responseTime: Date(timeIntervalSince1970: variant.responseTime),
                vary: vary, varyValues: variant.varyValues, credentials: nil, identities: variant.identities))
        }
        guard offset == data.endIndex else { return nil }
        return variants
    }

    /// The metadata length a file's first 8 bytes announce, when they start as ours.
    private static func metadataLength(_ head: Data) -> Int? {
        guard head.count == 8, head.prefix(4) == magic else { return nil }
        let length = head.dropFirst(4).reduce(0) { $0 << 8 | Int($1) }
        return length <= maximumMetadataBytes ? length : nil
    }

    /// 64-bit FNV-1a of `data`, in hex: catches a torn or edited body (not an attacker, who can write
    /// the cache directory anyway).
    package static func checksum(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { bytes in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01b3
            }
        }
        return String(hash, radix: 16)
    }
}
