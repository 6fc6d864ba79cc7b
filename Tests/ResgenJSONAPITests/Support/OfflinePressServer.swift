import Foundation
import HTTPTypes
import ResgenRuntime

/// An in-process JSON:API server of Press people and comments that can be taken offline: what the
/// store's offline tests write to, and the reference its data is compared with.
///
/// Offline, every request fails as a lost connection does (``TransportError`` `cannotConnect`, no
/// status). Online, it serves `GET`/`POST /people`, `GET`/`PATCH`/`DELETE /people/<id>`,
/// `POST /comments` and atomic operations on people at `POST /operations`, assigning ids from 1 up,
/// and answers writes with the resource (`200`/`201`).
final class OfflinePressServer: Transport, @unchecked Sendable {
    struct Person: Equatable {
        var name: String
        var email: String?
    }

    struct Comment: Equatable {
        var body: String
        var author: String?
        var article: String?
    }

    private let lock = NSLock()
    private var online = true
    private var people: [Int: Person] = [:]
    private var comments: [Int: Comment] = [:]
    private var nextID = 1
    private var created: [Int] = []
    private var refusals: [String: Int] = [:]
    private var log: [String] = []
    private var waiters: [(String, CheckedContinuation<Void, Never>)] = []

    init(people: [String] = []) {
        for name in people { self.people[nextID] = Person(name: name, email: nil); nextID += 1 }
    }

    var isOnline: Bool {
        get { lock.withLock { online } }
        set { lock.withLock { online = newValue } }
    }

    /// The people the server holds, by id.
    var storedPeople: [Int: Person] { lock.withLock { people } }
    /// The comments the server holds, by id.
    var storedComments: [Int: Comment] { lock.withLock { comments } }
    /// The ids of the people `POST` created, in order.
    var createdIDs: [Int] { lock.withLock { created } }
    /// `METHOD /path` of every request answered online, in order.
    var requests: [String] { lock.withLock { log } }

    /// Answers `request` (`"PATCH /people/1"`) with `status` until ``accept(_:)``.
    func refuse(_ request: String, status: Int) { lock.withLock { refusals[request] = status } }
    func accept(_ request: String) { _ = lock.withLock { refusals.removeValue(forKey: request) } }

    /// The `Cache-Control` of every answer, when set.
    var cacheControl: String? {
        get { lock.withLock { control } }
        set { lock.withLock { control = newValue } }
    }
    private var control: String?

    /// Renames a person behind the store's back (another client changed it).
    func rename(_ id: Int, to name: String) { lock.withLock { people[id]?.name = name } }

    /// Adds a person behind the store's back.
    func addPerson(_ name: String) {
        lock.withLock {
            people[nextID] = Person(name: name, email: nil)
            nextID += 1
        }
    }

    /// Removes a person behind the store's back (another client deleted it).
    func removePerson(_ id: Int) { _ = lock.withLock { people.removeValue(forKey: id) } }

    /// Returns once a request `METHOD /path` was answered online.
    func waitFor(_ request: String) async {
        await withCheckedContinuation { continuation in
            let done = lock.withLock { () -> Bool in
                if log.contains(request) { return true }
                waiters.append((request, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }

    func send(_ request: HTTPRequest, body: OutgoingBody) async throws -> (HTTPResponse, Data) {
        let path = request.path ?? "/"
        let line = "\(request.method.rawValue) \(path.split(separator: "?").first.map(String.init) ?? path)"
        guard isOnline else {
            throw TransportError(code: .cannotConnect, method: request.method, url: request.url, underlying: URLError(.cannotConnectToHost))
        }
        var sent: [String: Any] = [:]
        var operations: [[String: Any]] = []
        if case .data(let data) = body, let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            sent = (object["data"] as? [String: Any]) ?? [:]
            operations = (object["atomic:operations"] as? [[String: Any]]) ?? []
        }
        let (status, document) = lock.withLock {
            line == "POST /operations" ? atomic(operations) : answer(request.method, line, sent)
        }
        let ready = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            log.append(line)
            let matched = waiters.filter { $0.0 == line }.map(\.1)
            waiters.removeAll { $0.0 == line }
            return matched
        }
        for waiter in ready { waiter.resume() }
        var response = HTTPResponse(status: .init(code: status))
        response.headerFields[.contentType] = "application/vnd.api+json"
        if let cacheControl { response.headerFields[.cacheControl] = cacheControl }
        return (response, document.map { try! JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]) } ?? Data())
    }

    private func answer(_ method: HTTPRequest.Method, _ line: String, _ sent: [String: Any]) -> (Int, [String: Any]?) {
        if let status = refusals[line] {
            return (status, ["errors": [["status": String(status), "title": "refused"]]])
        }
        let parts = line.split(separator: " ")[1].split(separator: "/").map(String.init)
        let attributes = sent["attributes"] as? [String: Any] ?? [:]
        switch (method, parts.first, parts.count) {
        case (.get, "people", 1):
            return (200, ["data": people.keys.sorted().map { personObject($0) }])
        case (.get, "people", 2):
            guard let id = Int(parts[1]), people[id] != nil else { return (404, ["errors": [["status": "404"]]]) }
            return (200, ["data": personObject(id)])
        case (.post, "people", 1):
            let id = nextID
            nextID += 1
            people[id] = Person(name: attributes["name"] as? String ?? "", email: attributes["email"] as? String)
            created.append(id)
            return (201, ["data": personObject(id)])
        case (.patch, "people", 2):
            guard let id = Int(parts[1]), var person = people[id] else { return (404, ["errors": [["status": "404"]]]) }
            if let name = attributes["name"] as? String { person.name = name }
            if attributes.keys.contains("email") { person.email = attributes["email"] as? String }
            people[id] = person
            return (200, ["data": personObject(id)])
        case (.delete, "people", 2):
            guard let id = Int(parts[1]), people.removeValue(forKey: id) != nil else { return (404, ["errors": [["status": "404"]]]) }
            return (204, nil)
        case (.post, "comments", 1):
            let relationships = sent["relationships"] as? [String: Any] ?? [:]
            func target(_ key: String) -> String? {
                ((relationships[key] as? [String: Any])?["data"] as? [String: Any])?["id"] as? String
            }
            let id = nextID
            nextID += 1
            let comment = Comment(body: attributes["body"] as? String ?? "", author: target("author"), article: target("article"))
            comments[id] = comment
            var linkage: [String: Any] = [:]
            if let author = comment.author { linkage["author"] = ["data": ["type": "people", "id": author]] }
            if let article = comment.article { linkage["article"] = ["data": ["type": "articles", "id": article]] }
            return (201, ["data": ["type": "comments", "id": String(id), "attributes": ["body": comment.body], "relationships": linkage]])
        default:
            return (405, ["errors": [["status": "405"]]])
        }
    }

    /// JSON:API's atomic extension at `POST /operations`, for people: `add` (a `lid` names the new one to
    /// later operations) and `update`, all applied or none.
    private func atomic(_ operations: [[String: Any]]) -> (Int, [String: Any]?) {
        let (before, nextBefore, createdBefore) = (people, nextID, created)
        var lids: [String: Int] = [:]
        var results: [[String: Any]] = []
        for operation in operations {
            let data = operation["data"] as? [String: Any] ?? [:]
            let attributes = data["attributes"] as? [String: Any] ?? [:]
            let named = (data["id"] as? String).flatMap(Int.init) ?? (data["lid"] as? String).flatMap { lids[$0] }
            switch (operation["op"] as? String, data["type"] as? String) {
            case ("add", "people"):
                let id = nextID
                nextID += 1
                people[id] = Person(name: attributes["name"] as? String ?? "", email: attributes["email"] as? String)
                created.append(id)
                if let lid = data["lid"] as? String { lids[lid] = id }
                results.append(["data": personObject(id)])
            case ("update", "people") where named.flatMap { people[$0] } != nil:
                if let name = attributes["name"] as? String { people[named!]!.name = name }
                if attributes.keys.contains("email") { people[named!]!.email = attributes["email"] as? String }
                results.append(["data": personObject(named!)])
            default:
                (people, nextID, created) = (before, nextBefore, createdBefore)
                return (400, ["errors": [["status": "400", "title": "unsupported operation"]]])
            }
        }
        return (200, ["atomic:results": results])
    }

    private func personObject(_ id: Int) -> [String: Any] {
        let person = people[id]!
        return [
            "type": "people", "id": String(id), "attributes": ["name": person.name, "email": person.email as Any? ?? NSNull()],
            "links": ["self": "https://press.example/people/\(id)"],
        ]
    }
}
