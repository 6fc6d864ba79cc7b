import Foundation
import HTTPTypes
import ResgenRuntimeCore

/// The file format of one key's stored responses on disk, and its checks.
///
/// `RGC2`, the metadata's length (4 bytes, big-endian), the metadata as JSON (the key's digest, the key
/// with its secret query values redacted, and each variant's head, times, `Vary` digests, identity,
/// resources, body length and FNV-1a checksum), then the bodies one after the other. A file that is
/// short, long, not JSON, for another key, or whose body does not match its checksum reads as nothing:
/// a crash mid-write, a full disk or a stray edit is a cache miss, never a wrong response.
///
/// The metadata holds no secret of a request: the key is found by its keyed digest (``CacheKeyer``), and
/// the key written beside it, which invalidation reads for its path, is redacted as logs redact URLs.
/// ``encode(_:key:keyDigest:)`` never writes metadata the reader refuses as too long.
package enum DiskCacheFile {
    private static let magic = Data("RGC2".utf8)
    /// Metadata longer than this is not a file we wrote.
    package static let maximumMetadataBytes = 1 << 20

    struct Metadata: Codable {
        var keyDigest: String
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
        var identity: String?
        var identities: CacheIdentities
        var invalidatesByPathOnly: Bool
        var bodyLength: Int
        var bodyChecksum: String
    }

    /// What a file says about itself without its bodies: the key's digest, the key as written (redacted),
    /// and the resources its responses hold.
    package struct Summary: Equatable {
        package var keyDigest: String
        package var key: String
        package var identities: Set<String>
    }

    /// The bytes of a file holding `variants` under `key` (written redacted) and its digest; nil when even
    /// without the resources they hold their metadata is longer than a reader accepts. Variants whose
    /// resources make it too long are written without them, marked
    /// ``StoredResponse/invalidatesByPathOnly``, as the cache treats them in memory.
    package static func encode(_ variants: [StoredResponse], key: String, keyDigest: String) -> Data? {
        func metadata(_ variants: [StoredResponse]) -> Data? {
            let metadata = Metadata(keyDigest: keyDigest, key: key, variants: variants.map { stored in
                Variant(
                    status: stored.status.code, reason: stored.status.reasonPhrase,
                    fields: StoredResponse.storedFields(of: stored.headerFields).map { [$0.name.rawName, $0.value] },
                    requestTime: stored.requestTime.timeIntervalSince1970, responseTime: stored.responseTime.timeIntervalSince1970,
                    varyNames: stored.vary.names, varyMatchesNothing: stored.vary.matchesNothing, varyValues: stored.varyValues,
                    identity: stored.identity, identities: stored.identities, invalidatesByPathOnly: stored.invalidatesByPathOnly,
                    bodyLength: stored.body.count, bodyChecksum: checksum(stored.body))
            })
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            guard let json = try? encoder.encode(metadata), json.count <= maximumMetadataBytes else { return nil }
            return json
        }
        // Only when the names do not fit: the copies cost as much as the variants.
        let json = metadata(variants) ?? metadata(variants.map { stored -> StoredResponse in
            guard !stored.identities.all.isEmpty else { return stored }
            var copy = stored
            copy.identities = .none
            copy.invalidatesByPathOnly = true
            return copy
        })
        guard let json else { return nil }
        var data = magic
        var length = UInt32(json.count).bigEndian
        withUnsafeBytes(of: &length) { data.append(contentsOf: $0) }
        data.append(json)
        for stored in variants { data.append(stored.body) }
        return data
    }

    /// What the file at `path` says about itself, from its metadata alone (the bodies are not read or
    /// checked); nil when it is not a private file of this user's (``CacheDirectory``) or not ours.
    package static func summary(ofFileAt path: String) -> Summary? {
        guard let handle = CacheDirectory.openFile(path) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 8), let length = metadataLength(head),
            let json = try? handle.read(upToCount: length)
        else { return nil }
        return summary(ofMetadata: json, length: length)
    }

    /// What metadata of `length` bytes says, when it is whole and ours.
    package static func summary(ofMetadata json: Data, length: Int) -> Summary? {
        guard json.count == length, let metadata = try? JSONDecoder().decode(Metadata.self, from: json) else { return nil }
        return Summary(
            keyDigest: metadata.keyDigest, key: metadata.key,
            identities: metadata.variants.reduce(into: Set<String>()) { $0.formUnion($1.identities.all) })
    }

    /// The variants a file's bytes hold under the key of digest `keyDigest`; nil when anything about them
    /// is wrong.
    package static func decode(_ data: Data, keyDigest: String) -> [StoredResponse]? {
        guard let length = metadataLength(data.prefix(8)), data.count >= 8 + length else { return nil }
        let start = data.startIndex + 8
        guard let metadata = try? JSONDecoder().decode(Metadata.self, from: data[start..<start + length]), metadata.keyDigest == keyDigest else {
            return nil
        }
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
            var stored = StoredResponse(
                status: HTTPResponse.Status(code: variant.status, reasonPhrase: variant.reason), headerFields: StoredResponse.storedFields(of: fields),
                body: body, requestTime: Date(timeIntervalSince1970: variant.requestTime),
                responseTime: Date(timeIntervalSince1970: variant.responseTime), vary: vary, varyValues: variant.varyValues,
                identity: variant.identity, identities: variant.identities)
            stored.invalidatesByPathOnly = variant.invalidatesByPathOnly
            variants.append(stored)
        }
        guard offset == data.endIndex else { return nil }
        return variants
    }

    /// The metadata length a file's first 8 bytes announce, when they start as ours.
    package static func metadataLength(_ head: Data) -> Int? {
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
