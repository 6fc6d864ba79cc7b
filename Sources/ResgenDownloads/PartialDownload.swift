import Foundation
import HTTPTypes
import ResgenRuntimeCore

/// The files of one download next to its destination, and what a resumable one needs to resume.
///
/// The body is written to a file in the destination's folder (so that moving it into place is a
/// `rename`, which replaces the destination at once, never leaving it half-written) and moved into
/// place only once complete:
/// - resumable: `<name>.resgen-partial`, with `<name>.resgen-partial.json` beside it holding the URL
///   asked for, the validator of the representation (a strong `ETag`, else a `Last-Modified` date that
///   is a strong validator) and its length when known. Both stay after a failure that a later download
///   can resume from (the connection broke, the task was cancelled), and go when the download completes
///   or cannot be resumed (no validator, an encoded body, a body too large);
/// - not resumable: `.<name>.resgen-<UUID>`, removed after any failure.
///
/// One download per destination runs at a time in this process (``claim()``).
struct PartialDownload {
    /// Where the file goes once complete.
    let destination: URL
    /// Where the body is written until then.
    let file: URL
    /// The resume metadata, for a resumable download; nil otherwise.
    let metadataFile: URL?

    /// What the metadata file holds.
    struct Metadata: Codable, Equatable {
        /// The URL the download asked for (before redirects), which a resumed download must ask for again.
        var url: String
        /// The `If-Range` value: a strong `ETag` or a `Last-Modified` date.
        var validator: String
        /// The representation's length, when known.
        var length: Int64?
    }

    /// Where a resumed download picks up: the partial file's length and the validator to send.
    struct ResumePoint: Equatable {
        var offset: Int64
        var validator: String
    }

    /// The files for a download to `destination`.
    init(destination: URL, resumable: Bool) {
        self.destination = destination
        let folder = destination.deletingLastPathComponent()
        let name = destination.lastPathComponent
        if resumable {
            file = folder.appendingPathComponent(name + ".resgen-partial")
            metadataFile = folder.appendingPathComponent(name + ".resgen-partial.json")
        } else {
            file = folder.appendingPathComponent(".\(name).resgen-\(UUID().uuidString)")
            metadataFile = nil
        }
    }

    /// Whether a failed download leaves its partial file for the next one.
    var isResumable: Bool { metadataFile != nil }

    // MARK: Resuming

    /// Where a download of `url` resumes: the partial file's length and validator, when both files are
    /// there, name `url`, and the partial file is non-empty and within `maximumBytes` (and its known
    /// length). Anything else is left over from another download: both files are removed.
    func resumePoint(for url: URL, maximumBytes: Int) -> ResumePoint? {
        guard let metadataFile else { return nil }
        guard let data = try? Data(contentsOf: metadataFile), let metadata = try? JSONDecoder().decode(Metadata.self, from: data),
            metadata.url == url.absoluteString, !metadata.validator.isEmpty,
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value,
            size > 0, size <= Int64(maximumBytes), size < (metadata.length ?? .max)
        else {
            discard()
            return nil
        }
        return ResumePoint(offset: size, validator: metadata.validator)
    }

    /// Records what a later download needs to resume this one's partial file (written whole or not at
    /// all, so a crash never leaves half of it).
    func save(_ metadata: Metadata) throws {
        guard let metadataFile else { return }
        try JSONEncoder().encode(metadata).write(to: metadataFile, options: .atomic)
    }

    /// Removes the metadata: the partial file can no longer be resumed from.
    func forgetResumePoint() {
        if let metadataFile { try? FileManager.default.removeItem(at: metadataFile) }
    }

    /// Removes the partial file and its metadata.
    func discard() {
        try? FileManager.default.removeItem(at: file)
        forgetResumePoint()
    }

    /// The `If-Range` validator `response` offers, when a partial download of its body can be resumed:
    /// its `ETag` when strong (RFC 9110 §13.1.5 forbids a weak one), else its `Last-Modified` when that
    /// is a strong validator (§8.8.2.2: at least 60 seconds before the response's `Date`). Nil for an
    /// encoded body, whose ranges count encoded bytes while the file holds decoded ones.
    static func validator(of response: HTTPResponse) -> String? {
        let fields = response.headerFields
        if let encoding = fields[.contentEncoding].map(HTTPResponse.trimmingOptionalWhitespace), !encoding.isEmpty,
            encoding.lowercased() != "identity"
        {
            return nil
        }
        if let tag = fields[.eTag].map(HTTPResponse.trimmingOptionalWhitespace), tag.hasPrefix("\""), tag.count >= 2 {
            return String(tag)
        }
        let now = Date()
        guard let lastModified = fields[.lastModified], let modified = HTTPDate.parse(lastModified, now: now),
            let date = fields[.date].flatMap({ HTTPDate.parse($0, now: now) }), date.timeIntervalSince(modified) >= 60
        else { return nil }
        return lastModified
    }

    // MARK: Writing

    /// Opens the partial file for writing at `offset`: from the start (emptied) or after the bytes
    /// it has.
    func open(at offset: Int64) throws -> FileHandle {
        if !FileManager.default.fileExists(atPath: file.path) {
            guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file.path])
            }
        }
        let handle = try FileHandle(forWritingTo: file)
        do {
            if offset == 0 {
                try handle.truncate(atOffset: 0)
            } else {
                try handle.seek(toOffset: UInt64(offset))
            }
        } catch {
            try? handle.close()
            throw error
        }
        return handle
    }

    /// Moves the complete file to the destination, replacing what is there in one step (`rename`).
    func moveIntoPlace() throws {
        guard rename(file.path, destination.path) == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .EIO
            throw POSIXError(code, userInfo: [NSFilePathErrorKey: destination.path])
        }
    }

    // MARK: One download per destination

    private static let busyLock = NSLock()
    nonisolated(unsafe) private static var busy: Set<String> = []

    /// Marks the destination as being downloaded to; false when a download to it is under way already.
    func claim() -> Bool {
        Self.busyLock.withLock { Self.busy.insert(destination.path).inserted }
    }

    /// Ends ``claim()``.
    func release() {
        _ = Self.busyLock.withLock { Self.busy.remove(destination.path) }
    }
}
