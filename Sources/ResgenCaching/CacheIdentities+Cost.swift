import ResgenRuntimeCore

extension CacheIdentities {
    /// The bytes keeping these names costs, about: each name's UTF-8 bytes and a string's and a set
    /// slot's overhead, in both sets (primary data is in both). Counted in a stored response's
    /// ``StoredResponse/cost``, so the memory budget holds for documents that include many resources.
    var cost: Int {
        (primary.count + all.count) * Self.overheadPerName + all.reduce(0) { $0 + $1.utf8.count } + primary.reduce(0) { $0 + $1.utf8.count }
    }

    /// A `String` (16 bytes, plus a heap object's header when longer than 15 bytes) in a `Set`'s slot
    /// (with its hash table's spare room).
    private static let overheadPerName = 48
}
