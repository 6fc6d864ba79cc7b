import HTTPTypes

/// A credential as it is sent: one header field, e.g. `Authorization: Bearer …`.
public struct Credential: Hashable, Sendable, CustomStringConvertible {
    /// The header the credential travels in.
    public var headerName: HTTPField.Name
    /// The header's value.
    public var value: String

    /// Creates a credential.
    public init(headerName: HTTPField.Name = .authorization, value: String) {
        self.headerName = headerName
        self.value = value
    }

    /// `Authorization: Bearer <token>`.
    public static func bearer(_ token: String) -> Credential { Credential(value: "Bearer \(token)") }

    /// The header name with the value redacted, for logs.
    public var description: String { "\(headerName): <redacted>" }
}

/// Where the auth middleware gets credentials from, and how it gets new ones after a 401.
public protocol CredentialProvider: Sendable {
    /// The credential to send now, or nil when there is none.
    func currentCredential() async throws -> Credential?
    /// Obtains a new credential after the server rejected `rejected` with 401; returns nil when
    /// none can be had. The middleware calls this once for any number of concurrent rejections.
    func refreshCredential(rejected: Credential?) async throws -> Credential?
}

/// A credential store in memory: holds the current credential and, optionally, a closure that gets
/// a new one (e.g. by using a refresh token).
public actor InMemoryCredentialStore: CredentialProvider {
    private var credential: Credential?
    private let refresh: (@Sendable (Credential?) async throws -> Credential?)?

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - credential: The initial credential.
    ///   - refresh: Gets a new credential after a 401; without it a 401 is final.
    public init(credential: Credential? = nil, refresh: (@Sendable (Credential?) async throws -> Credential?)? = nil) {
        self.credential = credential
        self.refresh = refresh
    }

    /// Replaces the credential (e.g. after a login).
    public func setCredential(_ credential: Credential?) { self.credential = credential }

    public func currentCredential() async throws -> Credential? { credential }

    public func refreshCredential(rejected: Credential?) async throws -> Credential? {
        guard let refresh else { return nil }
        let fresh = try await refresh(rejected)
        credential = fresh
        return fresh
    }
}
