import ResgenCore

/// What a document showed of resources of several types in one place: a collection fetched whose
/// items are books, films and albums (a polymorphic collection, drafted as a union with a `path`), or a
/// HAL `_embedded` array that mixes types (a polymorphic relationship, drafted as a named union).
struct MixedMembers: Hashable, Sendable {
    /// How the members of a HAL union are told apart (HAL has no `type`): what the draft writes under
    /// `discriminator:`.
    enum Discriminator: Hashable, Sendable {
        /// A property present in every member, its value the member's type (`"kind": "book"`).
        case property(String)
        /// The collection path of each member's `self` link.
        case selfLink
        /// The `_embedded` key each member is listed under.
        case embeddedKey
    }

    /// The type keys seen, in first-seen order (two or more).
    var typeKeys: [String]
    /// HAL: how the members were told apart; nil for JSON:API (every resource names its `type`) or when
    /// nothing tells them apart (then `undecided` says why).
    var discriminator: Discriminator?
    /// HAL: why no discriminator could be drafted.
    var undecided: String?
}

/// A collection fetched whose items are of several types.
struct MixedCollection: Hashable, Sendable {
    /// The path fetched (`/items`).
    var path: String
    var members: MixedMembers
    /// The `include=` paths of the URL (JSON:API).
    var includePaths: [String] = []
    /// HAL: the `_embedded` key of the items when there is one (the union's `type`).
    var embeddedKey: String?
}
