import Foundation

/// The scheme, host and port of a URL (RFC 6454): what credentials are bound to.
///
/// Two URLs have the same origin when all three match (host compared case-insensitively, default
/// ports filled in), so `https://api.example.com/x` and `https://API.example.com:443/y` share one, and
/// `http://…` or another port does not.
///
/// Trust is per origin, never per path: an origin in ``Client/Configuration/trustedOrigins`` covers
/// every path on it. So the initializers meant for configuration refuse what would suggest otherwise,
/// or what no request URL can ever have, and stop the program with a message saying what to write
/// instead (a wrong origin is a programming error, found the first time the code runs):
/// - ``init(scheme:host:port:)`` refuses a host no URL reports, such as `"host:8443"` (the port goes in
///   `port:`), `"[::1]"` (write IPv6 addresses as `URL.host` reports them, without brackets: `"::1"`),
///   `"api.example.com/v1"`, or `"bücher.de"` (`URL` turns it into `"xn--bcher-kva.de"`); and a scheme
///   other than `http` or `https`, or a port outside 1...65535.
/// - ``init(_:)`` refuses a URL with a path, a query or a fragment
///   (`https://api.example.com/v1`): it would trust all of `https://api.example.com`.
///
/// ``init(of:)`` takes the origin of any URL, path and all, without refusing anything: it is the one to
/// use for comparing where URLs lead, and for a URL read at run time.
public struct Origin: Hashable, Sendable, CustomStringConvertible {
    /// `http` or `https`, lowercased.
    public var scheme: String
    /// The host, lowercased, as `URL.host` reports it (an IPv6 address without brackets).
    public var host: String
    /// The port, explicit or the scheme's default.
    public var port: Int

    /// An origin by its parts: `Origin(scheme: "https", host: "cdn.example.com")` (port 443).
    ///
    /// Stops the program, with a message naming the fix, when no request URL can have this origin (see
    /// the type's discussion): `Origin(scheme: "http", host: "localhost:8080")` must be written
    /// `Origin(scheme: "http", host: "localhost", port: 8080)`, and `host: "[::1]"` as `host: "::1"`.
    ///
    /// - Parameters:
    ///   - scheme: `http` or `https` (any case).
    ///   - host: The host name or address (any case), as `URL.host` reports it: no port, no brackets
    ///     around an IPv6 address, an internationalized name in its `xn--` form.
    ///   - port: The port, in 1...65535; the scheme's default when nil.
    public init(scheme: String, host: String, port: Int? = nil) {
        let scheme = scheme.lowercased()
        if let problem = Self.problem(scheme: scheme, host: host, port: port) { fatalError(problem) }
        self.scheme = scheme
        self.host = host.lowercased()
        self.port = port ?? Self.defaultPort(of: scheme)
    }

    /// The origin named by `url`, which names only an origin (`https://cdn.example.com`, with or without
    /// a `/` and a port); nil when it has no scheme or host.
    ///
    /// Stops the program when `url` has a path, a query or a fragment: `https://api.example.com/v1`
    /// would trust every path of `https://api.example.com`, not only `/v1`. For the origin of any URL,
    /// use ``init(of:)``.
    ///
    /// - Parameter url: A URL without path, query or fragment.
    public init?(_ url: URL) {
        guard let origin = Origin(of: url) else { return nil }
        let extra = [
            ["", "/"].contains(url.path(percentEncoded: true)) ? nil : "a path",
            url.query == nil ? nil : "a query",
            url.fragment == nil ? nil : "a fragment",
        ].compactMap(\.self)
        if let first = extra.first {
            // The URL itself is left out of the message: its path or query may hold a secret.
            fatalError(
                "Origin(_:) was given a URL of \(origin) with \(first); an origin is trusted on every path, so pass "
                    + "'\(origin.scheme)://\(origin.authority)' alone, or use Origin(of:) for the origin of any URL")
        }
        self = origin
    }

    /// The origin a request to `url` goes to, whatever its path, query or fragment; nil when it has no
    /// scheme or host.
    ///
    /// The origin of `https://api.example.com/v1/articles?page=2` is `https://api.example.com:443`. Use
    /// it to compare where URLs lead (as a middleware does with ``MiddlewareContext/url``); to name an
    /// origin to trust, prefer ``init(scheme:host:port:)`` or ``init(_:)``, which refuse what would not
    /// mean what it says.
    ///
    /// - Parameter url: Any URL.
    public init?(of url: URL) {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        self.scheme = scheme
        self.host = host
        self.port = url.port ?? Self.defaultPort(of: scheme)
    }

    private static func defaultPort(of scheme: String) -> Int {
        scheme == "https" ? 443 : scheme == "http" ? 80 : -1
    }

    /// `host:port`, with an IPv6 address in brackets: `[::1]:8080`.
    private var authority: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// `https://api.example.com:443`.
    public var description: String { "\(scheme)://\(host):\(port)" }
}

extension Origin {
    /// Why no request URL can have the origin `scheme`, `host`, `port`, as a message naming the fix; nil
    /// when one can. A host can match when it is an IPv6 address or has no `:`, and a URL written with
    /// it reports it back from `URL.host` (Foundation does not check the address inside brackets).
    package static func problem(scheme: String, host: String, port: Int?) -> String? {
        guard scheme == "http" || scheme == "https" else {
            return "Origin scheme '\(scheme)' is neither 'http' nor 'https'; no request goes there"
        }
        if let port, !(1...65535).contains(port) { return "Origin port \(port) is outside 1...65535" }
        guard !host.isEmpty else { return "Origin host is empty" }
        var reported: String?
        if !host.contains(":") || isIPv6Address(host) {
            // An IPv6 address is written in brackets in a URL; its zone (`%eth0`) is percent-encoded there.
            let written = host.contains(":") ? "[\(host.replacingOccurrences(of: "%", with: "%25"))]" : host
            reported = URL(string: "\(scheme)://\(written)/")?.host
            if let reported, reported.lowercased() == host.lowercased() { return nil }
        }
        if host.hasPrefix("["), host.hasSuffix("]") {
            return "Origin host '\(host)' is in brackets; write an IPv6 address as URL.host reports it: "
                + "'\(host.dropFirst().dropLast())'"
        }
        if let colon = host.lastIndex(of: ":"), let number = Int(host[host.index(after: colon)...]) {
            return "Origin host '\(host)' has a port; write Origin(scheme: \"\(scheme)\", host: \"\(host[..<colon])\", "
                + "port: \(number))"
        }
        if let reported {
            return "Origin host '\(host)' can never match a request: a URL written with it has the host '\(reported)'"
        }
        return "Origin host '\(host)' is not a host a URL can have"
    }

    /// Whether `text` is an IPv6 address in RFC 4291's text form (`::1`, `fe80::1`, `::ffff:1.2.3.4`),
    /// optionally with a zone (`fe80::1%eth0`).
    package static func isIPv6Address(_ text: String) -> Bool {
        var address = Substring(text)
        if let percent = address.firstIndex(of: "%") {
            guard address.index(after: percent) < address.endIndex else { return false }
            address = address[..<percent]
        }
        let halves = address.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        var groupCount = 0
        for (halfIndex, half) in halves.enumerated() where !half.isEmpty {
            let groups = half.split(separator: ":", omittingEmptySubsequences: false)
            for (index, group) in groups.enumerated() {
                if halfIndex == halves.count - 1, index == groups.count - 1, group.contains(".") {
                    guard isIPv4Address(group) else { return false }
                    groupCount += 2
                } else {
                    let isHex = group.allSatisfy { $0.isASCII && $0.isHexDigit }
                    guard (1...4).contains(group.count), isHex else { return false }
                    groupCount += 1
                }
            }
        }
        return halves.count == 2 ? groupCount <= 7 : groupCount == 8
    }

    /// Whether `text` is a dotted-decimal IPv4 address (`127.0.0.1`).
    private static func isIPv4Address(_ text: Substring) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                (1...3).contains(part.count) && part.allSatisfy { $0.isASCII && $0.isNumber }
                    && (Int(part) ?? 256) <= 255
            }
    }
}
