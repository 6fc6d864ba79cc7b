import Foundation
@_spi(Generated) import ResgenRuntime
import Testing

/// A free-form request with every part, as generated code would write it.
private struct UploadAvatar: APIRequest {
    typealias Response = EmptyResponse
    static var method: HTTPMethod { .post }
    static var requiresAuth: Bool { true }

    var user: String
    var status: Status?
    var tags: [String]?
    var ifMatch: String?
    var avatar: MultipartFile?
    var caption: String?

    var pathComponents: [PathComponent] { [.literal("/users/"), .value(user), .literal("/avatar")] }

    var queryItems: [QueryItem] {
        var items: [QueryItem] = []
        items.append("status", status)
        items.append("tag", tags)
        return items
    }

    var headers: [HeaderField] {
        var fields: [HeaderField] = []
        fields.append("If-Match", ifMatch)
        return fields
    }

    var body: RequestBody {
        var parts: [MultipartPart] = []
        parts.append("avatar", avatar)
        parts.append("caption", caption)
        return .multipart(parts)
    }
}

/// A request that uses every default.
private struct Ping: APIRequest {
    typealias Response = EmptyResponse
    static var method: HTTPMethod { .get }
    var pathComponents: [PathComponent] { [.literal("/ping")] }
}

@Suite("Free-form requests")
struct APIRequestTests {
    @Test("Defaults: no auth, no query, no headers, no body")
    func defaults() {
        let ping = Ping()
        #expect(Ping.requiresAuth == false)
        #expect(ping.path == "/ping")
        #expect(ping.queryItems.isEmpty)
        #expect(ping.headers.isEmpty)
        #expect(ping.body.isEmpty)
    }

    @Test("Parameters that are set become items, headers and parts; nil ones add nothing")
    func fullRequest() throws {
        let png = Data([0x89, 0x50])
        let request = UploadAvatar(
            user: "a b/c",
            status: .published,
            tags: ["x", "y"],
            ifMatch: "\"v1\"",
            avatar: .data(png, filename: "me.png", contentType: "image/png"),
            caption: "Hi"
        )
        #expect(UploadAvatar.requiresAuth)
        #expect(request.path == "/users/a%20b%2Fc/avatar")
        #expect(
            request.queryItems == [
                QueryItem(name: "status", value: "published"),
                QueryItem(name: "tag", value: "x"),
                QueryItem(name: "tag", value: "y"),
            ]
        )
        #expect(request.headers == [HeaderField(name: "If-Match", value: "\"v1\"")])
        guard case .multipart(let parts) = request.body else {
            Issue.record("expected a multipart body")
            return
        }
        #expect(
            parts == [
                MultipartPart(name: "avatar", filename: "me.png", contentType: "image/png", content: .data(png)),
                MultipartPart(name: "caption", content: .data(Data("Hi".utf8))),
            ]
        )

        let empty = UploadAvatar(user: "u")
        #expect(empty.queryItems.isEmpty)
        #expect(empty.headers.isEmpty)
        guard case .multipart(let noParts) = empty.body else {
            Issue.record("expected a multipart body")
            return
        }
        #expect(noParts.isEmpty)
    }

    @Test("Array builders for several values and optional numbers")
    func arrayBuilders() {
        var items: [QueryItem] = []
        items.append("page", Optional(2))
        items.append("limit", Int?.none)
        items.append("ids", [1, 2] as [Int]?)
        items.append("none", [Int]?.none)
        items.append("empty", [Int]())
        #expect(items.map(\.name) == ["page", "ids", "ids"])
        #expect(items.map(\.value) == ["2", "1", "2"])

        var parts: [MultipartPart] = []
        parts.append("n", [true, false])
        parts.append("file", MultipartFile?.none)
        #expect(parts.map(\.content) == [.data(Data("true".utf8)), .data(Data("false".utf8))])
    }

    @Test("Multipart files from data or from a local file")
    func multipartFiles() {
        let url = URL(fileURLWithPath: "/tmp/report.pdf")
        let file = MultipartFile.file(url, contentType: "application/pdf")
        #expect(file.filename == "report.pdf")
        #expect(file.content == .file(url))
        #expect(MultipartFile.file(url, filename: "r.pdf").contentType == "application/octet-stream")
        #expect(MultipartFile.data(Data(), filename: "a").contentType == MultipartFile.defaultContentType)
    }

    @Test("Request bodies hold what they are given")
    func bodies() throws {
        struct Login: Encodable, Sendable { var user: String }
        guard case .json(let value) = RequestBody.json(Login(user: "u")) else {
            Issue.record("expected a JSON body")
            return
        }
        #expect(String(decoding: try JSONEncoder().encode(value), as: UTF8.self) == #"{"user":"u"}"#)

        guard case .form(let items) = RequestBody.form([QueryItem(name: "a", value: nil)]) else {
            Issue.record("expected a form body")
            return
        }
        #expect(items == [QueryItem(name: "a", value: nil)])

        guard case .raw(let data, let contentType) = RequestBody.raw(Data([1]), contentType: "x/y") else {
            Issue.record("expected a raw body")
            return
        }
        #expect(data == Data([1]))
        #expect(contentType == "x/y")
        #expect(!RequestBody.form([]).isEmpty)
    }

    @Test("EmptyResponse decodes from any JSON and encodes as an empty object")
    func emptyResponse() throws {
        #expect(try JSONDecoder().decode(EmptyResponse.self, from: Data(#"{"a":1}"#.utf8)) == EmptyResponse())
        #expect(try JSONDecoder().decode(EmptyResponse.self, from: Data("null".utf8)) == EmptyResponse())
        #expect(String(decoding: try JSONEncoder().encode(EmptyResponse()), as: UTF8.self) == "{}")
    }
}
