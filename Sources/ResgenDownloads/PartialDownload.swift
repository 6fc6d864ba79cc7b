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
/// The files are the caller's alone (issue 46, finding 6): each is created new with mode `0600`, and an
/// existing partial file or record is used only when it is a regular file of this user with one link,
/// opened without following a link (``PrivateFile``). Anything else under their names (a symbolic link
/// or hard link another user planted, to make the download append to a file of theirs or of someone
/// else's) is removed by name, never written through, and the download starts from the first byte.
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
    /// both files are there as private regular files of this user, the record is one this version
    /// wrote (``PartialDownloadRecord/init(reading:)``) for `url`, and the partial file is non-empty and
    /// shorter than the representation and than `maximumBytes`. Anything else is left over from another
    /// download, from an older version whose records lack what a resumption is checked against, or was
    /// planted: both names are removed, and the download starts from the first byte.
    func resumePoint(for url: URL, maximumBytes: Int) -> ResumePoint? {
        guard let metadataFile else { return nil }
        guard let record = try? readRecord(metadataFile), record.url == url.absoluteString,
            let size = try? PrivateFile.openExisting(atPath: file.path, writing: false).length,
            size > 0, size <= Int64(maximumBytes), size < record.length
        else {
            discard()
            return nil
        }
        return ResumePoint(offset: size, record: record)
    }

    /// The record in `url`, read without following a link, from a private file of this user.
    private func readRecord(_ url: URL) throws -> PartialDownloadRecord {
        let (handle, _) = try PrivateFile.openExisting(atPath: url.path, writing: false)
        defer { try? handle.close() }
        let data = try handle.read(upToCount: PartialDownloadRecord.maximumBytes + 1) ?? Data()
        return try PartialDownloadRecord(reading: data)
    }

    /// Records what a later download needs to resume this one's partial file: written to a new private
    /// file beside it, then renamed over the record, so a crash never leaves half of it and nothing
    /// planted under the record's name is written through.
    func save(_ record: PartialDownloadRecord) throws {
        guard let metadataFile else { return }
        try PrivateFile.replaceContents(
            of: metadataFile.path, with: try record.encoded(), temporaryName: ".\(metadataFile.lastPathComponent).\(UUID().uuidString)")
    }

    /// Removes the record: the partial file can no longer be resumed from.
    func forgetResumePoint() {
        if let metadataFile { PrivateFile.remove(metadataFile.path) }
    }

    /// Removes the partial file and its record (their names: a planted link goes, its target stays).
    func discard() {
        PrivateFile.remove(file.path)
        forgetResumePoint()
    }

    // MARK: Writing

    /// Opens the partial file for writing at `offset`. From the start, a new private file is created
    /// (whatever was under the name is removed first, a link included, never written through); after
    /// `offset` bytes, the existing file is opened only when it is a private regular file of this user
    /// exactly `offset` bytes long (``PrivateFile/openExisting(atPath:writing:)``).
    func open(at offset: Int64) throws -> FileHandle {
        if offset == 0 {
            PrivateFile.remove(file.path)
            return try PrivateFile.create(atPath: file.path)
        }
        let (handle, length) = try PrivateFile.openExisting(atPath: file.path, writing: true)
        do {
            guard length == offset else {
                throw PrivateFile.Refusal(path: file.path, reason: "it is \(length) bytes long, not \(offset) as when the download began")
            }
            try handle.seek(toOffset: UInt64(offset))
        } catch {
            try? handle.close()
            throw error
        }
        return handle
    }

    /// Moves the complete file, open in `handle`, to the destination, replacing what is there in one
    /// step (`rename`, which replaces a link at the destination rather than following it); refuses when
    /// the partial file's name no longer names the file written.
    func moveIntoPlace(_ handle: FileHandle) throws {
        guard PrivateFile.names(file.path, fileOf: handle) else {
            throw PrivateFile.Refusal(path: file.path, reason: "another file was put in its place while the download ran")
        }
        try PrivateFile.move(file.path, to: destination.path)
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
