import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// The recorded answers of the polymorphic server (`Fixtures/polymorphic`): each is a valid JSON:API 1.0
/// document by the official JSON Schema, each request body a valid JSON:API request, and replaying the
/// recording against a fresh server gives the same answers, so the fixtures are the server's real shapes.
@Suite struct PolymorphicFixtureTests {
    @Test(.enabled(if: JSONAPISchemaChecker.isAvailable)) func everyRecordedDocumentIsValidJSONAPI() async throws {
        let manifest = try PolymorphicFixtures.manifest()
        let files = try manifest.filter(\.hasDocument).map { try PolymorphicFixtures.file($0.name) }
        #expect(files.count >= 40)
        let results = try await JSONAPISchemaChecker.check(files, against: JSONAPISchemaChecker.responseSchema)
        #expect(results.count == files.count)
        for (file, errors) in results.sorted(by: { $0.key < $1.key }) {
            #expect(errors.isEmpty, "\(URL(fileURLWithPath: file).lastPathComponent): \(errors.joined(separator: "; "))")
        }
    }

    @Test(.enabled(if: JSONAPISchemaChecker.isAvailable)) func everyRecordedRequestBodyIsValidJSONAPI() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("resgen-polymorphic-requests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var bySchema: [String: [URL]] = [:]
        for request in try PolymorphicFixtures.manifest() {
            guard let body = request.body else { continue }
            let file = folder.appendingPathComponent("\(request.name).json")
            try JSONEncoder().encode(body).write(to: file)
            let schema =
                request.path.contains("/relationships/") ? "update_relationship" : request.method == "POST" ? "create_resource" : "update_resource"
            bySchema[schema, default: []].append(file)
        }
        #expect(bySchema.keys.sorted() == ["create_resource", "update_relationship", "update_resource"])
        for (schema, files) in bySchema {
            for (file, errors) in try await JSONAPISchemaChecker.check(files, against: JSONAPISchemaChecker.requestSchema(schema)) {
                #expect(errors.isEmpty, "\(URL(fileURLWithPath: file).lastPathComponent) (\(schema)): \(errors.joined(separator: "; "))")
            }
        }
    }

    /// The whole recording, replayed in order on a freshly seeded server of its own per transport.
    @Test(.enabled(if: PolymorphicJSONAPIServer.isAvailable), arguments: TransportKind.allCases)
    func fixturesAreWhatTheServerAnswers(kind: TransportKind) async throws {
        let server = try await PolymorphicJSONAPIServer.start()
        defer { server.terminate() }
        let client = Client(baseURL: server.baseURL, transport: kind.make())
        let host = try #require(server.baseURL.host).appending(":\(try #require(server.baseURL.port))")
        for request in try PolymorphicFixtures.manifest() {
            let answer = try await client.jsonapi(HTTPMethod(rawValue: request.method), request.path, body: request.body)
            #expect(answer.status == request.status, "\(request.name)")
            guard request.hasDocument else {
                #expect(answer.document == nil, "\(request.name)")
                continue
            }
            let live = answer.document.map { $0.replacingInStrings(host, with: "127.0.0.1:8000") }
            #expect(live == (try PolymorphicFixtures.document(request.name)), "\(request.name): re-record with `make polymorphic-fixtures`")
        }
    }
}

extension JSONValue {
    /// This value with `text` replaced by `replacement` in every string in it.
    func replacingInStrings(_ text: String, with replacement: String) -> JSONValue {
        switch self {
        case .string(let string): .string(string.replacingOccurrences(of: text, with: replacement))
        case .array(let elements): .array(elements.map { $0.replacingInStrings(text, with: replacement) })
        case .object(let members): .object(members.mapValues { $0.replacingInStrings(text, with: replacement) })
        case .null, .bool, .number: self
        }
    }
}
