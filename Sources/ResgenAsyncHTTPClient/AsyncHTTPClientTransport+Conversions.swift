import AsyncHTTPClient
import Foundation
import HTTPTypes
import HTTPTypesFoundation
import NIOCore
import NIOPosix
import NIOHTTP1
import ResgenRuntimeCore

extension AsyncHTTPClientTransport {
    /// The `HTTPClientRequest` for `request`, without its body.
    ///
    /// Only `http` and `https` are sent: AsyncHTTPClient would also reach a Unix socket
    /// (`http+unix:`), which no link a server sends should be able to name.
    ///
    /// The URL is passed on as the string `request.url` would parse, not parsed into a `URL` first:
    /// AsyncHTTPClient parses it itself, and refuses one without a host (`emptyHost`, which
    /// ``translate(_:of:bodyFailure:)`` reports as ``ResgenRuntime/TransportError/Code/invalidRequest``).
    /// Parsing it twice cost ~1.3% of the CPU time of a sequential GET over loopback (perf).
    ///
    /// With `acceptingCompression`, a request without an `Accept-Encoding` field asks for
    /// `gzip, deflate` (as AsyncHTTPClient's decompressor would), which the transport then inflates.
    static func makeClientRequest(_ request: HTTPRequest, acceptingCompression: Bool = false) throws -> HTTPClientRequest {
        // The heads `request.url` has no URL for: no scheme, authority or path, CONNECT, and `OPTIONS *`.
        guard let scheme = request.scheme, let authority = request.authority, !authority.isEmpty,
            let path = request.path, request.method != .connect, !(request.method == .options && path == "*")
        else {
            throw invalid(request, "the request has no URL (it needs a scheme and an authority)")
        }
        guard scheme.lowercased() == "http" || scheme.lowercased() == "https" else {
            throw invalid(request, "only http and https URLs are sent")
        }
        var clientRequest = HTTPClientRequest(url: "\(scheme)://\(authority)\(path)")
        clientRequest.method = HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headerFields {
            clientRequest.headers.add(name: field.name.rawName, value: field.value)
        }
        if acceptingCompression, request.headerFields[.acceptEncoding] == nil {
            clientRequest.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
        }
        return clientRequest
    }

    /// The response head of `response`, whose fields keep the order and case the server sent them in
    /// (a field sent twice stays two fields).
    static func makeHTTPResponse(_ response: HTTPClientResponse, for request: HTTPRequest) throws -> HTTPResponse {
        let code = Int(response.status.code)
        guard (100...999).contains(code) else {
            throw TransportError(
                code: .badResponse,
                method: request.method,
                url: request.url,
                underlying: AsyncHTTPClientTransportRefusal(description: "the response status \(code) is not a three-digit code")
            )
        }
        var fields = HTTPFields()
        for header in response.headers {
            guard let name = HTTPField.Name(header.name) else { continue }
            fields.append(HTTPField(name: name, value: header.value))
        }
        return HTTPResponse(status: .init(code: code, reasonPhrase: response.status.reasonPhrase), headerFields: fields)
    }


    /// What `error`, thrown while sending `request`, means for the caller: `CancellationError` when
    /// the task was cancelled, a `TransportError` otherwise (with code
    /// `TransportError.Code.bodyUnavailable` when reading the request body failed).
    static func translate(_ error: any Error, of request: HTTPRequest, bodyFailure: (any Error)?) -> any Error {
        if Task.isCancelled || error is CancellationError || (error as? HTTPClientError) == .cancelled {
            return CancellationError()
        }
        if let error = error as? TransportError { return error }
        if let bodyFailure {
            return TransportError(code: .bodyUnavailable, method: request.method, url: request.url, underlying: bodyFailure)
        }
        return TransportError(code: code(for: error), method: request.method, url: request.url, underlying: error)
    }

    /// The `TransportError.Code` for an error AsyncHTTPClient or NIO reported.
    static func code(for error: any Error) -> TransportError.Code {
        if error is BodyInflater.Failure { return .badResponse }
        if let error = error as? HTTPClientError {
            switch error {
            case .readTimeout, .writeTimeout, .connectTimeout, .deadlineExceeded, .getConnectionFromPoolTimeout,
                .tlsHandshakeTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout:
                return .timedOut
            case .remoteConnectionClosed, .requestStreamCancelled:
                return .connectionLost
            case .invalidURL, .emptyScheme, .emptyHost, .missingSocketPath:
                return .invalidRequest
            default:
                return .other
            }
        }
        if error is NIOConnectionError { return .cannotConnect }
        if let error = error as? IOError, [ECONNREFUSED, EHOSTUNREACH, ENETUNREACH].contains(error.errnoCode) {
            return .cannotConnect
        }
        // NIOSSL's errors, without a dependency on NIOSSL for their type.
        if String(reflecting: type(of: error)).hasPrefix("NIOSSL.") { return .secureConnectionFailed }
        return .other
    }

    /// An `TransportError` with code `TransportError.Code.invalidRequest`.
    static func invalid(_ request: HTTPRequest, _ reason: String) -> TransportError {
        TransportError(
            code: .invalidRequest,
            method: request.method,
            url: request.url,
            underlying: AsyncHTTPClientTransportRefusal(description: reason)
        )
    }
}
