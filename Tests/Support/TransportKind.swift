import ResgenAsyncHTTPClient
import ResgenRuntime
import Testing

/// The transports the loopback suites run against, as a test argument: each test that is about what
/// a transport does runs once per transport.
///
/// The few behaviours that differ between them, by what their HTTP stacks can do, are properties
/// here, so a test states the difference instead of skipping a transport.
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlSession = "URLSessionTransport"
    case asyncHTTPClient = "AsyncHTTPClientTransport"

    var testDescription: String { rawValue }

    /// A new transport of this kind.
    func make(maximumConnectionsPerHost: Int = 16, timeout: Duration = .seconds(60)) -> any Transport {
        switch self {
        case .urlSession:
            URLSessionTransport(configuration: .init(maximumConnectionsPerHost: maximumConnectionsPerHost, timeout: timeout))
        case .asyncHTTPClient:
            AsyncHTTPClientTransport(configuration: .init(maximumConnectionsPerHost: maximumConnectionsPerHost, timeout: timeout))
        }
    }

    /// Whether a stream body is sent with a `Content-Length` (collected to a file first, so a stream
    /// that fails sends nothing) rather than chunk by chunk as it comes.
    var sendsStreamsWithLength: Bool { self == .urlSession }

    /// Whether header fields with one name are joined into one (URLSession keeps them in a
    /// dictionary), rather than kept apart as sent.
    var joinsRepeatedFields: Bool { self == .urlSession }

    /// Whether a GET with a body is refused (URLSession cannot send one) rather than sent.
    var refusesGETWithBody: Bool { self == .urlSession }

    /// Whether a streamed body whose reader stops holds the server back (AsyncHTTPClient reads no
    /// further), rather than going on arriving into a temporary file (FoundationNetworking can hold no
    /// transfer back; see `ResponseStreamer`).
    var holdsBackAStoppedReader: Bool {
        #if canImport(FoundationNetworking)
            self == .asyncHTTPClient
        #else
            true
        #endif
    }
}
