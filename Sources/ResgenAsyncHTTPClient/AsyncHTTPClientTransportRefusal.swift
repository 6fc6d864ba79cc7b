/// Why an ``AsyncHTTPClientTransport`` refused a request before sending it, or a response it got:
/// the `TransportError.underlying` error of such a failure.
struct AsyncHTTPClientTransportRefusal: Error, CustomStringConvertible, Sendable {
    /// A lowercase phrase, e.g. `only http and https URLs are sent`.
    var description: String
}
