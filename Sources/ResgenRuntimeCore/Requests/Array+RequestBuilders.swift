import Foundation

// Builders that generated requests use to collect optional parameters: a `nil` value adds nothing.

@_spi(Generated) extension Array where Element == QueryItem {
    /// Appends a query item for a value, or nothing when the value is `nil`.
    ///
    /// - Parameters:
    ///   - name: The item's name.
    ///   - value: The value, written with ``ParameterValue/parameterValue``.
    public mutating func append(_ name: String, _ value: (some ParameterValue)?) {
        guard let value else { return }
        append(QueryItem(name: name, value: value.parameterValue))
    }

    /// Appends one query item per value, all with the same name (`?tag=a&tag=b`), or nothing when the
    /// values are `nil`.
    ///
    /// - Parameters:
    ///   - name: The items' name.
    ///   - values: The values, in order.
    public mutating func append(_ name: String, _ values: [some ParameterValue]?) {
        guard let values else { return }
        append(contentsOf: values.map { QueryItem(name: name, value: $0.parameterValue) })
    }

    /// Appends one query item whose value is `values` joined with `separator` (`?filter[platform]=IOS,MAC_OS`),
    /// or nothing when the values are `nil` or empty (an empty filter would select nothing on some servers
    /// and everything on others, so it is not sent).
    ///
    /// - Parameters:
    ///   - name: The item's name.
    ///   - values: The values, in order.
    ///   - separator: What goes between two values.
    public mutating func append(_ name: String, joining values: [some ParameterValue]?, separator: String) {
        guard let values, !values.isEmpty else { return }
        append(QueryItem(name: name, value: values.map(\.parameterValue).joined(separator: separator)))
    }
}

@_spi(Generated) extension Array where Element == HeaderField {
    /// Appends a header field for a value, or nothing when the value is `nil`.
    ///
    /// - Parameters:
    ///   - name: The field's name.
    ///   - value: The value, written with ``ParameterValue/parameterValue``.
    public mutating func append(_ name: String, _ value: (some ParameterValue)?) {
        guard let value else { return }
        append(HeaderField(name: name, value: value.parameterValue))
    }
}

@_spi(Generated) extension Array where Element == MultipartPart {
    /// Appends a text part for a value, or nothing when the value is `nil`.
    ///
    /// The part has no file name and no content type; its bytes are the UTF-8 text of the value.
    ///
    /// - Parameters:
    ///   - name: The form field name.
    ///   - value: The value, written with ``ParameterValue/parameterValue``.
    public mutating func append(_ name: String, _ value: (some ParameterValue)?) {
        guard let value else { return }
        append(MultipartPart(name: name, content: .data(Data(value.parameterValue.utf8))))
    }

    /// Appends one text part per value, all with the same name, or nothing when the values are `nil`.
    ///
    /// - Parameters:
    ///   - name: The form field name.
    ///   - values: The values, in order.
    public mutating func append(_ name: String, _ values: [some ParameterValue]?) {
        guard let values else { return }
        for value in values { append(name, value) }
    }

    /// Appends a file part, or nothing when the file is `nil`.
    ///
    /// - Parameters:
    ///   - name: The form field name.
    ///   - file: The file, with its file name and content type.
    public mutating func append(_ name: String, _ file: MultipartFile?) {
        guard let file else { return }
        append(MultipartPart(name: name, filename: file.filename, contentType: file.contentType, content: file.content))
    }
}
