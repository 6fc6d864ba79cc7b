/// A request path template such as `/articles/search/{term}/{page=1}`, split into literal text and
/// parameters (with their optional defaults).
package struct PathTemplate: Hashable, Sendable {
    /// A piece of the template.
    enum Piece: Hashable, Sendable {
        case literal(String)
        /// A parameter, its default (text after `=`), and its UTF-8 offset in the template.
        case parameter(name: String, defaultValue: String?, offset: Int)
    }

    /// The pieces in order.
    var pieces: [Piece]

    /// A syntax problem at a UTF-8 offset.
    package struct SyntaxError: Error {
        var message: String
        var offset: Int
    }

    /// Parses a template.
    package static func parse(_ text: String) throws(SyntaxError) -> PathTemplate {
        var pieces: [Piece] = []
        var literal = ""
        var offset = 0
        var parameter: (text: String, offset: Int)?
        for character in text {
            let width = character.utf8.count
            defer { offset += width }
            if var open = parameter {
                if character == "}" {
                    let parts = open.text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                    let name = String(parts[0]).trimmingSpaces
                    guard !name.isEmpty else { throw SyntaxError(message: "a path parameter needs a name: '{name}'", offset: open.offset) }
                    pieces.append(.parameter(name: name, defaultValue: parts.count > 1 ? String(parts[1]) : nil, offset: open.offset))
                    parameter = nil
                } else if character == "{" {
                    throw SyntaxError(message: "'{' inside a path parameter", offset: offset)
                } else {
                    open.text.append(character)
                    parameter = open
                }
                continue
            }
            switch character {
            case "{":
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = ""
                parameter = ("", offset)
            case "}":
                throw SyntaxError(message: "'}' without a matching '{'", offset: offset)
            case "?", "#":
                throw SyntaxError(message: "a path has no query or fragment; declare query items under 'query'", offset: offset)
            default:
                literal.append(character)
            }
        }
        if let open = parameter { throw SyntaxError(message: "unclosed '{' in path", offset: open.offset) }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        return PathTemplate(pieces: pieces)
    }
}

extension String {
    /// The string without leading and trailing spaces.
    var trimmingSpaces: String {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { $0 != UInt8(ascii: " ") }) else { return "" }
        let last = bytes.lastIndex { $0 != UInt8(ascii: " ") } ?? first
        return String(self[first...last])
    }
}
