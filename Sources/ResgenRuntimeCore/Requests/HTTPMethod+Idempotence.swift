extension HTTPMethod {
    /// GET, HEAD, OPTIONS, TRACE, PUT and DELETE (RFC 9110 §9.2.2).
    public var isIdempotent: Bool {
        ["GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE"].contains(rawValue)
    }
}
