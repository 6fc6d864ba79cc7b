/// What a piece of generated Swift declares and names: its types with their members and conformances,
/// and every identifier it mentions.
///
/// This reads resgen's own output (see ``GeneratedNames``), not arbitrary Swift: it knows comments,
/// string literals, braces, and declarations at the top level of a type body, which is all that code
/// has. Anything it does not recognize it passes over, so an odd construct in a user's template costs
/// at worst a name that is not reserved, never a crash.
struct SwiftDeclarationScanner {
    /// A member declared directly in a type body (or in an extension of the type).
    struct Member: Hashable, Sendable {
        enum Kind: Hashable, Sendable {
            /// `var`/`let`: a property of each value.
            case instanceProperty
            /// `static var`/`static let`, or an enum `case`: a member of the type itself.
            case typeMember
            /// `func`, `init`, `subscript`.
            case function
            /// A nested `struct`, `enum`, `class`, `actor`, `protocol` or `typealias`.
            case type
        }

        var name: String
        var kind: Kind
        /// An enum case's raw value as written (`case halLinks = "_links"`), without the quotes.
        var rawValue: String?
    }

    /// A type: its declaration and all extensions of it in the text, merged.
    struct TypeScope: Hashable, Sendable {
        /// The type's name, qualified by enclosing types (`Article.Include`).
        var name: String
        /// Everything after `:` in its declaration and extensions (protocols and raw types).
        var conformances: [String] = []
        /// Members in declaration order.
        var members: [Member] = []
    }

    /// Types by qualified name.
    private(set) var types: [String: TypeScope] = [:]
    /// Every identifier outside comments and string literals.
    private(set) var identifiers: Set<String> = []
    /// Generic parameters declared in the text (`Visitor` in `func f<Visitor: P>`): names, not uses.
    private(set) var genericParameters: Set<String> = []
    /// Modules the text imports: names of modules, not of types.
    private(set) var importedModules: Set<String> = []

    /// Scans `text`.
    init(_ text: String) {
        var scanner = Scan(tokens: Self.tokens(text))
        scanner.run()
        types = scanner.types
        identifiers = scanner.identifiers
        genericParameters = scanner.genericParameters
        importedModules = scanner.importedModules
    }

    // MARK: tokens

    enum Token: Hashable {
        case identifier(String)
        /// A string literal's text between the quotes, escapes as written.
        case string(String)
        /// One punctuation byte (`{`, `}`, `:`, `<`, …).
        case symbol(UInt8)
        /// The end of a line: declarations end there.
        case newline
    }

    /// The text's tokens: comments dropped, backticks removed from identifiers.
    static func tokens(_ text: String) -> [Token] {
        let bytes = Array(text.utf8)
        var tokens: [Token] = []
        var index = 0
        func isIdentifierByte(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte >= 0x80
        }
        func skip(past terminator: [UInt8]) {
            while index < bytes.count, !bytes[index...].starts(with: terminator) {
                if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                index += 1
            }
            index += terminator.count
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                tokens.append(.newline)
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                skip(past: Array("*/".utf8))
            case UInt8(ascii: "\""):
                if bytes[index...].starts(with: Array("\"\"\"".utf8)) {
                    index += 3
                    skip(past: Array("\"\"\"".utf8))
                } else {
                    let start = index + 1
                    index = start
                    skip(past: [UInt8(ascii: "\"")])
                    tokens.append(.string(String(decoding: bytes[start..<max(start, min(index - 1, bytes.count))], as: UTF8.self)))
                }
            case UInt8(ascii: "#") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\""):
                index += 2
                skip(past: Array("\"#".utf8))
            case UInt8(ascii: "`"):
                let start = index + 1
                index = start
                while index < bytes.count, bytes[index] != UInt8(ascii: "`"), bytes[index] != UInt8(ascii: "\n") { index += 1 }
                tokens.append(.identifier(String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)))
                index += 1
            default:
                if isIdentifierByte(byte), !(byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                    let start = index
                    while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
                    tokens.append(.identifier(String(decoding: bytes[start..<index], as: UTF8.self)))
                } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                    while index < bytes.count, isIdentifierByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") { index += 1 }
                } else {
                    tokens.append(.symbol(byte))
                    index += 1
                }
            }
        }
        return tokens
    }

    // MARK: declarations

    /// Walks the tokens with a stack of open braces.
    private struct Scan {
        let tokens: [Token]
        var types: [String: TypeScope] = [:]
        var identifiers: Set<String> = []
        var genericParameters: Set<String> = []
        var importedModules: Set<String> = []

        /// An open brace: a type body (with the type's qualified name) or any other block.
        private enum Block { case type(String), other }
        private var blocks: [Block] = []
        /// Tokens of the statement being read at the current depth.
        private var statement: [Token] = []

        init(tokens: [Token]) { self.tokens = tokens }

        /// Words that may precede a declaration's keyword.
        static let modifiers: Set<String> = [
            "public", "private", "fileprivate", "internal", "package", "open", "static", "class", "final", "mutating",
            "nonmutating", "override", "nonisolated", "indirect", "lazy", "weak", "unowned", "required", "convenience",
            "dynamic", "optional", "consuming", "borrowing", "isolated",
        ]
        static let typeKeywords: Set<String> = ["struct", "enum", "class", "actor", "protocol", "extension"]

        mutating func run() {
            for token in tokens {
                if case .identifier(let name) = token { identifiers.insert(name) }
                switch token {
                case .symbol(UInt8(ascii: "{")):
                    blocks.append(openBlock())
                    statement = []
                case .symbol(UInt8(ascii: "}")):
                    finishStatement()
                    if !blocks.isEmpty { blocks.removeLast() }
                case .newline, .symbol(UInt8(ascii: ";")):
                    finishStatement()
                default:
                    statement.append(token)
                }
            }
        }

        /// The qualified name of the innermost open type body, when the innermost block is one.
        private var currentType: String? {
            if case .type(let name)? = blocks.last { return name }
            return blocks.isEmpty ? "" : nil
        }

        /// The statement's words after attributes and modifiers, with whether `static`/`class` was seen.
        private func declarationWords() -> (words: ArraySlice<Token>, isStatic: Bool) {
            var index = 0
            var isStatic = false
            while index < statement.count {
                switch statement[index] {
                case .symbol(UInt8(ascii: "@")):
                    index += 2  // `@attribute`
                    if index < statement.count, statement[index] == .symbol(UInt8(ascii: "(")) { index = skipParentheses(from: index) }
                // `class` is a modifier only before a member (`class func`), else it declares a class.
                case .identifier(let word) where Self.modifiers.contains(word) && (word != "class" || isMemberKeyword(at: index + 1)):
                    if word == "static" || word == "class" { isStatic = true }
                    index += 1
                    // `internal(set)`, `nonisolated(unsafe)`
                    if index < statement.count, statement[index] == .symbol(UInt8(ascii: "(")) { index = skipParentheses(from: index) }
                default:
                    return (statement[index...], isStatic)
                }
            }
            return (statement[statement.count...], isStatic)
        }

        private func isMemberKeyword(at index: Int) -> Bool {
            guard index < statement.count, case .identifier(let word) = statement[index] else { return false }
            return ["var", "let", "func"].contains(word)
        }

        private func skipParentheses(from start: Int) -> Int {
            var depth = 0
            var index = start
            while index < statement.count {
                if statement[index] == .symbol(UInt8(ascii: "(")) { depth += 1 }
                if statement[index] == .symbol(UInt8(ascii: ")")) {
                    depth -= 1
                    if depth == 0 { return index + 1 }
                }
                index += 1
            }
            return index
        }

        /// Records the declaration the current statement makes, if any, and returns the block a `{`
        /// after it opens.
        private mutating func openBlock() -> Block {
            defer { statement = [] }
            let (words, isStatic) = declarationWords()
            guard let first = words.first, case .identifier(let keyword) = first else { return .other }
            if Self.typeKeywords.contains(keyword) {
                guard words.count > 1, case .identifier(let name) = words[words.index(after: words.startIndex)] else { return .other }
                let enclosing = currentType ?? ""
                let qualified: String
                if keyword == "extension" {
                    qualified = name
                } else {
                    qualified = enclosing.isEmpty ? name : enclosing + "." + name
                    if currentType != nil { addMember(Member(name: name, kind: .type), to: enclosing) }
                }
                var scope = types[qualified] ?? TypeScope(name: qualified)
                scope.conformances += conformances(in: words.dropFirst(2))
                types[qualified] = scope
                return .type(qualified)
            }
            record(words, isStatic: isStatic)
            return .other
        }

        private mutating func finishStatement() {
            if !statement.isEmpty {
                let (words, isStatic) = declarationWords()
                record(words, isStatic: isStatic)
            }
            statement = []
        }

        /// `: A, B<C>, D where …` → `["A", "B", "D"]`.
        private func conformances(in words: ArraySlice<Token>) -> [String] {
            guard words.first == .symbol(UInt8(ascii: ":")) else { return [] }
            var result: [String] = []
            var depth = 0
            var expectName = true
            for token in words.dropFirst() {
                switch token {
                case .identifier("where") where depth == 0: return result
                case .symbol(UInt8(ascii: "<")): depth += 1
                case .symbol(UInt8(ascii: ">")): depth -= 1
                case .symbol(UInt8(ascii: ",")) where depth == 0: expectName = true
                case .identifier(let name) where expectName && depth == 0:
                    result.append(name)
                    expectName = false
                default: break
                }
            }
            return result
        }

        /// Records a member declared by `words` (modifiers already dropped) in the current type body.
        private mutating func record(_ words: ArraySlice<Token>, isStatic: Bool) {
            guard let first = words.first, case .identifier(let keyword) = first else { return }
            let rest = words.dropFirst()
            if keyword == "import", case .identifier(let module)? = rest.last { importedModules.insert(module) }
            if keyword == "func", rest.count > 1, rest[rest.index(after: rest.startIndex)] == .symbol(UInt8(ascii: "<")) {
                recordGenericParameters(rest.dropFirst())
            }
            guard let type = currentType, !type.isEmpty else { return }
            switch keyword {
            case "var", "let":
                if case .identifier(let name)? = rest.first { addMember(Member(name: name, kind: isStatic ? .typeMember : .instanceProperty), to: type) }
            case "case":
                // `case a, b = "x", c(Int)`: names after the start or a comma at depth 0.
                var depth = 0
                var expectName = true
                var pending: Member?
                for token in rest {
                    switch token {
                    case .symbol(UInt8(ascii: "(")): depth += 1
                    case .symbol(UInt8(ascii: ")")): depth -= 1
                    case .symbol(UInt8(ascii: ",")) where depth == 0:
                        if let member = pending { addMember(member, to: type) }
                        pending = nil
                        expectName = true
                    case .identifier(let name) where expectName && depth == 0:
                        pending = Member(name: name, kind: .typeMember)
                        expectName = false
                    case .string(let text) where depth == 0:
                        pending?.rawValue = text
                    default: expectName = false
                    }
                }
                if let member = pending { addMember(member, to: type) }
            case "func":
                if case .identifier(let name)? = rest.first { addMember(Member(name: name, kind: .function), to: type) }
            case "init", "subscript":
                addMember(Member(name: keyword, kind: .function), to: type)
            case "typealias", "associatedtype":
                if case .identifier(let name)? = rest.first { addMember(Member(name: name, kind: .type), to: type) }
            default:
                break
            }
        }

        /// `<Visitor: P, T>` after a function's name.
        private mutating func recordGenericParameters(_ words: ArraySlice<Token>) {
            var depth = 0
            var expectName = true
            for token in words {
                switch token {
                case .symbol(UInt8(ascii: "<")):
                    depth += 1
                    expectName = depth == 1
                case .symbol(UInt8(ascii: ">")):
                    depth -= 1
                    if depth == 0 { return }
                case .symbol(UInt8(ascii: ",")) where depth == 1: expectName = true
                case .identifier(let name) where expectName && depth == 1:
                    genericParameters.insert(name)
                    expectName = false
                default: expectName = false
                }
            }
        }

        private mutating func addMember(_ member: Member, to type: String) {
            var scope = types[type] ?? TypeScope(name: type)
            if !scope.members.contains(member) { scope.members.append(member) }
            types[type] = scope
        }
    }
}
