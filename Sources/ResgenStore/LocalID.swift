import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// The identity of a resource created through the store, from the moment it is created — before the
/// server has assigned its id, and after (JSON:API's `lid`).
///
/// Make one, watch the resource by it, then create:
///
/// ```swift
/// let lid = LocalID()
/// let draft = await store.watch(Article.self, lid: lid)      // yields the new article at once…
/// try await store.create(Article.create(), Article.New(title: "Hi"), lid: lid)
///                                                            // …and the server's once it answers
/// ```
///
/// Until the server answers, the stored resource's `id` is a stand-in: the local id's UUID when the
/// resource's `ID` type reads it (a `String` or `UUID` id), else a negative number (an integer id). No
/// server writes either, so the store can replace it everywhere — in lists, in the linkage of other
/// resources and in queued writes — when the real id arrives. An `ID` type that reads neither makes the
/// create wait for the server before it shows.
public struct LocalID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The identifier (a lowercase UUID), as JSON:API's `lid` member writes it.
    public let rawValue: String

    /// A new, unique local id.
    public init() {
        rawValue = UUID().uuidString.lowercased()
    }

    /// The local id `rawValue` (one read back from a queued write).
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The stand-in id text for a resource whose id type is `ID`: the UUID, else a negative integer made
    /// from it; nil when `ID` reads neither.
    func standInID<ID: WireIdentifier>(as type: ID.Type) -> String? {
        if ID(wireString: rawValue) != nil { return rawValue }
        // A hash of the UUID: unique enough among one store's unsaved creates, and exact as a Double.
        let bits = rawValue.unicodeScalars.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1.value)) &* 1_099_511_628_211 }
        // 52 bits for a 64-bit id, 30 for a 32-bit one.
        for negative in ["-\((bits >> 12) + 1)", "-\((bits >> 34) + 1)"] where ID(wireString: negative) != nil {
            return negative
        }
        return nil
    }
}

extension LocalID {
    /// Where the store keeps the identity the server gave the resource created with `lid`: a list of one
    /// member under a path no collection has, so it is written to the file with the create's answer and
    /// cleared with the lists (``ResourceStore/evictAll()``).
    static func settledKey(_ lid: String) -> ListKey {
        ListKey(path: "#lid " + lid, includeNames: [])
    }
}
