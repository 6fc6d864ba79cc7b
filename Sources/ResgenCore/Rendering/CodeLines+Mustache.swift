import Mustache

/// How templates see a ``CodeLines`` block: as a section value that is "null" when empty, rendered
/// either as is (`{{{.}}}`, lines joined at column 0) or through the `indentN` transform
/// (`{{{indent8(.)}}}`), for any N.
extension CodeLines: MustacheCustomRenderable, MustacheTransformable {
    public var renderText: String { text(indentation: 0) }

    /// An empty block makes `{{#block}}…{{/block}}` render nothing, and `{{^block}}` render.
    public var isNull: Bool { lines.isEmpty }

    /// `indent4`, `indent8`, …: the block with every non-empty line indented that many spaces.
    public func transform(_ name: String) -> Any? {
        guard name.hasPrefix("indent"), let width = Int(name.dropFirst("indent".count)), width >= 0 else { return nil }
        return text(indentation: width)
    }
}
