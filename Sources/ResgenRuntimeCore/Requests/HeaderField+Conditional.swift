import Foundation

/// The conditional request fields a caller sets with an ``EntityTag`` it got from a response.
extension HeaderField {
    /// `If-Match: <tag>`: the write applies only if the resource still has this representation;
    /// otherwise the server answers `412` (a ``ClientError`` of kind ``ClientError/Kind/preconditionFailed``).
    /// Pass a strong tag: `If-Match` compares strongly, so a weak one (``EntityTag/isWeak``) is always a `412`.
    public static func ifMatch(_ tag: EntityTag) -> HeaderField { HeaderField(name: "If-Match", value: tag.description) }

    /// `If-None-Match: <tag>`: a read answered `304 Not Modified` when the representation still has this tag.
    public static func ifNoneMatch(_ tag: EntityTag) -> HeaderField { HeaderField(name: "If-None-Match", value: tag.description) }
}
