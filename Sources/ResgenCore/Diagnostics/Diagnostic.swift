/// One message for the user about their schema or config, printed like a Swift compiler diagnostic:
/// `path:line:column: error: message`.
///
/// Messages follow the compiler's style: lowercase start, no final period, names in single quotes,
/// a hint after `;`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Hashable, Sendable, Comparable {
        case note, warning, error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        /// Orders notes below warnings below errors.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// Error, warning or note.
    public var severity: Severity
    /// The message, without location or severity.
    public var message: String
    /// Where the problem is, when it has a place in a file.
    public var location: SourceLocation?
    /// Notes printed after the diagnostic (e.g. where a clashing name was first declared).
    public var notes: [Diagnostic]

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    /// An error at `location`.
    public static func error(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(.error, message, at: location, notes: notes)
    }

    /// A warning at `location`.
    public static func warning(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(.warning, message, at: location, notes: notes)
    }

    /// A note at `location`, to attach to another diagnostic.
    public static func note(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.note, message, at: location)
    }

    /// The diagnostic and its notes, one per line, in the compiler's format.
    public var description: String {
        let head = location.map { "\($0): " } ?? ""
        let line = "\(head)\(severity.rawValue): \(message)"
        return ([line] + notes.map(\.description)).joined(separator: "\n")
    }
}
