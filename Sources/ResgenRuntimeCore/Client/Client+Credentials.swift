import Foundation

/// Whether a client's requests carry credentials, for what keeps responses (the resource store's
/// file) and must not keep one user's answers where another could read them.
extension Client {
    /// Whether this client's requests carry credentials: a credential a middleware attached
    /// (``AuthMiddleware`` records the field it uses in ``credentialFieldNames``), or a default header
    /// field the configuration names sensitive (`Authorization`, `Cookie`, …).
    package var sendsCredentials: Bool {
        !credentialFieldNames.isEmpty || carriesCredentials(configuration.defaultHeaders)
    }

    /// Whether `headers` hold a field the configuration names sensitive.
    package func carriesCredentials(_ headers: [HeaderField]) -> Bool {
        headers.contains { configuration.sensitiveHeaderNames.contains($0.name.lowercased()) }
    }
}
