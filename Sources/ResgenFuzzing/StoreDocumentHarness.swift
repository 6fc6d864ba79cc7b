import Foundation

@testable import ResgenRuntime
@testable import ResgenStore

/// Target `storedocument`: how `ResourceStore` splits a server's compound document into records
/// (``StoredRecord/Objects/parsing(_:)``), straight from the document's tape, against the reading through
/// a whole `JSONValue` it stands in for.
///
/// The input is a document. The tape reading must not trap, must throw exactly when `JSONValue(parsing:)`
/// throws, and must give the same resource objects in the same order: each with the same identity, a
/// text that parses to the same value, and the same linkage. With ``FuzzOptions/timeLimit`` it must take
/// at most a tenth of it (linear in the input, whatever its depth or repeats).
enum StoreDocumentHarness {
    static let target = FuzzTarget(name: "storedocument", summary: "the store's split of a document into records, against JSONValue's") {
        input, options throws(Finding) in
        if let (kind, message) = check(input, options) { throw Finding(target: "storedocument", kind: kind, message: message) }
    }

    static func check(_ input: Data, _ options: FuzzOptions) -> (String, String)? {
        let start = ThreadCPUClock.now()
        let split = Result { try StoredRecord.Objects.parsing(input) }
        let elapsed = ThreadCPUClock.now() - start
        if let limit = options.timeLimit.map({ $0 / 10 }), elapsed > limit {
            return ("slow", "took \(elapsed) of CPU time for \(input.count) bytes (limit \(limit))")
        }
        let reference = Result { StoredRecord.Objects(document: try JSONValue(parsing: input)) }
        switch (split, reference) {
        case (.success(let objects), .success(let expected)):
            guard objects.identities == expected.identities else {
                return ("difference", "identities \(objects.identities), through JSONValue \(expected.identities)")
            }
            for (found, wanted) in zip(objects.primary + objects.included, expected.primary + expected.included) {
                if found.record.value != wanted.record.value {
                    return ("difference", "\(found.identity)'s text reads as \(found.record.value), through JSONValue \(wanted.record.value)")
                }
                let order = { (linkage: [StoredRecord.Linkage]) in linkage.sorted { $0.name < $1.name } }
                if order(found.record.linkage) != order(wanted.record.linkage) {
                    return ("difference", "\(found.identity)'s linkage \(found.record.linkage), through JSONValue \(wanted.record.linkage)")
                }
            }
            return nil
        case (.success, .failure(let error)):
            return ("difference", "the tape split a document JSONValue(parsing:) refuses (\(error))")
        case (.failure(let error), .success):
            return ("difference", "the tape split threw \(error) where JSONValue(parsing:) reads the document")
        case (.failure, .failure):
            return nil
        }
    }
}
