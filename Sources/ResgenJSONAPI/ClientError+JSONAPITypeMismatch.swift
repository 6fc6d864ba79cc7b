@_spi(Generated) import ResgenRuntimeCore

extension ClientError {
    /// The ``JSONAPITypeMismatch`` this decoding error is about, if it is one: a member of the response
    /// whose `type` the schema does not allow where it stands (``codingPath`` says where).
    public var jsonAPITypeMismatch: JSONAPITypeMismatch? {
        guard kind == .decoding, case .dataCorrupted(let context) = underlying as? DecodingError else { return nil }
        return context.underlyingError as? JSONAPITypeMismatch
    }
}
