/// A template resgen cannot render: it does not parse, it uses a construct the renderer does not
/// implement, or a tag leads to a value that cannot be printed. It names the template and, where the
/// text shows it, the tag's line and column; ``Pipeline`` reports it as an error diagnostic at the
/// template's file.
struct TemplateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The template's name (its file name without `.mustache`).
    var template: String
    /// The message, in the compiler's style.
    var message: String
    /// 1-based line of the tag, when known.
    var line: Int?
    /// 1-based column of the tag in UTF-8 bytes, when known.
    var column: Int?

    /// The error at the template's file: `file` (an override's path) or `<template>.mustache`.
    func diagnostic(file: String?) -> Diagnostic {
        .error(message, at: SourceLocation(file: file ?? "\(template).mustache", line: line ?? 1, column: column ?? 1))
    }

    var description: String { diagnostic(file: nil).description }
}

/// Every ``TemplateError`` of one render, each once, in the order of the files rendered.
struct TemplateErrors: Error, CustomStringConvertible {
    var errors: [TemplateError]

    var description: String { errors.map(\.description).joined(separator: "\n") }
}
