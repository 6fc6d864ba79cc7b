

/// Everything `resgen` prints goes through here: text from a server (`infer`), a schema, a file name or
/// a file on disk may hold control characters, and printed raw, `ESC ]0;… BEL` would set the terminal's
/// window title and `ESC [2J` clear its screen.
///
/// C0 control characters but tab and newline, DEL and C1 are written as Swift spells them in a string
/// literal, `\u{1B}` (`\u001B` in JSON output, where only that spelling keeps the text valid JSON);
/// a backslash is not doubled, so escaping twice changes nothing. The function is the runtime's
/// `ControlCharacterEscaping`, which also escapes what a `ClientError` describes.
package enum TerminalText {
    /// `text` with its control characters escaped; its line breaks stay.
    static func escaped(_ text: String, spelling: ControlCharacterEscaping.Spelling = .swift) -> String {
        ControlCharacterEscaping.escaped(text, keepingNewlines: true, spelling: spelling)
    }

    /// `text` for one line: line breaks escaped too, so text read from a schema or a server cannot start
    /// a line that looks like one of ours.
    static func line(_ text: String) -> String {
        ControlCharacterEscaping.escaped(text)
    }

    /// Prints `text`, escaped, to standard output.
    static func print(_ text: String, terminator: String = "\n") {
        Swift.print(escaped(text), terminator: terminator)
    }

    /// Prints JSON text to standard output with the control characters JSON leaves as they are (DEL,
    /// C1) escaped as JSON spells them, so it stays valid JSON with the same value.
    static func printJSON(_ json: String, terminator: String = "\n") {
        Swift.print(escaped(json, spelling: .json), terminator: terminator)
    }
}
