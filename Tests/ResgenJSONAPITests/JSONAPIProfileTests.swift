import Foundation
import HTTPTypes
import Testing

@testable import ResgenRuntime

/// JSON:API 1.1 profiles (issue 25, item 5): asked for in `Accept`, sent in the `Content-Type` of
/// request documents, read back from the response, and the media type parameter rules (only `ext` and
/// `profile`, space-separated URIs, quoted).
@Suite struct JSONAPIProfileTests {
    static let timestamps = URL(string: "https://example.com/profiles/timestamps")!
    static let tag = #"{"data": {"type": "tags", "id": "swift", "attributes": {"name": "Swift"}}}"#

    static func client(_ transport: AtomicCannedTransport, requested: [URL] = [], sent: [URL] = []) -> Client {
        let codec = JSONAPICodec(api: Press.self, requestedProfiles: requested, sentProfiles: sent)
        return Client(api: Press.self, baseURL: URL(string: "https://api.example.com")!, transport: transport, configuration: .init(codec: codec))
    }

    @Test func theMediaTypeQuotesItsSpaceSeparatedURIsAndWritesNoOtherParameter() {
        #expect(JSONAPIMediaType().description == "application/vnd.api+json")
        #expect(JSONAPIMediaType(profiles: [Self.timestamps, CursorPagination.profile]).description
            == #"application/vnd.api+json;profile="https://example.com/profiles/timestamps http://jsonapi.org/profiles/ethanresnick/cursor-pagination/""#)
        let atomic = URL(string: "https://jsonapi.org/ext/atomic")!
        #expect(JSONAPIMediaType(extensions: [atomic], profiles: [Self.timestamps]).description
            == #"application/vnd.api+json;ext="https://jsonapi.org/ext/atomic";profile="https://example.com/profiles/timestamps""#)
        #expect(JSONAPIMediaType(extensions: [atomic]).description == Client.atomicMediaType, "the atomic media type is this type's")
    }

    @Test func acceptAsksForProfilesAndStillTakesTheBareMediaTypeButNeverWithAnExtension() {
        #expect(JSONAPIMediaType().acceptValue == "application/vnd.api+json")
        #expect(JSONAPIMediaType(profiles: [Self.timestamps]).acceptValue == #"application/vnd.api+json;profile="https://example.com/profiles/timestamps", application/vnd.api+json"#)
        let atomic = URL(string: "https://jsonapi.org/ext/atomic")!
        #expect(JSONAPIMediaType(extensions: [atomic], profiles: [Self.timestamps]).acceptValue.contains(", application/vnd.api+json") == false, "an extension is required, not asked for")
    }

    @Test func parsingRespectsQuotedStringsAndIgnoresOtherParameters() {
        let value = #"text/html;q=0.9, application/vnd.api+json; charset=utf-8; profile="https://a.example/p,1;x https://b.example/\"q\"", application/vnd.api+json;ext=https://e.example/x"#
        let types = JSONAPIMediaType.all(in: value)
        #expect(types.count == 2, "the comma and semicolon inside the quotes split nothing")
        #expect(types.first?.profiles.map(\.absoluteString) == ["https://a.example/p,1;x", "https://b.example/%22q%22"], "escaped quotes unescaped")
        #expect(types.last?.extensions.map(\.absoluteString) == ["https://e.example/x"], "an unquoted URI (no token, but servers write them) reads too")
        #expect(JSONAPIMediaType.profiles(inContentType: #"application/vnd.api+json;profile="https://a.example/1 https://a.example/2""#).count == 2)
        #expect(JSONAPIMediaType.profiles(inContentType: "application/json; profile=\"https://a.example/1\"").isEmpty, "only the JSON:API media type's")
        #expect(JSONAPIMediaType.profiles(inContentType: nil).isEmpty)
        let escaped = JSONAPIMediaType.quoted([URL(string: "https://a.example/x")!])
        #expect(MediaTypeHeader.parse("application/vnd.api+json;profile=" + escaped).first?.parameters.first?.value == "https://a.example/x")
    }

    @Test func aRefusedProfileWithACommaInsideTheQuotesIsNamedWhole() async throws {
        // Before the media type parser, the parameters were split at every `,` and `;`, quotes or not.
        let profile = URL(string: "https://a.example/p,1;x")!
        let transport = AtomicCannedTransport(status: .notAcceptable, body: MediaTypeRefusalTests.errors, contentType: JSONAPICodec.mediaType)
        do {
            _ = try await Self.client(transport, requested: [profile]).fetch(Tag.list())
            Issue.record("a 406 is an error")
        } catch let error as ClientError {
            #expect(error.kind == .notAcceptable)
            #expect(error.description.contains(#"profile="https://a.example/p,1;x" (Accept)"#), "\(error)")
        }
    }

    @Test func aBodyWithAProfileRefusedWith415NamesIt() async throws {
        let transport = AtomicCannedTransport(status: .unsupportedMediaType, body: MediaTypeRefusalTests.errors, contentType: JSONAPICodec.mediaType)
        do {
            _ = try await Self.client(transport, sent: [Self.timestamps]).create(Tag.create(), Tag.New(id: "swift", name: "Swift"))
            Issue.record("a 415 is an error")
        } catch let error as ClientError {
            #expect(error.kind == .unsupportedMediaType)
            #expect(error.description.contains(#"profile="https://example.com/profiles/timestamps" (Content-Type)"#), "\(error)")
        }
    }

    @Test func requestedProfilesGoInAcceptOfEveryCallAndSentProfilesInTheContentTypeOfBodies() async throws {
        let transport = AtomicCannedTransport(status: .ok, body: Self.tag, contentType: JSONAPICodec.mediaType)
        let client = Self.client(transport, requested: [Self.timestamps], sent: [Self.timestamps])
        _ = try await client.fetch(Tag.show("swift"))
        _ = try await client.create(Tag.create(), Tag.New(id: "swift", name: "Swift"))
        let accept = #"application/vnd.api+json;profile="https://example.com/profiles/timestamps", application/vnd.api+json"#
        let sent = #"application/vnd.api+json;profile="https://example.com/profiles/timestamps""#
        #expect(transport.requests.map { $0.0.headerFields[.accept] } == [accept, accept])
        #expect(transport.requests[0].0.headerFields[.contentType] == nil, "a GET sends no body")
        #expect(transport.requests[1].0.headerFields[.contentType] == sent)

        let linkage = AtomicCannedTransport(status: .noContent, body: "", contentType: JSONAPICodec.mediaType)
        _ = try await Self.client(linkage, sent: [Self.timestamps]).add(["json"], to: \Article.tags, of: Article.at(1))
        #expect(linkage.requests.first?.0.headerFields[.contentType] == sent, "relationship updates carry them too")
        #expect(linkage.requests.first?.0.headerFields[.accept] == "application/vnd.api+json", "none requested: the bare media type")
    }

    @Test func anAtomicRequestCarriesTheProfilesOnTheExtensionsMediaType() async throws {
        let transport = AtomicCannedTransport(body: AtomicOperationsTests.results)
        let codec = JSONAPICodec(api: Library.self, requestedProfiles: [Self.timestamps], sentProfiles: [CursorPagination.profile])
        let client = Client(baseURL: URL(string: "https://library.example.org/api")!, transport: transport, configuration: .init(codec: codec))
        var batch = AtomicBatch()
        batch.remove(Book.self, 1)
        _ = try? await client.atomic(batch)
        let request = try #require(transport.requests.first?.0)
        #expect(request.headerFields[.accept] == #"application/vnd.api+json;ext="https://jsonapi.org/ext/atomic";profile="https://example.com/profiles/timestamps""#, "no bare fallback: the extension is required")
        #expect(request.headerFields[.contentType] == #"application/vnd.api+json;ext="https://jsonapi.org/ext/atomic";profile="http://jsonapi.org/profiles/ethanresnick/cursor-pagination/""#)

        let plain = AtomicCannedTransport(body: AtomicOperationsTests.results)
        _ = try? await AtomicOperationsTests.client(plain).atomic(batch)
        #expect(plain.requests.first?.0.headerFields[.accept] == Client.atomicMediaType, "without profiles, the atomic media type as before")
        #expect(plain.requests.first?.0.headerFields[.contentType] == Client.atomicMediaType)
    }

    @Test func aCallsOwnAcceptOrContentTypeWins() async throws {
        let transport = AtomicCannedTransport(status: .ok, body: Self.tag, contentType: JSONAPICodec.mediaType)
        let client = Self.client(transport, requested: [Self.timestamps])
        let mine = JSONAPIMediaType(profiles: [CursorPagination.profile])
        _ = try await client.fetch(Tag.show("swift"), headers: [HeaderField(name: "Accept", value: mine.acceptValue)])
        _ = try await client.create(Tag.create(), Tag.New(id: "swift", name: "Swift"), headers: [HeaderField(name: "Content-Type", value: mine.description)])
        #expect(transport.requests[0].0.headerFields[.accept] == mine.acceptValue)
        #expect(transport.requests[1].0.headerFields[.contentType] == mine.description)
    }

    @Test func aFetchedDocumentSaysWhichProfilesTheServerApplied() async throws {
        let body = #"{"data": [], "jsonapi": {"version": "1.1", "profile": ["https://example.com/profiles/timestamps", "https://example.com/profiles/other"]}}"#
        let transport = AtomicCannedTransport(status: .ok, body: body, contentType: #"application/vnd.api+json; profile="https://example.com/profiles/timestamps""#)
        let document = try await Self.client(transport).fetchDocument(Tag.list())
        #expect(document.contentTypeProfiles == [Self.timestamps])
        #expect(document.appliedProfiles.map(\.absoluteString) == ["https://example.com/profiles/timestamps", "https://example.com/profiles/other"])
    }

    /// The body's profiles after the header's, each once, in the order first written; repeats are found
    /// in a set (a body can list many, and a search per URI would be quadratic in them).
    @Test func appliedProfilesAreTheHeadersThenTheBodysEachOnce() async throws {
        let uris = ["https://example.com/b", "https://example.com/profiles/timestamps", "https://example.com/c", "https://example.com/b"]
        let body = #"{"data": [], "jsonapi": {"version": "1.1", "profile": ["\#(uris.joined(separator: #"", ""#))"]}}"#
        let transport = AtomicCannedTransport(status: .ok, body: body, contentType: #"application/vnd.api+json; profile="https://example.com/profiles/timestamps""#)
        let document = try await Self.client(transport).fetchDocument(Tag.list())
        #expect(document.appliedProfiles.map(\.absoluteString) == ["https://example.com/profiles/timestamps", "https://example.com/b", "https://example.com/c"])
        let page = try await Self.client(transport).page(Tag.self, at: URL(string: "https://api.example.org/tags")!)
        #expect(page.appliedProfiles == document.appliedProfiles, "a page merges them alike")
    }
}
