/// Why ``URLSessionTransport`` refused a request before sending it: the ``TransportError/underlying``
/// error of a ``TransportError`` with code ``TransportError/Code/invalidRequest``.
struct URLSessionTransportRefusal: Error, CustomStringConvertible {
    /// The reason, as a sentence fragment.
    package let description: String
}
