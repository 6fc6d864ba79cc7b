import Foundation
import HTTPTypes

/// The header names credentials travel under on one client's requests, so that logs can redact them.
///
/// ``AuthMiddleware`` records the field of every credential it attaches, before the request moves on
/// down the chain; ``LoggingMiddleware`` redacts every recorded name, wherever it stands in the chain. A
/// middleware of your own that attaches secrets records its fields the same way, through
/// ``MiddlewareContext/credentialFieldNames``. The client's ``Client/Configuration/sensitiveHeaderNames``
/// are redacted too, without being recorded here.
public final class CredentialFieldNames: @unchecked Sendable {
    // @unchecked: `names` is only touched under `lock`.
    private let lock = NSLock()
    private var names: Set<HTTPField.Name> = []

    /// Creates an empty set of names.
    public init() {}

    /// Records that `name` carries a credential.
    public func insert(_ name: HTTPField.Name) {
        lock.withLock { _ = names.insert(name) }
    }

    /// Whether no credential was ever attached.
    package var isEmpty: Bool {
        lock.withLock { names.isEmpty }
    }

    /// Whether a credential was ever attached under `name` (compared case-insensitively).
    public func contains(_ name: HTTPField.Name) -> Bool {
        lock.withLock { names.contains(name) }
    }
}
