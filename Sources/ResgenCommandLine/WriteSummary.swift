/// The one-line report of a command that writes files: `wrote 2 of 4 files to out (2 unchanged)`.
package struct WriteSummary: CustomStringConvertible {
    /// Files created or replaced.
    var written: Int
    /// Files the command produced, written or not.
    var total: Int
    /// What the files are, singular (`file`, `template`).
    var noun: String
    /// Where they went, as the user typed it.
    var directory: String

    package var description: String {
        let unchanged = total - written
        let summary = "wrote \(written) of \(total) \(noun)\(total == 1 ? "" : "s") to \(directory)"
        return unchanged > 0 ? "\(summary) (\(unchanged) unchanged)" : summary
    }
}
