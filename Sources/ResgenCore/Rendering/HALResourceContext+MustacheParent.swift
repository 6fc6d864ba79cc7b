import Mustache

extension HALResourceContext: MustacheParent {
    /// The value of the stored property called `name`.
    public func child(named name: String) -> Any? {
        switch name {
        case "halCodingKeys": halCodingKeys
        case "halDecodeStatements": halDecodeStatements
        case "halEncodeStatements": halEncodeStatements
        case "halRelationLines": halRelationLines
        default: nil
        }
    }
}
