import Foundation

/// The scheme, host and port of a URL (RFC 6454): what credentials are bound to.
///
/// Two URLs have the same origin when all three match (host compared case-insensitively, default
/// ports filled in), so `https://api.example.com/x` and `https://API.example.com:443/y` share one, and
/// `http://…` or another port does not.
public struct Origin: Hashable, Sendable, CustomStringConvertible {
    /// `http` or `https`, lowercased.
    public var scheme: String
    /// The host, lowercased.
    public var host: String
    /// The port, explicit or the scheme's default.
    public var port: Int

    /// An origin by its parts: `Origin(scheme: "https", host: "cdn.example.com")` (port 443).
    ///
    /// - Parameters:
    ///   - scheme: `http` or `https` (any case).
    ///   - host: The host name or address (any case).
    ///   - port: The port; the scheme's default when nil.
    public init(scheme: String, host: String, port: Int? = nil) {
        self.scheme = scheme.lowercased()
        self.host = host.lowercased()
        self.port = port ?? Self.defaultPort(of: self.scheme)
    }

    /// The origin of `url`; nil when it has no scheme or host.
    public init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = url.port ?? Self.defaultPort(of: scheme)
    }

    private static func defaultPort(of scheme: String) -> Int {
        scheme == "https" ? 443 : scheme == "http" ? 80 : -1
    }

    /// `https://api.example.com:443`.
    public var description: String { "\(scheme)://\(host):\(port)" }
}
