import Foundation
import HTTPTypes
import ResgenRuntimeCore

@testable import ResgenCaching

/// Target `cachefile`: the files of a cache directory, which a crash, a full disk or a stray edit may
/// have damaged, and their metadata, the JSON that says what a file holds.
///
/// Each input is read twice: as a whole file, and as the metadata of a file (wrapped in the file's
/// header, with no bodies). Reading must not trap. A file that reads writes back to one that reads the
/// same; metadata that reads has a summary naming the same key. What a file reads as never holds a
/// `Set-Cookie` field, and what the writer writes the reader accepts.
enum CacheFileHarness {
    static let target = FuzzTarget(name: "cachefile", summary: "HTTP cache files and their metadata") { input, _ throws(Finding) in
        if let message = checkFile(input) ?? checkMetadata(input) {
            throw Finding(target: "cachefile", kind: "invariant", message: message)
        }
    }

    static let keyDigest = "00112233445566778899aabbccddeeff"

    static func checkFile(_ input: Data) -> String? {
        guard let variants = DiskCacheFile.decode(input, keyDigest: keyDigest) else { return nil }
        if variants.contains(where: { $0.headerFields[.setCookie] != nil }) { return "a cache file read as a response with Set-Cookie" }
        guard let written = DiskCacheFile.encode(variants, key: "GET https://a.example/x", keyDigest: keyDigest) else {
            return "a cache file that read as \(variants.count) variants does not write back"
        }
        guard let again = DiskCacheFile.decode(written, keyDigest: keyDigest) else { return "what the writer wrote, the reader refused" }
        guard again.map(\.body) == variants.map(\.body), again.map(\.headerFields) == variants.map(\.headerFields),
            again.map(\.identity) == variants.map(\.identity), again.map(\.varyValues) == variants.map(\.varyValues)
        else { return "a cache file's variants changed when written back" }
        return nil
    }

    static func checkMetadata(_ input: Data) -> String? {
        guard input.count <= DiskCacheFile.maximumMetadataBytes else { return nil }
        var file = Data("RGC2".utf8)
        var length = UInt32(input.count).bigEndian
        withUnsafeBytes(of: &length) { file.append(contentsOf: $0) }
        file.append(input)
        guard let announced = DiskCacheFile.metadataLength(file.prefix(8)), announced == input.count else {
            return "the header of \(input.count) bytes of metadata does not read back"
        }
        let summary = DiskCacheFile.summary(ofMetadata: input, length: input.count)
        guard let variants = DiskCacheFile.decode(file, keyDigest: summary?.keyDigest ?? keyDigest) else { return nil }
        guard summary != nil else { return "a file read as \(variants.count) variants, but its metadata has no summary" }
        return checkFile(file)
    }
}
