/// What a ``ResourceStore`` refuses.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The client's codec is not one the store reads (the name of its type).
    case unsupportedFormat(String)
    /// A `show` answered with something that is not one resource object (the path).
    case notAResource(String)
    /// A store file of a format this store does not read (why).
    case unsupportedFile(String)
    /// A write the store cannot make (why).
    case invalidWrite(String)

    public var description: String {
        switch self {
        case .unsupportedFormat(let codec): "a ResourceStore needs a JSONAPICodec or HALCodec client; this client's codec is \(codec)"
        case .notAResource(let path): "GET \(path) did not answer with one resource object"
        case .unsupportedFile(let why): "the store file is not one this store reads: \(why)"
        case .invalidWrite(let why): "the store cannot make this write: \(why)"
        }
    }
}
