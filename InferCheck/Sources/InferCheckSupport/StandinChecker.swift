import Foundation
import ResgenRuntime
import ResgenTesting

/// Reads a generated client's list and show operations through the stand-in App Store Connect server
/// (`Tests/Servers/asc_standin.py`, issue 47 item 4) and compares every value with the raw JSON: each
/// page to the end (through `links.next`), each include set resolved. Every operation read is counted,
/// and each one that failed is kept with its reason, so a whole-document run reports them all instead of
/// stopping at the first.
public final class StandinChecker {
    let client: Client
    /// Operations read, and those that failed with the reason.
    public private(set) var read = 0
    public private(set) var failures: [String] = []
    /// Values compared, pages read.
    public private(set) var compared = 0
    public private(set) var pages = 0
    /// Resources read from `included` and compared.
    public private(set) var includedCompared = 0
    private var mismatches: [String] = []

    public init(client: Client) {
        self.client = client
    }

    /// Reads every page of `path`, optionally with `include`, and compares each page's models, their
    /// resolved includes written back, with the raw page. Returns the first item's id (for a show).
    @discardableResult
    public func list<R: Resource>(_ label: String, _ path: ResourcePath<R, Op.List>) async -> String? {
        await run(label) {
            var first: String?
            for try await page in client.pages(path) {
                try await compare(page.items, at: page.url)
                if first == nil, let item = page.items.first { first = "\(item.id)" }
            }
            return first
        }
    }

    @discardableResult
    public func list<R: HasIncludes>(_ label: String, _ path: ResourcePath<R, Op.List>, including include: R.Include) async -> String? {
        await run(label) {
            var first: String?
            for try await page in client.pages(path, including: include) {
                try await compare(page.items, at: page.url)
                if first == nil, let item = page.items.first { first = "\(item.id)" }
            }
            return first
        }
    }

    /// Reads `path` and compares the model with the raw document.
    public func show<R: Resource>(_ label: String, _ path: ResourcePath<R, Op.Show>) async {
        _ = await run(label) {
            let value = try await client.fetch(path)
            try await compare([value], at: try client.url(for: path.path, query: path.query), single: true)
            return nil
        }
    }

    public func show<R: HasIncludes>(_ label: String, _ path: ResourcePath<R, Op.Show>, including include: R.Include, wire: String) async {
        _ = await run(label) {
            let value = try await client.fetch(path, including: include)
            let url = try client.url(for: path.path, query: path.query + [QueryItem(name: "include", value: wire)])
            try await compare([value], at: url, single: true)
            return nil
        }
    }

    /// Calls with include sets the path does not accept (schema `acceptsIncludes`), and those the client did not
    /// refuse before sending (kept in ``failures``).
    public private(set) var refusals = 0

    /// Lists `path` with `include`, a set the path does not accept: the client must refuse the call before it
    /// sends anything (a `ClientError` of kind `invalidRequest`); anything else is a failure.
    public func refused<R: HasIncludes>(_ label: String, _ path: ResourcePath<R, Op.List>, including include: R.Include) async {
        await expectRefusal(label) { _ = try await client.fetch(path, including: include) }
    }

    /// Reads `path` with `include`, a set the path does not accept: refused as the list form says.
    public func refused<R: HasIncludes>(_ label: String, _ path: ResourcePath<R, Op.Show>, including include: R.Include) async {
        await expectRefusal(label) { _ = try await client.fetch(path, including: include) }
    }

    private func expectRefusal(_ label: String, _ body: () async throws -> Void) async {
        refusals += 1
        do {
            try await body()
            failures.append("\(label): sent, though the path does not accept the include set")
        } catch let error as ClientError where error.kind == .invalidRequest && error.status == nil {
            return
        } catch {
            failures.append("\(label): \(error), not refused before sending")
        }
    }

    /// The `include=` value of the last page read with includes (the wire form of an include set).
    public private(set) var lastInclude: String?

    /// Prints the counts and each failure; exits 1 when `strict` and anything failed.
    public func finish(_ name: String, strict: Bool) {
        print("\(name): \(read) operations read, \(refusals) calls with an include set the path does not accept, \(failures.count) failed; \(pages) pages, \(compared) values and \(includedCompared) included resources compared with the raw JSON")
        for failure in failures { print("  failed: \(failure)") }
        if strict, !failures.isEmpty { exit(1) }
    }

    private func run(_ label: String, _ body: () async throws -> String?) async -> String? {
        read += 1
        mismatches = []
        do {
            let result = try await body()
            if !mismatches.isEmpty {
                failures.append("\(label): \(mismatches.count) values differ, first: \(mismatches[0])")
            }
            return result
        } catch {
            failures.append("\(label): \(error)")
            return nil
        }
    }

    private func compare<R: Resource>(_ values: [R], at url: URL, single: Bool = false) async throws {
        pages += 1
        let response = try await client.request(.get, url)
        let raw = try JSONDecoder().decode(JSONValue.self, from: response.body)
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let include = items.first { $0.name == "include" }?.value
        if let include { lastInclude = include }
        let paths = (include ?? "").split(separator: ",").map { $0.split(separator: ".").map(String.init) }
        let encoder = MockDocumentEncoder(format: .jsonapi)
        let written = try JSONDecoder().decode(
            JSONValue.self, from: single ? try encoder.document(for: values[0], includes: paths) : try encoder.document(for: values, includes: paths))
        let rawItems = single ? [raw["data"] ?? .null] : raw["data"]?.arrayValue ?? []
        let writtenItems = single ? [written["data"] ?? .null] : written["data"]?.arrayValue ?? []
        guard rawItems.count == writtenItems.count else {
            mismatches.append("\(url.absoluteString): \(writtenItems.count) models, \(rawItems.count) raw items")
            return
        }
        for (item, rawItem) in zip(writtenItems, rawItems) { compareObjects(item, rawItem, at: url.absoluteString) }
        // Every raw included resource is one a model's resolved relationship holds, with its values.
        var writtenIncluded: [String: JSONValue] = [:]
        for object in written["included"]?.arrayValue ?? [] { writtenIncluded[Self.identity(object)] = object }
        for object in raw["included"]?.arrayValue ?? [] {
            includedCompared += 1
            guard let model = writtenIncluded[Self.identity(object)] else {
                mismatches.append("\(url.absoluteString): included \(Self.identity(object)) is in no model's resolved relationship")
                continue
            }
            compareObjects(model, object, at: url.absoluteString + " included")
        }
    }

    private static func identity(_ object: JSONValue) -> String {
        "\(object["type"].map { "\($0)" } ?? "?")/\(object["id"].map { "\($0)" } ?? "?")"
    }

    /// Type, id, every raw attribute, every raw relationship's `data`.
    private func compareObjects(_ written: JSONValue, _ raw: JSONValue, at place: String) {
        expect(written["type"], raw["type"], "\(place) type")
        expect(written["id"], raw["id"], "\(place) id")
        let id = raw["id"].map { "\($0)" } ?? ""
        for (key, value) in raw["attributes"]?.objectValue ?? [:] {
            expect(written["attributes"]?[key], value, "\(place) \(id) attributes.\(key)")
        }
        for (key, relationship) in raw["relationships"]?.objectValue ?? [:] {
            guard let data = relationship["data"] else { continue }
            expect(written["relationships"]?[key]?["data"], data, "\(place) \(id) relationships.\(key).data")
        }
    }

    private func expect(_ written: JSONValue?, _ raw: JSONValue?, _ what: String) {
        compared += 1
        if written != raw {
            mismatches.append("\(what): client wrote \(written.map { "\($0)" } ?? "nothing"), server sent \(raw.map { "\($0)" } ?? "nothing")")
        }
    }
}
