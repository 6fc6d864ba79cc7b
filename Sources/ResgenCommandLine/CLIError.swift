/// A problem with the files or folders the user named, as opposed to a problem inside a schema
/// (those are ``Diagnostic``s). The CLI prints it as `error: <description>` and exits with 1.
package enum CLIError: Error, Equatable, CustomStringConvertible {
    /// A schema path that does not exist.
    case noSuchFile(String)
    /// A file named as a schema whose extension is not `.yml`, `.yaml` or `.json`.
    case notASchemaFile(String)
    /// A schema directory without any schema file.
    case noSchemaFiles(inDirectory: String)
    /// A path that should be a directory but is a file.
    case notADirectory(String)
    /// A file or directory that could not be read.
    case cannotRead(String, reason: String)
    /// A file that could not be written.
    case cannotWrite(String, reason: String)
    /// A directory that could not be created.
    case cannotCreateDirectory(String, reason: String)
    /// A generated file name that would land outside the output directory.
    case unsafeFileName(String)

    package var description: String {
        switch self {
        case .noSuchFile(let path):
            "no such file or directory: '\(path)'"
        case .notASchemaFile(let path):
            "'\(path)' is not a schema file; expected a '.yml', '.yaml' or '.json' file, or a directory of them"
        case .noSchemaFiles(let directory):
            "no schema files ('.yml', '.yaml', '.json') in directory '\(directory)'"
        case .notADirectory(let path):
            "'\(path)' is not a directory"
        case .cannotRead(let path, let reason):
            "cannot read '\(path)': \(reason)"
        case .cannotWrite(let path, let reason):
            "cannot write '\(path)': \(reason)"
        case .cannotCreateDirectory(let path, let reason):
            "cannot create directory '\(path)': \(reason)"
        case .unsafeFileName(let name):
            "generated file name '\(name)' is not a relative path inside the output directory"
        }
    }
}
