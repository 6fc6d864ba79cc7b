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
}
