/// Turns a `DecodingError` into the path of the value that failed, as a reader would write it:
/// `data[3].attributes.title`.
extension DecodingError {
    /// The coding path of the failure, including the missing key for `keyNotFound`.
    public var pathDescription: String {
        let (path, key): ([any CodingKey], (any CodingKey)?) =
            switch self {
            case .keyNotFound(let key, let context): (context.codingPath, key)
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context): (context.codingPath, nil)
            @unknown default: ([], nil)
            }
        var text = ""
        for component in path + (key.map { [$0] } ?? []) {
            if let index = component.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? component.stringValue : "." + component.stringValue
            }
        }
        return text.isEmpty ? "(root)" : text
    }

    /// The decoder's own explanation.
    public var debugSummary: String {
        switch self {
        case .keyNotFound(let key, _): "no value for key '\(key.stringValue)'"
        case .typeMismatch(let type, let context): "expected \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context): "expected \(type), found null: \(context.debugDescription)"
        case .dataCorrupted(let context): context.debugDescription
        @unknown default: String(describing: self)
        }
    }
}
