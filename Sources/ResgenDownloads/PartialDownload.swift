import Foundation
import HTTPTypes
import ResgenRuntimeCore

/// The files of one download next to its destination, and what a resumable one needs to resume.
///
/// The body is written to a file in the destination's folder (so that moving it into place is a
/// `rename`, which replaces the destination at once, never leaving it half-written) and moved into
/// place only once complete:
/// - resumable: `<name>.resgen-partial`, with `<name>.resgen-partial.json` beside it holding the URL
///   asked for and what identifies the representation (``PartialDownloadRecord``: its length, its
///   `ETag`, its `Last-Modified`; a strong `ETag` or a `Last-Modified` that is a strong validator is
///   required). Both stay after a failure that a later download can resume from (the connection broke,
///   the task was cancelled), and go when the download completes or cannot be resumed (no validator, no
///   announced length, an encoded body, a body too large);
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

    /// Where a resumed download picks up: the partial file's length, and the record of the
    /// representation its bytes are the start of.
    struct ResumePoint: Equatable {
        var offset: Int64
        var record: PartialDownloadRecord
        /// The `If-Range` value.
        var validator: String { record.validator ?? "" }
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

    /// Where a download of `url` resumes: the partial file's length and the record's validator, when
    /// both files are there, the record is one this version wrote (``PartialDownloadRecord/init(reading:)``)
    /// for `url`, and the partial file is non-empty and shorter than the representation and than
    /// `maximumBytes`. Anything else is left over from another download, or from an older version whose
    /// records lack what a resumption is checked against: both files are removed, and the download
    /// starts from the first byte.
    func resumePoint(for url: URL, maximumBytes: Int) -> ResumePoint? {
        guard let metadataFile else { return nil }
        guard let data = try? Data(contentsOf: metadataFile), let record = try? PartialDownloadRecord(reading: data),
            record.url == url.absoluteString,
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value,
            size > 0, size <= Int64(maximumBytes), size < record.length
        else {
            discard()
            return nil
        }
        return ResumePoint(offset: size, record: record)
    }

    /// Records what a later download needs to resume this one's partial file (written whole or not at
    /// all, so a crash never leaves half of it).
    func save(_ record: PartialDownloadRecord) throws {
        guard let metadataFile else { return }
        try record.encoded().write(to: metadataFile, options: .atomic)
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
