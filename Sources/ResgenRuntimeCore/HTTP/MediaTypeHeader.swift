import Foundation

/// One media type of a `Content-Type` or `Accept` value, with its parameters as written (RFC 9110
/// §5.6.6, §8.3.1, §12.5.1): names lowercased, quoted values unquoted.
///
/// The parser respects quoted strings, so a `,` or `;` inside a quoted `profile` URI list neither ends the
/// media type nor the parameter, and reads an unquoted value up to the next `;` or `,` (a URI is no
/// token, but servers write one unquoted). It never fails: what does not parse is skipped.
package struct MediaTypeHeader: Sendable {
    /// `type/subtype`, lowercased.
    package var type: String
    /// The parameters in order (`q` of an `Accept` entry included).
    package var parameters: [(name: String, value: String)]

    /// The parameters other than the `Accept` weight `q`, written back as `name=value` (quoted when
    /// the value is not a token).
    package var writtenParameters: [String] {
        parameters.filter { $0.name != "q" }.map { "\($0.name)=\(Self.isToken($0.value) ? $0.value : "\"" + $0.value + "\"")" }
    }

    /// The media types of `value`, a comma-separated list (one for `Content-Type`).
    package static func parse(_ value: String) -> [MediaTypeHeader] {
        var scanner = Scanner(Array(value.unicodeScalars))
        var found: [MediaTypeHeader] = []
        while !scanner.isAtEnd {
            let type = scanner.token().lowercased()
            var parameters: [(name: String, value: String)] = []
            scanner.skipWhitespace()
            while scanner.take(";") {
                scanner.skipWhitespace()
                let name = scanner.token().lowercased()
                scanner.skipWhitespace()
                guard scanner.take("=") else { continue }
                scanner.skipWhitespace()
                let value = scanner.peek == "\"" ? scanner.quotedString() : scanner.bareValue()
                if !name.isEmpty { parameters.append((name, value)) }
                scanner.skipWhitespace()
            }
            if type.utf8.contains(UInt8(ascii: "/")) { found.append(MediaTypeHeader(type: type, parameters: parameters)) }
            // Whatever is left of this entry (malformed) up to the next comma is skipped.
            scanner.skip { $0 != "," }
            _ = scanner.take(",")
            scanner.skipWhitespace()
        }
        return found
    }

    /// Whether `value` is an RFC 9110 token (written without quotes).
    package static func isToken(_ value: String) -> Bool {
        !value.isEmpty && value.unicodeScalars.allSatisfy(Scanner.isTokenCharacter)
    }

    /// A cursor over the scalars of a header value.
    private struct Scanner {
        let scalars: [Unicode.Scalar]
        var index = 0

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        var isAtEnd: Bool { index >= scalars.count }
        var peek: Unicode.Scalar? { isAtEnd ? nil : scalars[index] }

        /// RFC 9110 `tchar`, plus `/` so a `type/subtype` reads as one token.
        static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
            guard scalar.isASCII, scalar.value > 0x20, scalar.value < 0x7F else { return false }
            return !"\"(),/:;<=>?@[\\]{}".unicodeScalars.contains(scalar)
        }

        mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            guard peek == scalar else { return false }
            index += 1
            return true
        }

        mutating func skip(while predicate: (Unicode.Scalar) -> Bool) {
            while let scalar = peek, predicate(scalar) { index += 1 }
        }

        mutating func skipWhitespace() { skip { $0 == " " || $0 == "\t" } }

        mutating func token() -> String {
            var text = String.UnicodeScalarView()
            while let scalar = peek, Self.isTokenCharacter(scalar) || scalar == "/" {
                text.append(scalar)
                index += 1
            }
            return String(text)
        }

        /// An unquoted parameter value: a token by RFC 9110, read leniently up to the next `;`, `,` or
        /// whitespace, since servers write URIs unquoted too (`profile=http://…`).
        mutating func bareValue() -> String {
            var text = String.UnicodeScalarView()
            while let scalar = peek, !";, \t\"".unicodeScalars.contains(scalar) {
                text.append(scalar)
                index += 1
            }
            return String(text)
        }

        /// A quoted string (the opening quote next), unescaped; an unterminated one runs to the end.
        mutating func quotedString() -> String {
            index += 1
            var text = String.UnicodeScalarView()
            while let scalar = peek {
                index += 1
                if scalar == "\"" { break }
                if scalar == "\\", let escaped = peek {
                    index += 1
                    text.append(escaped)
                } else {
                    text.append(scalar)
                }
            }
            return String(text)
        }
    }
}
