extension LinkHeader {
    /// Reads RFC 8288's grammar from the bytes of a `Link` field value:
    ///
    /// ```
    /// Link       = #link-value
    /// link-value = "<" URI-Reference ">" *( OWS ";" OWS link-param )
    /// link-param = token BWS [ "=" BWS ( token / quoted-string ) ]
    /// ```
    ///
    /// with RFC 9110's `#` lists (empty elements allowed), tokens and quoted strings (`\` quotes the
    /// next byte). On a byte the grammar does not allow, the current link is dropped and reading resumes
    /// after the next comma outside a quoted string (an unterminated quote is not one), so one bad link
    /// costs only itself.
    package struct Scanner {
        private let bytes: [UInt8]
        private var position = 0

        package init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// A byte the grammar does not allow here; the link being read is dropped.
        private struct Malformed: Error {}

        /// Every well-formed link, in order.
        package mutating func links() -> [Link] {
            var links: [Link] = []
            while true {
                skipWhitespace()
                guard position < bytes.count else { return links }
                if bytes[position] == UInt8(ascii: ",") {  // an empty list element
                    position += 1
                    continue
                }
                do {
                    links.append(try link())
                } catch {
                    skipPastNextComma()
                }
            }
        }

        /// One link-value, and the comma (or the end) after it.
        private mutating func link() throws -> Link {
            let target = try target()
            var parameters: [Parameter] = []
            while true {
                skipWhitespace()
                guard position < bytes.count else { break }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    break
                }
                try expect(UInt8(ascii: ";"))
                skipWhitespace()
                parameters.append(try parameter())
            }
            return Link(target: target, parameters: parameters)
        }

        /// `<URI-Reference>`: anything but whitespace, controls and `<` up to the first `>`; whether
        /// it is a URL is for `URL` to say.
        private mutating func target() throws -> String {
            try expect(UInt8(ascii: "<"))
            let start = position
            while position < bytes.count, bytes[position] != UInt8(ascii: ">") {
                let byte = bytes[position]
                guard byte > 0x20, byte != 0x7F, byte != UInt8(ascii: "<") else { throw Malformed() }
                position += 1
            }
            let end = position
            try expect(UInt8(ascii: ">"))
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }

        /// `token BWS [ "=" BWS ( token / quoted-string ) ]`, the name lowercased.
        private mutating func parameter() throws -> Parameter {
            let name = try token().lowercased()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                return Parameter(name: name, value: nil)
            }
            position += 1
            skipWhitespace()
            let isQuoted = position < bytes.count && bytes[position] == UInt8(ascii: "\"")
            return Parameter(name: name, value: isQuoted ? try quotedString() : try token())
        }

        /// One or more RFC 9110 `tchar`s.
        private mutating func token() throws -> String {
            let start = position
            while position < bytes.count, Self.isTokenCharacter(bytes[position]) { position += 1 }
            guard position > start else { throw Malformed() }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        /// `DQUOTE *( qdtext / quoted-pair ) DQUOTE`, unquoted. A control character inside makes it
        /// malformed once it is read to its end, so that recovery starts after the closing quote.
        private mutating func quotedString() throws -> String {
            try expect(UInt8(ascii: "\""))
            let start = position
            var value: [UInt8] = []
            var isValid = true
            while position < bytes.count {
                var byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: "\"") {
                    guard isValid else { throw Malformed() }
                    return String(decoding: value, as: UTF8.self)
                }
                if byte == UInt8(ascii: "\\"), position < bytes.count {
                    byte = bytes[position]
                    position += 1
                }
                // qdtext and quoted-pair alike: HTAB, SP, VCHAR and obs-text; no other control.
                if byte != 0x09 && byte < 0x20 || byte == 0x7F { isValid = false }
                value.append(byte)
            }
            // Unterminated: the quote is not one, so the links after the next comma still count.
            position = start
            throw Malformed()
        }

        private mutating func expect(_ byte: UInt8) throws {
            guard position < bytes.count, bytes[position] == byte else { throw Malformed() }
            position += 1
        }

        /// OWS: spaces and tabs.
        private mutating func skipWhitespace() {
            while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        }

        /// After a malformed link: to just past the next comma outside a quoted string, or to the end.
        private mutating func skipPastNextComma() {
            var isQuoted = false
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\\") where isQuoted: position += 1
                case UInt8(ascii: "\""): isQuoted.toggle()
                case UInt8(ascii: ",") where !isQuoted: return
                default: break
                }
            }
        }

        /// RFC 9110 `tchar`: `!#$%&'*+-.^_`|~`, digits and letters.
        package static func isTokenCharacter(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
                UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
                true
            default:
                false
            }
        }
    }
}
