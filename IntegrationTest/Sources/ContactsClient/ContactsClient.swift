// Handwritten code next to the generated client (generated at build time by ResgenBuildPlugin).

import ResgenRuntime

extension Contact {
    /// The name with the e-mail address, when there is one.
    public var displayName: String {
        email.map { "\(name) <\($0)>" } ?? name
    }
}
