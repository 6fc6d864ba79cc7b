/// One output file of the generator: a name relative to the output directory and its exact bytes.
public struct GeneratedFile: Hashable, Sendable {
    /// The first line of every generated file. `resgen generate` also knows its own earlier output by it
    /// (a file it no longer writes is removed only when it starts with this line).
    public static var notice: String { APIContext.notice }

    /// File name, e.g. `Blog+Models.swift`.
    public var name: String
    /// The file's text; always ends with one newline.
    public var contents: String

    /// Creates a generated file.
    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }

    /// Whether the file declares anything: a line that is not blank, not a `//` comment and not an
    /// import. A resource file no resource falls in, or `+Includes.swift` of an API without include sets,
    /// holds only the notice and the imports.
    ///
    /// Why it matters: the build plugin must write every file it declared before resgen ran, so it keeps
    /// such files; checked-in sources need not, and `generate` and `check` leave them out unless
    /// told to keep them (`--keep-empty-files`), so a repository holds only files with code in them.
    /// When unsure (a block comment, an unusual line) the file counts as holding code and is kept.
    public var holdsCode: Bool {
        contents.split(separator: "\n", omittingEmptySubsequences: true).contains { !Self.isNotCode($0) }
    }

    /// A blank line, a `//` comment or an import declaration (with attributes such as `@_spi(Generated)`
    /// and an access modifier before it).
    private static func isNotCode(_ line: Substring) -> Bool {
        var rest = line.drop(while: { $0 == " " || $0 == "\t" })
        if rest.isEmpty || rest.hasPrefix("//") { return true }
        // Attributes, then at most one access modifier, then `import `.
        while rest.hasPrefix("@") {
            guard let space = rest.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return false }
            rest = rest[space...].drop(while: { $0 == " " || $0 == "\t" })
        }
        for modifier in ["public ", "package ", "internal ", "fileprivate ", "private "] where rest.hasPrefix(modifier) {
            rest = rest.dropFirst(modifier.count).drop(while: { $0 == " " })
            break
        }
        return rest.hasPrefix("import ")
    }
}
