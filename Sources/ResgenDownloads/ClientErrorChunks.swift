import Foundation
import HTTPTypes
import ResgenRuntimeCore

/// The chunks of a streamed body, with what reading them throws made into the client's errors: a
/// ``ClientError`` of kind ``ClientError/Kind/responseTooLarge`` for a body past its limit, of kind
/// ``ClientError/Kind/readerTooSlow`` for a reader the transport stopped waiting for, of kind
/// ``ClientError/Kind/transport`` (with the response's status) for a body that broke off;
/// `CancellationError` and ``ClientError``s as they are.
struct ClientErrorChunks: AsyncSequence, Sendable {
    typealias Element = Data

    let body: ResponseBody
    let request: ClientError.RequestSummary
    let response: HTTPResponse

    func makeAsyncIterator() -> Iterator {
        Iterator(base: body.makeAsyncIterator(), request: request, response: response)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: ResponseBody.AsyncIterator
        let request: ClientError.RequestSummary
        let response: HTTPResponse

        mutating func next() async throws -> Data? {
            do {
                return try await base.next()
            } catch {
                throw ClientErrorChunks.clientError(error, request: request, response: response)
            }
        }
    }

    /// `error`, thrown while reading the body of `response` to `request`, as the client throws it.
    static func clientError(_ error: any Error, request: ClientError.RequestSummary, response: HTTPResponse) -> any Error {
        switch error {
        case is CancellationError, is ClientError:
            return error
        case let error as SpillLimitError:
            return ClientError(
                kind: .readerTooSlow, request: request, status: response.status, headers: response.headerFields, detail: error.description,
                underlying: error)
        case let error as ResponseTooLargeError:
            return ClientError(
                kind: .responseTooLarge, request: request, status: response.status, headers: response.headerFields, detail: error.description,
                underlying: error)
        default:
            if Task.isCancelled { return CancellationError() }
            return ClientError(kind: .transport, request: request, status: response.status, headers: response.headerFields, underlying: error)
        }
    }
}
