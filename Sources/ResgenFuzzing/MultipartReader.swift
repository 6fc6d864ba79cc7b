import Foundation

/// A strict reader of `multipart/form-data` bodies as ``ResgenRuntime/MultipartEncoder`` documents
/// them (RFC 7578 on RFC 2046): the content type `multipart/form-data; boundary=<b>` with the boundary
/// a bare RFC 2045 token or quoted, then for each part `--<b>` CRLF, `Content-Disposition: form-data;
/// name="…"` with an optional `; filename="…"`, an optional `Content-Type:` line, a blank line, the
/// content and CRLF; then `--<b>--` CRLF and nothing else. Quoted values run to the next `"`, as the
/// WHATWG multipart/form-data parser reads them (the encoder percent-encodes `"`, CR, LF and `\` in them).
enum MultipartReader {
    /// One part as read.
    struct Part: Equatable, CustomStringConvertible {
        var name: String
        var filename: String?
        var contentType: String?
        var content: Data

        var description: String {
            "(name: \(name.debugDescription), filename: \(filename?.debugDescription ?? "-"), contentType: \(contentType?.debugDescription ?? "-"), \(content.count) bytes)"
        }
    }

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    /// The parts of `body` sent with `contentType`.
    static func parse(_ body: Data, contentType: String) throws -> [Part] {
        let boundary = try self.boundary(in: contentType)
        var reader = Reader(bytes: [UInt8](body))
        let delimiter = Array("--\(boundary)".utf8)
        try reader.expect(delimiter)
        var parts: [Part] = []
        while !reader.consume(Array("--\r\n".utf8)) {
            try reader.expect(Array("\r\n".utf8))
            var part = try disposition(reader.line())
            let next = try reader.line()
            if next.hasPrefix("Content-Type: ") {
                part.contentType = String(next.dropFirst("Content-Type: ".count))
                guard try reader.line().isEmpty else { throw Malformed(description: "a header after Content-Type") }
            } else {
                guard next.isEmpty else { throw Malformed(description: "unexpected header \(next.debugDescription)") }
            }
            part.content = Data(try reader.upTo(Array("\r\n".utf8) + delimiter))
            parts.append(part)
        }
        guard reader.isAtEnd else { throw Malformed(description: "bytes after the closing delimiter") }
        return parts
    }

    /// The boundary parameter of the content type, checked against RFC 2046's `bchars` and RFC 2045's `token`.
    static func boundary(in contentType: String) throws -> String {
        let prefix = "multipart/form-data; boundary="
        guard contentType.hasPrefix(prefix) else { throw Malformed(description: "content type \(contentType.debugDescription)") }
        var value = String(contentType.dropFirst(prefix.count))
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
            value = String(value.dropFirst().dropLast())
        } else {
            let tspecials = Set("()<>@,;:\\\"/[]?= ")
            guard !value.contains(where: { tspecials.contains($0) }) else { throw Malformed(description: "an unquoted boundary with a special character") }
        }
        let bchars = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ")
        guard (1...70).contains(value.count), value.allSatisfy({ bchars.contains($0) }), !value.hasSuffix(" ") else {
            throw Malformed(description: "boundary \(value.debugDescription) is not 1 to 70 bchars")
        }
        return value
    }

    /// `Content-Disposition: form-data; name="…"[; filename="…"]`.
    static func disposition(_ line: String) throws -> Part {
        var rest = Substring(line)
        func expect(_ text: String) throws {
            guard rest.hasPrefix(text) else { throw Malformed(description: "expected \(text.debugDescription) in \(line.debugDescription)") }
            rest = rest.dropFirst(text.count)
        }
        func quoted() throws -> String {
            try expect("\"")
            guard let end = rest.firstIndex(of: "\"") else { throw Malformed(description: "unterminated quoted value in \(line.debugDescription)") }
            defer { rest = rest[rest.index(after: end)...] }
            return String(rest[..<end])
        }
        try expect("Content-Disposition: form-data; name=")
        var part = Part(name: try quoted(), filename: nil, contentType: nil, content: Data())
        if !rest.isEmpty {
            try expect("; filename=")
            part.filename = try quoted()
        }
        guard rest.isEmpty else { throw Malformed(description: "more after the parameters in \(line.debugDescription)") }
        return part
    }

    /// A cursor over the body.
    struct Reader {
        var bytes: [UInt8]
        var position = 0

        var isAtEnd: Bool { position == bytes.count }

        mutating func consume(_ expected: [UInt8]) -> Bool {
            guard bytes.count - position >= expected.count, Array(bytes[position..<position + expected.count]) == expected else { return false }
            position += expected.count
            return true
        }

        mutating func expect(_ expected: [UInt8]) throws {
            guard consume(expected) else { throw Malformed(description: "expected \(String(decoding: expected, as: UTF8.self).debugDescription) at byte \(position)") }
        }

        /// A header line without its CRLF; a bare CR or LF in it is an error. Headers are UTF-8 here.
        mutating func line() throws -> String {
            let start = position
            while position < bytes.count, bytes[position] != UInt8(ascii: "\r"), bytes[position] != UInt8(ascii: "\n") { position += 1 }
            let line = bytes[start..<position]
            try expect(Array("\r\n".utf8))
            guard let text = String(validating: line, as: UTF8.self) else { throw Malformed(description: "a header line that is not UTF-8") }
            return text
        }

        /// The bytes up to the first occurrence of `terminator`, which is consumed.
        mutating func upTo(_ terminator: [UInt8]) throws -> ArraySlice<UInt8> {
            var index = position
            while index + terminator.count <= bytes.count {
                if bytes[index] == terminator[0], Array(bytes[index..<index + terminator.count]) == terminator {
                    defer { position = index + terminator.count }
                    return bytes[position..<index]
                }
                index += 1
            }
            throw Malformed(description: "no delimiter after the content at byte \(position)")
        }
    }
}
