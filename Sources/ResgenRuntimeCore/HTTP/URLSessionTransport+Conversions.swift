import Foundation
import HTTPTypes
import HTTPTypesFoundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTransport {
    /// The response head of `response`, or nil for a status outside 0...999.
    ///
    /// `URLSession` keeps header fields in a dictionary: a field the server sent twice arrives
    /// once, its values joined by `, ` (what RFC 9110 allows for every field but `Set-Cookie`), and
    /// the order the server sent them in is lost. The fields are therefore sorted by name, so the
    /// same response always reads the same. Names keep the case the server sent.
    package static func makeHTTPResponse(_ response: HTTPURLResponse) -> HTTPResponse? {
        guard var head = response.httpResponse else { return nil }
        head.headerFields = HTTPFields(head.headerFields.sorted { $0.name.canonicalName < $1.name.canonicalName })
        return head
    }

    /// What a finished `URLSessionTask` means for the caller: the response and its body, the
    /// ``TransportError`` for `error`, or `CancellationError` for a cancelled task.
    package static func outcome(
        of request: HTTPRequest,
        data: Data?,
        response: URLResponse?,
        error: (any Error)?
    ) -> Result<(HTTPResponse, Data), any Error> {
        if let error {
            if let urlError = error as? URLError, urlError.code == .cancelled {
                return .failure(CancellationError())
            }
            return .failure(
                TransportError(code: code(for: error), method: request.method, url: request.url, underlying: error)
            )
        }
        guard let response = response as? HTTPURLResponse, let head = makeHTTPResponse(response) else {
            return .failure(
                TransportError(
                    code: .badResponse,
                    method: request.method,
                    url: request.url,
                    underlying: URLError(.badServerResponse)
                )
            )
        }
        return .success((head, data ?? Data()))
    }

    /// The ``TransportError/Code`` for an error `URLSession` reported.
    package static func code(for error: any Error) -> TransportError.Code {
        guard let error = error as? URLError else { return .other }
        switch error.code {
        case .timedOut:
            return .timedOut
        case .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed, .notConnectedToInternet,
            .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            return .cannotConnect
        case .networkConnectionLost:
            return .connectionLost
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired:
            return .secureConnectionFailed
        case .badURL, .unsupportedURL:
            return .invalidRequest
        case .fileDoesNotExist, .noPermissionsToReadFile, .requestBodyStreamExhausted:
            return .bodyUnavailable
        case .badServerResponse, .cannotDecodeRawData, .cannotDecodeContentData, .cannotParseResponse,
            .dataLengthExceedsMaximum, .zeroByteResource:
            return .badResponse
        default:
            return .other
        }
    }
}
