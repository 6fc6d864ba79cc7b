extension URITemplate {
    /// Parses template text into components, checking the RFC 6570 grammar (section 2).
    ///
    /// Input: the template text. Output: literals (already encoded as section 3.1 says) and expressions.
    /// Works on UTF-8 bytes; offsets in errors are byte offsets.
    package struct Parser {
        private let template: String
        private let bytes: [UInt8]
        private var position = 0

        package init(_ template: String) {
            self.template = template
            self.bytes = Array(template.utf8)
        }

        /// Parses the whole template.
        package mutating func parse() throws(URITemplate.Error) -> [Component] {
            var components: [Component] = []
            var literal: [UInt8] = []
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "{"):
                    if !literal.isEmpty {
                        components.append(.literal(String(decoding: literal, as: UTF8.self)))
                        literal.removeAll(keepingCapacity: true)
                    }
                    components.append(.expression(try parseExpression()))
                case UInt8(ascii: "}"):
                    throw error(.unopenedExpression)
                default:
                    try parseLiteralCharacter(into: &literal)
                }
            }
            if !literal.isEmpty { components.append(.literal(String(decoding: literal, as: UTF8.self))) }
            return components
        }

        /// Copies one literal character (or pct-encoded triplet), pct-encoding it when it is not ASCII.
        private mutating func parseLiteralCharacter(into literal: inout [UInt8]) throws(URITemplate.Error) {
            let byte = bytes[position]
            if ASCIISet.unreservedOrReserved.contains(byte) {
                literal.append(byte)
                position += 1
            } else if byte == UInt8(ascii: "%") {
                guard isPercentEncodedTriplet(at: position) else { throw error(.invalidPercentEncoding) }
                literal.append(contentsOf: bytes[position..<position + 3])
                position += 3
            } else if byte >= 0x80 {
                let (scalar, length) = scalar(at: position)
                guard Self.isUCSCharOrPrivate(scalar.value) else {
                    throw error(.invalidLiteralCharacter(Character(scalar)))
                }
                for index in position..<position + length {
                    URITemplate.appendPercentEncoded(bytes[index], to: &literal)
                }
                position += length
            } else {
                throw error(.invalidLiteralCharacter(Character(Unicode.Scalar(byte))))
            }
        }

        /// Parses `{ [operator] varspec *( "," varspec ) }` starting at the `{`.
        private mutating func parseExpression() throws(URITemplate.Error) -> Expression {
            let start = position
            position += 1
            guard position < bytes.count else {
                throw URITemplate.Error(template: template, offset: start, reason: .unclosedExpression)
            }
            var op = Operator.simple
            switch bytes[position] {
            case UInt8(ascii: "+"), UInt8(ascii: "#"), UInt8(ascii: "."), UInt8(ascii: "/"),
                UInt8(ascii: ";"), UInt8(ascii: "?"), UInt8(ascii: "&"):
                op = Operator(rawValue: bytes[position])!
                position += 1
            case UInt8(ascii: "="), UInt8(ascii: ","), UInt8(ascii: "!"), UInt8(ascii: "@"), UInt8(ascii: "|"):
                throw error(.reservedOperator(Character(Unicode.Scalar(bytes[position]))))
            default:
                break
            }
            var variables: [Expression.Variable] = []
            while true {
                variables.append(try parseVariable(expressionStart: start))
                // parseVariable stops only before "," or "}".
                let separator = bytes[position]
                position += 1
                if separator == UInt8(ascii: "}") { return Expression(op: op, variables: variables) }
            }
        }

        /// Parses one `varspec` and leaves the position on the `,` or `}` that follows it.
        private mutating func parseVariable(expressionStart: Int) throws(URITemplate.Error) -> Expression.Variable {
            let unclosed = URITemplate.Error(template: template, offset: expressionStart, reason: .unclosedExpression)
            let nameStart = position
            var afterDot = true  // a name may not start with "."
            while position < bytes.count {
                let byte = bytes[position]
                if ASCIISet.variableCharacters.contains(byte) {
                    position += 1
                } else if byte == UInt8(ascii: "%") {
                    guard isPercentEncodedTriplet(at: position) else { throw error(.invalidPercentEncoding) }
                    position += 3
                } else if byte == UInt8(ascii: ".") {
                    if afterDot { throw error(.misplacedDot) }
                    afterDot = true
                    position += 1
                    continue
                } else {
                    break
                }
                afterDot = false
            }
            guard position < bytes.count else { throw unclosed }
            if position == nameStart {
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") { throw error(.missingVariableName) }
                throw invalidCharacter()
            }
            if afterDot { throw URITemplate.Error(template: template, offset: position - 1, reason: .misplacedDot) }
            let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)

            var prefix: Int?
            var explode = false
            if bytes[position] == UInt8(ascii: ":") {
                position += 1
                let digitsStart = position
                var length = 0
                while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                    length = length * 10 + Int(bytes[position] - UInt8(ascii: "0"))
                    position += 1
                    guard position - digitsStart <= 4 else { throw error(.invalidPrefixLength, at: digitsStart) }
                }
                guard position > digitsStart, bytes[digitsStart] != UInt8(ascii: "0") else {
                    if position >= bytes.count { throw unclosed }
                    throw error(.invalidPrefixLength, at: digitsStart)
                }
                prefix = length
                if position < bytes.count, bytes[position] == UInt8(ascii: "*") { throw error(.prefixWithExplode) }
            } else if bytes[position] == UInt8(ascii: "*") {
                explode = true
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: ":") { throw error(.prefixWithExplode) }
            }
            guard position < bytes.count else { throw unclosed }
            let byte = bytes[position]
            guard byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") else {
                if prefix != nil { throw error(.invalidPrefixLength, at: nameStart + name.utf8.count + 1) }
                throw invalidCharacter()
            }
            return Expression.Variable(name: name, prefix: prefix, explode: explode, offset: nameStart)
        }

        // MARK: Helpers

        private func error(_ reason: URITemplate.Error.Reason, at offset: Int? = nil) -> URITemplate.Error {
            URITemplate.Error(template: template, offset: offset ?? position, reason: reason)
        }

        /// The error for the character at the current position.
        private func invalidCharacter() -> URITemplate.Error {
            error(.invalidCharacter(Character(scalar(at: position).scalar)))
        }

        private func isPercentEncodedTriplet(at index: Int) -> Bool {
            index + 2 < bytes.count && ASCIISet.hexDigits.contains(bytes[index + 1])
                && ASCIISet.hexDigits.contains(bytes[index + 2])
        }

        /// Decodes the scalar whose UTF-8 encoding starts at `index` (the bytes come from a `String`, so
        /// they are valid UTF-8).
        private func scalar(at index: Int) -> (scalar: Unicode.Scalar, length: Int) {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> UInt32(length + 1))
            for offset in 1..<length {
                value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
            }
            return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
        }

        /// RFC 6570 `ucschar` and `iprivate`: the non-ASCII characters a literal may hold.
        static func isUCSCharOrPrivate(_ value: UInt32) -> Bool {
            switch value {
            case 0xA0...0xD7FF, 0xE000...0xFDCF, 0xFDF0...0xFFEF: true
            case 0xE0000...0xE0FFF: false
            case 0x10000...0xEFFFD: value & 0xFFFF <= 0xFFFD
            case 0xF0000...0xFFFFD, 0x100000...0x10FFFD: true
            default: false
            }
        }
    }
}
