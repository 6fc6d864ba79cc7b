import Foundation

/// Encodes ``MultipartPart`` values as an RFC 7578 `multipart/form-data` body.
///
/// Input: parts, each with a name, an optional file name and content type, and bytes in memory or in
/// a local file. Output: an ``EncodedBody`` whose content type is
/// `multipart/form-data; boundary=<boundary>` and whose bytes are, with CRLF line endings:
///
/// ```
/// --<boundary>
/// Content-Disposition: form-data; name="<name>"; filename="<filename>"
/// Content-Type: <content type>
///
/// <content>
/// --<boundary>--
/// ```
///
/// - `filename` appears only for parts that have one. In names and file names, `"`, CR and LF are
///   written `%22`, `%0D` and `%0A`, as the WHATWG HTML standard's multipart/form-data encoding does
///   (RFC 7578 §4.2), and `\` is written `%5C`; other characters, non-ASCII ones included, are written
///   as UTF-8. The standard leaves `\` as it is, but these values are quoted strings (RFC 2045), where
///   `\` escapes the next character: Python's `email` reads `name="a\b"` as `ab`, and a name ending in
///   `\` makes parsers that honour the escape (Python's, Go's, Django's) read past its closing quote
///   into the next parameter. `%5C` reads the same in every parser (as `%22` does); a server that wants
///   the `\` back decodes it as it decodes `%22`.
/// - `Content-Type` appears when the part has one; a part with a file name and no content type gets
///   `application/octet-stream`. A part with neither is text (`text/plain` by RFC 7578's default).
/// - The boundary never occurs in any part's content: a generated boundary that does is replaced by
///   another, and a fixed one makes encoding throw. File contents are checked as they are copied.
///
/// A body whose total length is at most ``memoryThreshold`` bytes is built in memory
/// (``OutgoingBody/data(_:)``), small files included. A larger one, in particular any body with a file
/// larger than the threshold, is written to a temporary file in chunks of ``chunkSize`` bytes, so
/// neither a file nor the body is ever held in memory whole, and is returned as
/// ``OutgoingBody/temporaryFile(_:)``: the file is deleted when the last reference to the body goes.
public struct MultipartEncoder: Sendable {
    /// Where the boundary comes from; ``Boundary/random`` by default.
    public var boundary: Boundary

    /// The largest body, in bytes, that is built in memory; larger ones go to a temporary file.
    public var memoryThreshold: Int

    /// How many bytes of a file are read at a time when writing a temporary file.
    public var chunkSize: Int

    /// How many generated boundaries are tried before giving up.
    static let maxBoundaryAttempts = 8

    /// Creates an encoder.
    ///
    /// - Parameters:
    ///   - boundary: Where the boundary comes from; a fresh random one per body by default.
    ///   - memoryThreshold: The largest body, in bytes, built in memory; 1 MiB by default.
    ///   - chunkSize: How many bytes of a file are read at a time; 64 KiB by default.
    public init(boundary: Boundary = .random, memoryThreshold: Int = 1 << 20, chunkSize: Int = 64 << 10) {
        self.boundary = boundary
        self.memoryThreshold = memoryThreshold
        self.chunkSize = chunkSize
    }

    /// Encodes `parts`, in order.
    ///
    /// - Parameter parts: The parts of the form.
    /// - Returns: The `multipart/form-data` content type with its boundary, and the bytes in memory or
    ///   in a temporary file.
    /// - Throws: ``Error/unreadableFile(_:)`` for a file that is missing or cannot be read,
    ///   ``Error/invalidContentType(_:partName:)`` for a content type with a control character,
    ///   ``Error/invalidBoundary(_:)`` and ``Error/boundaryInContent(boundary:partName:)`` for a bad
    ///   boundary, or the file system's error when the temporary file cannot be written.
    public func encode(_ parts: [MultipartPart]) throws -> EncodedBody {
        let prepared = try parts.map(PreparedPart.init)
        switch boundary {
        case .fixed(let boundary):
            guard Self.isValid(boundary: boundary) else { throw Error.invalidBoundary(boundary) }
            return try encode(prepared, boundary: boundary)
        case .generated(let makeBoundary):
            for _ in 0..<Self.maxBoundaryAttempts {
                let boundary = makeBoundary()
                guard Self.isValid(boundary: boundary) else { throw Error.invalidBoundary(boundary) }
                do {
                    return try encode(prepared, boundary: boundary)
                } catch Error.boundaryInContent {
                    continue
                }
            }
            throw Error.noUsableBoundary
        }
    }

    /// Encodes prepared parts with one boundary, in memory or to a temporary file by size.
    private func encode(_ parts: [PreparedPart], boundary: String) throws -> EncodedBody {
        let layout = Layout(boundary: boundary)
        let length = parts.reduce(layout.closing.count) { $0 + layout.length(of: $1) }
        let body: OutgoingBody =
            length <= memoryThreshold
            ? .data(try encodeInMemory(parts, layout: layout, length: length))
            : .temporaryFile(try encodeToFile(parts, layout: layout))
        return EncodedBody(contentType: Self.contentType(boundary: boundary), body: body)
    }

    /// Builds the whole body in memory, reading small files whole.
    private func encodeInMemory(_ parts: [PreparedPart], layout: Layout, length: Int) throws -> Data {
        var body = Data()
        body.reserveCapacity(length)
        for part in parts {
            let content: Data
            switch part.content {
            case .data(let data):
                content = data
            case .file(let url, _):
                do { content = try Data(contentsOf: url) } catch { throw Error.unreadableFile(url) }
            }
            if content.range(of: layout.needle) != nil {
                throw Error.boundaryInContent(boundary: layout.boundary, partName: part.name)
            }
            body.append(layout.opening(part))
            body.append(content)
            body.append(Layout.crlf)
        }
        body.append(layout.closing)
        return body
    }

    /// Writes the body to a new temporary file, copying files in chunks.
    private func encodeToFile(_ parts: [PreparedPart], layout: Layout) throws -> TemporaryFile {
        // Owned from the start, so that a throw below deletes whatever was written. Created new (O_EXCL,
        // never a file or link planted under the name) with mode 0600 from the first byte (PrivateFile).
        let file = TemporaryFile(url: TemporaryFile.makeURL(prefix: "resgen-multipart"))
        let output = try PrivateFile.create(atPath: file.url.path)
        defer { try? output.close() }
        for part in parts {
            try output.write(contentsOf: layout.opening(part))
            switch part.content {
            case .data(let data):
                if data.range(of: layout.needle) != nil {
                    throw Error.boundaryInContent(boundary: layout.boundary, partName: part.name)
                }
                try output.write(contentsOf: data)
            case .file(let url, _):
                try copy(url, to: output, layout: layout, partName: part.name)
            }
            try output.write(contentsOf: Layout.crlf)
        }
        try output.write(contentsOf: layout.closing)
        return file
    }

    /// Copies the file at `url` to `output` chunk by chunk, checking that the boundary does not occur
    /// in it, across chunk edges included.
    private func copy(_ url: URL, to output: FileHandle, layout: Layout, partName: String) throws {
        let input: FileHandle
        do { input = try FileHandle(forReadingFrom: url) } catch { throw Error.unreadableFile(url) }
        defer { try? input.close() }
        let overlap = layout.needle.count - 1
        var tail = Data()  // The last `overlap` bytes read so far.
        while true {
            let chunk: Data
            do {
                guard let read = try input.read(upToCount: max(chunkSize, 1)), !read.isEmpty else { break }
                chunk = read
            } catch {
                throw Error.unreadableFile(url)
            }
            if chunk.range(of: layout.needle) != nil || (tail + chunk.prefix(overlap)).range(of: layout.needle) != nil {
                throw Error.boundaryInContent(boundary: layout.boundary, partName: partName)
            }
            try output.write(contentsOf: chunk)
            tail = chunk.count >= overlap ? Data(chunk.suffix(overlap)) : Data((tail + chunk).suffix(overlap))
        }
    }
}

/// A part whose headers are encoded and whose file, if any, was found readable.
private struct PreparedPart {
    /// Where the content is.
    enum Content {
        case data(Data)
        case file(URL, size: Int)
    }

    /// The form field name, for errors.
    var name: String
    /// The header lines, each ending in CRLF, without the blank line that ends them.
    var headers: Data
    /// The content.
    var content: Content

    /// The content's length in bytes.
    var contentLength: Int {
        switch content {
        case .data(let data): data.count
        case .file(_, let size): size
        }
    }

    init(_ part: MultipartPart) throws {
        name = part.name
        var disposition = "Content-Disposition: form-data; name=\"\(Self.escape(part.name))\""
        if let filename = part.filename {
            disposition += "; filename=\"\(Self.escape(filename))\""
        }
        var lines = disposition + "\r\n"
        if let contentType = part.contentType ?? (part.filename == nil ? nil : MultipartFile.defaultContentType) {
            let isControl = contentType.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
            guard !isControl else { throw MultipartEncoder.Error.invalidContentType(contentType, partName: part.name) }
            lines += "Content-Type: \(contentType)\r\n"
        }
        headers = Data(lines.utf8)
        switch part.content {
        case .data(let data):
            content = .data(data)
        case .file(let url):
            content = .file(url, size: try Self.regularFileSize(url))
        }
    }

    /// Percent-encodes `"`, CR and LF, as the WHATWG multipart/form-data encoding does, and `\`, which
    /// would otherwise escape the character after it inside the quoted string.
    private static func escape(_ value: String) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "%22"
            case "\\": result += "%5C"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The size of the readable regular file at `url`.
    private static func regularFileSize(_ url: URL) throws -> Int {
        guard url.isFileURL,
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = (attributes[.size] as? NSNumber)?.intValue,
            FileManager.default.isReadableFile(atPath: url.path)
        else { throw MultipartEncoder.Error.unreadableFile(url) }
        return size
    }
}

/// The delimiters of a body with one boundary.
private struct Layout {
    static let crlf = Data("\r\n".utf8)

    /// The boundary.
    var boundary: String
    /// The bytes that must not occur in content: the boundary itself (stricter than the delimiter).
    var needle: Data
    /// `--<boundary>--` and CRLF.
    var closing: Data
    /// `--<boundary>` and CRLF.
    private var delimiter: Data

    init(boundary: String) {
        self.boundary = boundary
        needle = Data(boundary.utf8)
        delimiter = Data("--\(boundary)\r\n".utf8)
        closing = Data("--\(boundary)--\r\n".utf8)
    }

    /// The delimiter, the headers and the blank line that open `part`.
    func opening(_ part: PreparedPart) -> Data {
        delimiter + part.headers + Self.crlf
    }

    /// The length of `part` from its delimiter to the CRLF after its content.
    func length(of part: PreparedPart) -> Int {
        delimiter.count + part.headers.count + Self.crlf.count + part.contentLength + Self.crlf.count
    }
}
