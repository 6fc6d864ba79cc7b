import Foundation
import HTTPTypes
import Testing

@testable import ResgenRuntime

/// 406 and 415 are their own `ClientError` kinds (issue 25, item 6), and when the refused media type
/// is JSON:API with an `ext` or `profile` (what a JSON:API 1.0 server refuses whatever it is), the error
/// says so.
@Suite struct MediaTypeRefusalTests {
    static let errors = #"{"errors": [{"status": "415", "title": "Unsupported media type"}]}"#

    static func refusal(_ status: HTTPResponse.Status, _ call: (Client) async throws -> Void) async -> ClientError? {
        let client = AtomicOperationsTests.client(AtomicCannedTransport(status: status, body: errors, contentType: JSONAPICodec.mediaType))
        do {
            try await call(client)
            Issue.record("a \(status.code) is an error")
        } catch let error as ClientError {
            return error
        } catch {
            Issue.record("not a ClientError: \(error)")
        }
        return nil
    }

    static func atomic(_ client: Client) async throws {
        var batch = AtomicBatch()
        batch.remove(Book.self, 1)
        _ = try await client.atomic(batch)
    }

    @Test func anAtomicRequestRefusedWith415NamesTheExtension() async throws {
        let error = try #require(await Self.refusal(.unsupportedMediaType, Self.atomic))
        #expect(error.kind == .unsupportedMediaType)
        #expect(error.status == .unsupportedMediaType)
        #expect(error.description.contains(#"ext="https://jsonapi.org/ext/atomic""#), "\(error)")
        #expect(error.description.contains("(Content-Type)"), "\(error)")
        #expect(error.description.contains("a JSON:API 1.0 server refuses every media type parameter"), "\(error)")
        #expect(error.serverError != nil, "the server's error document is kept")
    }

    @Test func anAtomicRequestRefusedWith406NamesTheExtension() async throws {
        let error = try #require(await Self.refusal(.notAcceptable, Self.atomic))
        #expect(error.kind == .notAcceptable)
        #expect(error.description.contains(#"ext="https://jsonapi.org/ext/atomic""#), "\(error)")
        #expect(error.description.contains("(Accept)"), "\(error)")
    }

    @Test func aPlainRequestRefusedIsItsKindWithoutADetail() async throws {
        let error = try #require(await Self.refusal(.unsupportedMediaType) { _ = try await $0.fetch(Book.list()) })
        #expect(error.kind == .unsupportedMediaType)
        #expect(error.detail == nil, "application/vnd.api+json has no parameter to blame")
        let other = try #require(await Self.refusal(.badRequest) { _ = try await $0.fetch(Book.list()) })
        #expect(other.kind == .unacceptableStatus)
    }

    @Test func parametersAreReadFromEachJSONAPIMediaType() {
        #expect(MediaTypeRefusal.jsonAPIParameters(#"application/json, application/vnd.api+json; profile="https://a.example/p"; q=0.5"#) == [#"profile="https://a.example/p""#])
        #expect(MediaTypeRefusal.jsonAPIParameters("application/vnd.api+json").isEmpty)
        #expect(MediaTypeRefusal.jsonAPIParameters("text/html; ext=1").isEmpty)
    }
}
