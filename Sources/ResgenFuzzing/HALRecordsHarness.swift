import Foundation
import ResgenRuntimeCore

@testable import ResgenRuntime
@testable import ResgenStore

/// Target `halrecords`: how `ResourceStore` splits a HAL document a server sent into records
/// (``HALRecords/normalizeDocument(_:base:fallback:)``) and rebuilds a document from them
/// (``HALRecords/document(_:tree:graph:)``).
///
/// The input is a document, read from `https://api.example/orders/1`. Whatever it holds:
/// - the split does not trap and, with ``FuzzOptions/timeLimit``, takes at most a tenth of it (linear in
///   the input, whatever its depth or repeats);
/// - every record is named by the fallback or by a `self` link on the document's own origin: a document
///   never names a record of another origin (it could replace that origin's resource);
/// - merging the records a second time changes no record (a merge overlays, so a repeat is a no-op);
/// - each record named by its `self` link, rebuilt as a document and split again, is named by the same
///   link and has the same properties and links: a stored resource read back is the same resource, so
///   links resolved once resolve to themselves and the store does not make a second record of it;
/// - rebuilding the document with every relation it embeds does not trap.
enum HALRecordsHarness {
    static let target = FuzzTarget(name: "halrecords", summary: "the store's split of a HAL document into records, and the document rebuilt from them") {
        input, options throws(Finding) in
        if let (kind, message) = check(input, options) { throw Finding(target: "halrecords", kind: kind, message: message) }
    }

    /// Where the document was read from.
    static let base = URL(string: "https://api.example/orders/1")!
    /// What names a document without a `self` link: the URL it was read from.
    static let fallback = HALRecords.identity(base)

    static func check(_ input: Data, _ options: FuzzOptions) -> (String, String)? {
        guard let document = try? JSONValue(parsing: input) else { return nil }
        let start = ThreadCPUClock.now()
        let normalized = HALRecords.normalizeDocument(document, base: base, fallback: fallback)
        let elapsed = ThreadCPUClock.now() - start
        if let limit = options.timeLimit.map({ $0 / 10 }), elapsed > limit {
            return ("slow", "split \(input.count) bytes in \(elapsed) of CPU time (limit \(limit))")
        }
        let origin = Origin(of: base)
        for entry in normalized.records where entry.identity != fallback {
            guard entry.identity.type == HALRecords.type, let url = URL(string: entry.identity.id), Origin(of: url) == origin else {
                return ("origin", "a record named \(entry.identity), not on the document's origin \(base)")
            }
        }

        let objects = StoredRecord.Objects(primary: [], included: normalized.records)
        var graph = StoredGraph()
        _ = graph.merge(objects)
        let merged = graph.records.mapValues(\.value)
        _ = graph.merge(objects)
        for (identity, value) in graph.records.mapValues(\.value) where merged[identity] != value {
            return ("merge", "merging the records again changed \(identity): \(merged[identity].map(String.init(describing:)) ?? "nil") → \(value)")
        }

        for identity in Set(normalized.records.map(\.identity)) where identity != fallback {
            guard let stored = graph.record(identity), let rebuilt = HALRecords.document(identity, tree: HALRecords.HALTree([]), graph: graph) else {
                return ("document", "\(identity) is merged but rebuilds no document")
            }
            var again: [StoredRecord.Objects.Entry] = []
            let named = HALRecords.normalize(rebuilt, base: base, fallback: nil, into: &again)
            guard named == identity, let record = again.last?.record.value else {
                return ("identity", "\(identity) rebuilt as \(rebuilt) is named \(named.map(String.init(describing:)) ?? "nothing")")
            }
            if record["attributes"] != stored["attributes"] {
                return ("properties", "\(identity)'s properties read back as \(record["attributes"] ?? .null), stored \(stored["attributes"] ?? .null)")
            }
            if record["links"] != stored["links"] {
                return ("links", "\(identity)'s links read back as \(record["links"] ?? .null), stored \(stored["links"] ?? .null)")
            }
        }

        if let primary = normalized.primary {
            _ = HALRecords.document(primary, tree: embeddingTree(document, depth: 3), graph: graph)
        }
        return nil
    }

    /// The relations `document` embeds, as a tree of include paths at most `depth` deep.
    static func embeddingTree(_ document: JSONValue, depth: Int) -> HALRecords.HALTree {
        var paths: [IncludePath] = []
        func walk(_ value: JSONValue, _ prefix: [IncludeStep]) {
            guard prefix.count < depth, case .object(let embedded)? = value["_embedded"] else { return }
            for (rel, item) in embedded {
                var members = [item]
                if case .array(let items) = item { members = items }
                let steps = prefix + [IncludeStep(key: rel, rel: rel, isToMany: members.count != 1 || members.first != item)]
                paths.append(IncludePath(steps: steps))
                for member in members { walk(member, steps) }
            }
        }
        walk(document, [])
        return HALRecords.HALTree(paths)
    }
}
