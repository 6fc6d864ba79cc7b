import Foundation
@_spi(Generated) @_spi(Testing) import ResgenRuntimeCore

extension ResourceStore {
    /// A response whose every resource object the store took as it was sent, with the response's parse:
    /// a value decoded from it is the one decoded from the store, as long as the store's graph of the value
    /// is exactly the response's objects and nothing changed the records since
    /// (``decodeAll(_:_:many:includes:asRead:)`` checks).
    struct AsRead {
        /// The response's parse.
        var tape: JSONTape
        /// Its resource objects, as the store took them.
        var objects: StoredRecord.Objects
        /// The graph's ``StoredGraph/generation`` right after the merge.
        var generation: Int
        /// The use that noted the objects' arrival.
        var arrival: Freshness.UseMark

        /// Whether the graph of `primary` along `includes` the store holds (``StoredGraph/closure(of:along:)``)
        /// is exactly these objects, each once, with `primary` their primary data in order: the closure
        /// walked over the response's objects and their linkage (the stored records' own, as they were stored
        /// as sent), asking the store only about targets the response did not carry.
        func isWholeGraph(of primary: [ResourceIdentity], along includes: [IncludePath], in graph: StoredGraph) -> Bool {
            guard graph.generation == generation, graph.pending.isEmpty, primary.count == objects.primary.count else { return false }
            // The primary data in order, compared as it stands (no lookups).
            guard primary.elementsEqual(objects.primary.lazy.map(\.identity)) else { return false }
            // Positions over both arrays, primary data first, without joining them.
            let count = objects.primary.count + objects.included.count
            func record(at position: Int) -> StoredRecord {
                position < objects.primary.count ? objects.primary[position].record : objects.included[position - objects.primary.count].record
            }
            var index: [ResourceIdentity: Int] = [:]
            index.reserveCapacity(count)
            for (position, entry) in objects.primary.enumerated() {
                // A resource twice in one response: the store merged the two.
                guard index.updateValue(position, forKey: entry.identity) == nil else { return false }
            }
            for (offset, entry) in objects.included.enumerated() {
                guard index.updateValue(objects.primary.count + offset, forKey: entry.identity) == nil else { return false }
            }
            var seen = [Bool](repeating: false, count: count)
            for position in primary.indices { seen[position] = true }
            var seenCount = primary.count
            for path in includes {
                var frontier = Array(primary.indices)
                for step in path.steps {
                    var reached = [Bool](repeating: false, count: count)
                    var next: [Int] = []
                    for position in frontier {
                        for target in record(at: position).targets(of: step.key) {
                            guard let found = index[target] else {
                                // The store's graph would hold a resource the response did not carry.
                                if graph.holds(target) { return false }
                                continue
                            }
                            guard !reached[found] else { continue }
                            reached[found] = true
                            next.append(found)
                            if !seen[found] {
                                seen[found] = true
                                seenCount += 1
                            }
                        }
                    }
                    frontier = next
                }
            }
            return seenCount == count
        }
    }
}
