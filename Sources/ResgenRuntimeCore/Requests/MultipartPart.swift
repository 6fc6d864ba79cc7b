import Foundation

/// One part of a `multipart/form-data` body.
public struct MultipartPart: Sendable, Hashable {
    /// Where a part's bytes come from.
    public enum Content: Sendable, Hashable {
        /// Bytes in memory.
        case data(Data)
        /// A local file, read when the request is sent.
        case file(URL)
    }

    /// The form field name.
    public var name: String

    /// The file name sent in `Content-Disposition`, if any.
    public var filename: String?

    /// The part's content type, if any; `nil` leaves it to the default of the HTTP layer.
    public var contentType: String?

    /// The part's bytes.
    public var content: Content

    /// Creates a part.
    ///
    /// - Parameters:
    ///   - name: The form field name.
    ///   - filename: The file name, if any.
    ///   - contentType: The content type, if any.
    ///   - content: The part's bytes.
    public init(name: String, filename: String? = nil, contentType: String? = nil, content: Content) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.content = content
    }
}
