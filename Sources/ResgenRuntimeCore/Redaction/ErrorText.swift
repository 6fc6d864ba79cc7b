/// Text that goes into an error's description but was not written by the runtime: a server's problem
/// titles, an underlying error's description, a detail. Such text may spell URLs with secrets (a
/// `URLError` spells the request URL in full) and control characters (a server wrote them), and
/// descriptions end up in logs and terminals.
package enum ErrorText {
    /// `text` with every absolute URL redacted (``URLRedaction/text(_:redacting:)``) and its control
    /// characters escaped, newlines included: one line of the description.
    package static func line(_ text: String, redacting names: Set<String> = URLRedaction.defaultSensitiveQueryParameterNames) -> String {
        ControlCharacterEscaping.escaped(URLRedaction.text(text, redacting: names))
    }

    /// The description of `error`, made safe as ``line(_:redacting:)`` does, but keeping its newlines:
    /// the runtime's own errors (a ``ClientError`` with its server's errors, an `UnmatchedRequestError`
    /// with its routes) are lines on purpose, and escape what they quote themselves.
    package static func describe(_ error: any Error, redacting names: Set<String> = URLRedaction.defaultSensitiveQueryParameterNames) -> String {
        ControlCharacterEscaping.escaped(URLRedaction.text(String(describing: error), redacting: names), keepingNewlines: true)
    }
}
