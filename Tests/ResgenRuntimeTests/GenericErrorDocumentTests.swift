import Foundation
import HTTPTypes
import Testing

@_spi(Generated) @testable import ResgenRuntime

/// Error bodies in a framework's own JSON rather than the API's error format (issue 49, item 4): read by
/// their shape into `ServerErrorDocument.other`, their messages in the `ClientError`'s description, under
/// plain JSON and under the JSON:API media type alike, with the same statuses.
@Suite struct GenericErrorDocumentTests {
    /// The media types a JSON API answers errors with, whatever shape the body has.
    static let contentTypes = ["application/json", "application/vnd.api+json", "application/json; charset=utf-8"]

    /// One shape: a body, the status a real server answers it with, and the lines its document shows.
    struct Shape: Sendable, CustomTestStringConvertible {
        var name: String
        var status: Int
        var body: String
        var summaries: [String]
        var testDescription: String { name }
    }

    static let shapes: [Shape] = [
        // The body of the issue: not JSON:API error objects, though under the JSON:API media type.
        Shape(
            name: "errors of objects with a top-level attr", status: 400,
            body: #"{"attr": "station_id", "errors": [{"error": "no station 99", "type": "ValueError"}]}"#,
            summaries: ["station_id: no station 99"]),
        Shape(
            name: "FastAPI validation", status: 422,
            body: #"{"detail": [{"type": "missing", "loc": ["body", "name"], "msg": "Field required", "input": {}}, {"type": "int_parsing", "loc": ["query", "page", 0], "msg": "Input should be a valid integer"}]}"#,
            summaries: ["body.name: Field required", "query.page.0: Input should be a valid integer"]),
        Shape(
            name: "django-ninja validation", status: 422,
            body: #"{"detail": [{"type": "missing", "loc": ["body", "payload", "title"], "msg": "Field required"}]}"#,
            summaries: ["body.payload.title: Field required"]),
        Shape(name: "detail as text", status: 404, body: #"{"detail": "Not found."}"#, summaries: ["Not found."]),
        Shape(
            name: "Django REST framework fields", status: 400,
            body: #"{"title": ["This field is required."], "non_field_errors": ["The fields a, b must make a unique set."], "email": ["Enter a valid email address.", "Too long."]}"#,
            summaries: [
                "The fields a, b must make a unique set.", "email: Enter a valid email address.", "email: Too long.",
                "title: This field is required.",
            ]),
        Shape(
            name: "Django REST framework nested serializers", status: 400,
            body: #"{"address": {"city": ["This field may not be blank."]}, "items": [{}, {"quantity": ["Ensure this value is greater than 0."]}]}"#,
            summaries: ["address.city: This field may not be blank.", "items.1.quantity: Ensure this value is greater than 0."]),
        Shape(name: "error as text", status: 400, body: #"{"error": "no station 99"}"#, summaries: ["no station 99"]),
        Shape(
            name: "error as an object", status: 400,
            body: #"{"error": {"code": 400, "message": "API key not valid", "errors": [{"message": "Invalid key", "reason": "badRequest"}]}}"#,
            summaries: ["API key not valid", "Invalid key"]),
        Shape(
            name: "OAuth 2 error", status: 400, body: #"{"error": "invalid_grant", "error_description": "The code has expired"}"#,
            summaries: ["invalid_grant: The code has expired"]),
        Shape(name: "message", status: 409, body: #"{"message": "Station is busy"}"#, summaries: ["Station is busy"]),
        Shape(name: "errors of strings", status: 400, body: #"{"errors": ["name is required", "age must be positive"]}"#, summaries: ["name is required", "age must be positive"]),
        Shape(
            name: "errors of objects with fields", status: 422,
            body: #"{"message": "Validation Failed", "errors": [{"field": "title", "message": "is missing"}, {"msg": "too short", "loc": ["body", "name"]}, {"error": "This field is required.", "attr": "email"}, {"reason": "no text"}]}"#,
            summaries: ["Validation Failed", "title: is missing", "body.name: too short", "email: This field is required."]),
        Shape(
            name: "errors as a field map (Rails, Laravel)", status: 422,
            body: #"{"message": "The name field is required.", "errors": {"name": ["The name field is required."]}}"#,
            summaries: ["The name field is required.", "name: The name field is required."]),
        Shape(name: "an array of strings", status: 400, body: #"["This is not allowed."]"#, summaries: ["This is not allowed."]),
    ]

    static let cases: [(Shape, String)] = shapes.flatMap { shape in contentTypes.map { (shape, $0) } }

    @Test(arguments: cases) func eachShapeReachesTheErrorsDescription(shape: Shape, contentType: String) async throws {
        let document = ServerErrorDocument.decode(Data(shape.body.utf8), contentType: contentType)
        guard case .other(let generic)? = document else {
            Issue.record("expected .other, got \(String(describing: document))")
            return
        }
        #expect(generic.summaries == shape.summaries)
        let transport = FakeTransport(status: shape.status, json: shape.body, headers: [.contentType: contentType])
        let client = Client(baseURL: URL(string: "https://api.example.com")!, transport: transport)
        let error = await #expect(throws: ClientError.self) { _ = try await client.request(.post, URL(string: "https://api.example.com/stations")!) }
        let thrown = try #require(error)
        #expect(thrown.status?.code == shape.status)
        #expect(thrown.serverError == document)
        for line in shape.summaries { #expect(thrown.description.contains("\n  " + line), "\(thrown.description)") }
    }

    /// JSON:API error objects stay JSON:API when one of them has a JSON:API member, even beside objects
    /// with none; and a body whose `errors` hold none is not JSON:API, under either media type.
    @Test func jsonAPIErrorsNeedAJSONAPIMember() {
        for contentType in Self.contentTypes {
            let mixed = ServerErrorDocument.decode(Data(#"{"errors": [{"error": "x"}, {"detail": "title is blank"}]}"#.utf8), contentType: contentType)
            #expect(mixed?.summaries == ["error", "title is blank"], "\(contentType)")
            guard case .jsonAPI = mixed else {
                Issue.record("expected JSON:API errors under \(contentType), got \(String(describing: mixed))")
                continue
            }
            let none = ServerErrorDocument.decode(Data(#"{"errors": [{"error": "x", "type": "ValueError"}]}"#.utf8), contentType: contentType)
            #expect(none == .other(GenericErrorDocument(messages: [.init("x")])), "\(contentType)")
        }
        // An empty `errors` under the JSON:API media type is still JSON:API (nothing to misread); as plain
        // JSON it is no document, as before.
        #expect(ServerErrorDocument.decode(Data(#"{"errors": []}"#.utf8), contentType: "application/vnd.api+json") == .jsonAPI([]))
        #expect(ServerErrorDocument.decode(Data(#"{"errors": []}"#.utf8), contentType: "application/json") == nil)
    }

    /// The marked forms keep their readings: problem details (by media type, or by `title`/`type` in plain
    /// JSON), vnd.error (by media type, or with a `logref` or nested errors); a vnd.error with a message
    /// alone reads as `.other`, with the same line.
    @Test func markedFormsKeepTheirReadings() {
        let problem = #"{"type": "about:blank", "title": "Bad", "status": 400, "detail": "no"}"#
        for contentType in ["application/problem+json", "application/json"] {
            #expect(ServerErrorDocument.decode(Data(problem.utf8), contentType: contentType) == .problem(ProblemDetails(type: "about:blank", title: "Bad", status: 400, detail: "no")))
        }
        let vnd = #"{"message": "Order not found", "logref": 42}"#
        for contentType in ["application/vnd.error+json", "application/json"] {
            #expect(ServerErrorDocument.decode(Data(vnd.utf8), contentType: contentType) == .vndError(VndError(message: "Order not found", logref: "42")))
        }
        #expect(ServerErrorDocument.decode(Data(#"{"message": "Order not found"}"#.utf8), contentType: "application/json")?.summaries == ["Order not found"])
    }

    /// A validation problem lists what failed in its `errors` extension member (ASP.NET Core's
    /// `ValidationProblemDetails`, arrays of objects elsewhere): the problem keeps its members, and the
    /// messages follow its headline in the description.
    @Test func aProblemsErrorsMemberReachesTheDescription() async throws {
        let aspNet = #"{"type": "https://tools.ietf.org/html/rfc9110#section-15.5.1", "title": "One or more validation errors occurred.", "status": 400, "errors": {"Name": ["The Name field is required."], "Age": ["The field Age must be between 0 and 150."]}, "traceId": "00-1"}"#
        for contentType in ["application/problem+json", "application/json"] {
            let document = ServerErrorDocument.decode(Data(aspNet.utf8), contentType: contentType)
            guard case .problem(let problem)? = document else {
                Issue.record("expected problem details under \(contentType), got \(String(describing: document))")
                continue
            }
            #expect(problem.title == "One or more validation errors occurred." && problem.status == 400)
            #expect(document?.summaries == ["One or more validation errors occurred.", "Age: The field Age must be between 0 and 150.", "Name: The Name field is required."])
            let client = Client(baseURL: URL(string: "https://api.example.com")!, transport: FakeTransport(status: 400, json: aspNet, headers: [.contentType: contentType]))
            let error = await #expect(throws: ClientError.self) { _ = try await client.request(.get, URL(string: "https://api.example.com/people")!) }
            #expect(error?.description.hasSuffix("\n  One or more validation errors occurred.\n  Age: The field Age must be between 0 and 150.\n  Name: The Name field is required.") == true, "\(String(describing: error))")
        }
        let objects = #"{"title": "Invalid", "errors": [{"field": "name", "message": "must not be blank"}]}"#
        #expect(ServerErrorDocument.decode(Data(objects.utf8), contentType: "application/problem+json")?.summaries == ["Invalid", "name: must not be blank"])
        // An `errors` member in no shape resgen reads leaves the problem as it was; encoding writes the
        // standard members only.
        let odd = ServerErrorDocument.decode(Data(#"{"title": "Bad", "errors": 5}"#.utf8), contentType: "application/problem+json")
        #expect(odd == .problem(ProblemDetails(title: "Bad")))
        let encoded = try JSONEncoder().encode(ProblemDetails(title: "T", errors: GenericErrorDocument(messages: [.init("m")])))
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"title":"T"}"#)
    }

    /// JSON that holds no message in a shape resgen knows is no document: a success body, numbers, links.
    @Test func otherJSONIsNoDocument() {
        for body in [#"{"id": 1, "name": "Ann"}"#, #"{"_links": {"self": {"href": "/x"}}}"#, "[1, 2]", "42", #"{"errors": [{"type": "ValueError"}]}"#, #"{"detail": []}"#] {
            for contentType in Self.contentTypes {
                #expect(ServerErrorDocument.decode(Data(body.utf8), contentType: contentType) == nil, "\(body) as \(contentType)")
            }
        }
        #expect(ServerErrorDocument.decode(Data(#"{"error": "x"}"#.utf8), contentType: "text/plain") == nil, "not JSON by its media type")
    }

    /// A hostile body cannot make the description large: at most `maximumMessages` messages, and fields
    /// cut to `maximumFieldLength` characters however deep or long the keys.
    @Test func messagesAndFieldsAreBounded() throws {
        let many = #"{"errors": ["# + (0..<5_000).map { #""e\#($0)""# }.joined(separator: ",") + "]}"
        let document = try #require(ServerErrorDocument.decode(Data(many.utf8), contentType: "application/json"))
        #expect(document.summaries.count == GenericErrorDocument.maximumMessages)
        #expect(document.summaries.first == "e0")

        let longKey = String(repeating: "k", count: 10_000)
        var deep = #"["too deep"]"#
        for _ in 0..<60 { deep = #"{"\#(longKey)": \#(deep)}"# }
        let nested = try #require(ServerErrorDocument.decode(Data(deep.utf8), contentType: "application/json"))
        guard case .other(let generic) = nested else {
            Issue.record("expected .other")
            return
        }
        #expect(generic.messages.map(\.text) == ["too deep"])
        #expect(generic.messages.first?.field?.count == GenericErrorDocument.maximumFieldLength)
        #expect(generic.messages.first?.field?.hasSuffix("…") == true)
    }

    /// The tape decoder reads each shape as `JSONDecoder` does (what the `openjson` fuzz target compares).
    @Test(arguments: shapes) func theTapesReadingIsJSONDecoders(shape: Shape) throws {
        let data = Data(shape.body.utf8)
        let tape = TapeDecoder.decode(GenericErrorDocument.self, from: data, like: JSONDecoder(), userInfo: [:])
        #expect(tape == (try JSONDecoder().decode(GenericErrorDocument.self, from: data)))
    }
}
