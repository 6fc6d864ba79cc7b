import Foundation

extension MultipartEncoder {
    /// Why a `multipart/form-data` body could not be encoded.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
        /// A part's file is missing, is not a regular file, or cannot be read.
        case unreadableFile(URL)
        /// The boundary is not 1 to 70 RFC 2046 `bchars` ending in a non-space.
        case invalidBoundary(String)
        /// A fixed boundary occurs in the content of the part with this name.
        case boundaryInContent(boundary: String, partName: String)
        /// A part's content type contains a control character (a line break would inject headers).
        case invalidContentType(String, partName: String)
        /// Every generated boundary occurred in the content; only a boundary generator that keeps
        /// repeating itself gets here.
        case noUsableBoundary

        /// A full sentence saying what went wrong.
        public var description: String {
            switch self {
            case .unreadableFile(let url):
                "Cannot read the file '\(url.isFileURL ? url.path : url.absoluteString)' for a multipart part: "
                    + "it is missing, is not a regular local file, or is not readable."
            case .invalidBoundary(let boundary):
                "The multipart boundary '\(boundary)' is invalid: "
                    + "it must be 1 to 70 RFC 2046 boundary characters and must not end with a space."
            case .boundaryInContent(let boundary, let partName):
                "The multipart boundary '\(boundary)' occurs in the content of part '\(partName)'; "
                    + "use another boundary or the random one."
            case .invalidContentType(let contentType, let partName):
                "The content type '\(contentType.debugDescription.dropFirst().dropLast())' of multipart part "
                    + "'\(partName)' contains a control character."
            case .noUsableBoundary:
                "No generated multipart boundary was absent from the content."
            }
        }

        /// The same as ``description``.
        public var errorDescription: String? { description }
    }
}
