import Foundation
import ResgenRuntime
import ResgenTesting

/// Fetches a path twice — typed through a generated client, and raw — and checks that the typed
/// models, written back as the wire format writes them (``MockDocumentEncoder``), carry exactly the
/// raw document's values: every attribute, id and relationship linkage the server sent.
public final class RoundTripChecker {
    let client: Client
    let format: WireFormat
    /// What differed, one line each.
    public private(set) var mismatches: [String] = []
    /// Values compared.
    public private(set) var compared = 0
    /// Whether the server writes relationship linkage only when it was included (the draft's
    /// `linkage: whenIncluded`): its `null` and `[]` then say nothing, and the models hold them as unknown.
    let linkageOnlyWhenIncluded: Bool

    public init(client: Client, format: WireFormat, linkageOnlyWhenIncluded: Bool = false) {
        self.client = client
        self.format = format
        self.linkageOnlyWhenIncluded = linkageOnlyWhenIncluded
    }

    /// Checks one resource fetched from `path`.
    public func check<R: Resource>(_ value: R, path: String) async throws {
        let written = try JSONDecoder().decode(JSONValue.self, from: MockDocumentEncoder(format: format).document(for: value, includes: []))
        let raw = try await rawDocument(path)
        if format == .jsonapi {
            compareResourceObjects(written["data"], raw["data"], at: path)
        } else {
            compareHAL(written, raw, at: path)
        }
    }

    /// Checks a collection fetched from `path`.
    public func check<R: Resource>(_ values: [R], path: String) async throws {
        let raw = try await rawDocument(path)
        let rawItems = format == .jsonapi
            ? raw["data"]?.arrayValue ?? []
            : raw["_embedded"]?.objectValue?.values.first?.arrayValue ?? []
        guard rawItems.count == values.count, !values.isEmpty else {
            mismatches.append("\(path): \(values.count) models decoded, \(rawItems.count) items in the raw document")
            return
        }
        for (value, rawItem) in zip(values, rawItems) {
            let written = try JSONDecoder().decode(JSONValue.self, from: MockDocumentEncoder(format: format).document(for: value, includes: []))
            if format == .jsonapi {
                compareResourceObjects(written["data"], rawItem, at: path)
            } else {
                compareHAL(written, rawItem, at: path)
            }
        }
    }

    /// Prints the outcome; exits 1 when anything differed.
    public func finish(_ name: String) {
        if mismatches.isEmpty {
            print("\(name): \(compared) values equal the raw JSON")
            return
        }
        for mismatch in mismatches { FileHandle.standardError.write(Data("mismatch: \(mismatch)\n".utf8)) }
        exit(1)
    }

    private func rawDocument(_ path: String) async throws -> JSONValue {
        let response = try await client.request(.get, try client.url(for: path))
        return try JSONDecoder().decode(JSONValue.self, from: response.body)
    }

    /// JSON:API: type, id, every raw attribute, every relationship's `data`.
    private func compareResourceObjects(_ written: JSONValue?, _ raw: JSONValue?, at path: String) {
        guard let written, let raw else {
            mismatches.append("\(path): missing resource object")
            return
        }
        expect(written["type"], raw["type"], "\(path) type")
        expect(written["id"], raw["id"], "\(path) id")
        for (key, value) in raw["attributes"]?.objectValue ?? [:] {
            expect(written["attributes"]?[key], value, "\(path) \(raw["id"].map { "\($0)" } ?? "") attributes.\(key)")
        }
        for (key, relationship) in raw["relationships"]?.objectValue ?? [:] {
            guard let data = relationship["data"] else { continue }
            if linkageOnlyWhenIncluded, data == .null || data == .array([]) {
                expect(written["relationships"]?[key]?["data"], nil, "\(path) relationships.\(key).data (unknown: not included)")
                continue
            }
            expect(written["relationships"]?[key]?["data"], data, "\(path) relationships.\(key).data")
        }
    }

    /// HAL: every raw property but `_links` and `_embedded`.
    private func compareHAL(_ written: JSONValue, _ raw: JSONValue, at path: String) {
        for (key, value) in raw.objectValue ?? [:] where !key.hasPrefix("_") {
            expect(written[key], value, "\(path) \(key)")
        }
    }

    private func expect(_ written: JSONValue?, _ raw: JSONValue?, _ what: String) {
        compared += 1
        if written != raw { mismatches.append("\(what): client wrote \(written.map { "\($0)" } ?? "nothing"), server sent \(raw.map { "\($0)" } ?? "nothing")") }
    }
}

extension JSONValue {
    var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }
}
