import Foundation

/// A file to upload as one part of a `multipart/form-data` body: a generated request's file parameter.
public struct MultipartFile: Hashable, Sendable {
    /// The default content type, for bytes of unknown type.
    public static let defaultContentType = "application/octet-stream"

    /// The file name sent in `Content-Disposition`.
    public var filename: String

    /// The file's content type, for example `"image/png"`.
    public var contentType: String

    /// The file's bytes.
    public var content: MultipartPart.Content

    /// Creates a file.
    ///
    /// - Parameters:
    ///   - filename: The file name sent in `Content-Disposition`.
    ///   - contentType: The content type.
    ///   - content: The file's bytes.
    public init(
        filename: String,
        contentType: String = MultipartFile.defaultContentType,
        content: MultipartPart.Content
    ) {
        self.filename = filename
        self.contentType = contentType
        self.content = content
    }

    /// A file whose bytes are in memory.
    ///
    /// - Parameters:
    ///   - data: The bytes.
    ///   - filename: The file name sent in `Content-Disposition`.
    ///   - contentType: The content type.
    /// - Returns: The file.
    public static func data(
        _ data: Data,
        filename: String,
        contentType: String = MultipartFile.defaultContentType
    ) -> MultipartFile {
        MultipartFile(filename: filename, contentType: contentType, content: .data(data))
    }

    /// A local file, read when the request is sent.
    ///
    /// - Parameters:
    ///   - url: The file's location.
    ///   - filename: The file name sent in `Content-Disposition`; `nil` means the URL's last path
    ///     component.
    ///   - contentType: The content type.
    /// - Returns: The file.
    public static func file(
        _ url: URL,
        filename: String? = nil,
        contentType: String = MultipartFile.defaultContentType
    ) -> MultipartFile {
        MultipartFile(filename: filename ?? url.lastPathComponent, contentType: contentType, content: .file(url))
    }
}
