@_spi(Generated) import ResgenRuntimeCore

/// Whether a relationship's linkage changed in a way a `PATCH` must send: the rule of
/// `changes(since:)`, which keeps "not sent" apart from `null`.
///
/// A relationship whose linkage is unknown (`id`/`ids` nil: the server did not send it, or sent only
/// links) is never a change: there is nothing to send. `nil` (an optional relationship that is empty)
/// differs from every other state, unknown included: setting `comment.author = nil` on a comment read
/// without its author's linkage sends `{"data": null}` and clears it.
@usableFromInline
enum JSONAPILinkageChange {
    /// Whether the to-one `new` differs from `old` and is known (an id or nil).
    @inlinable
    static func toOne<Target: Resource>(_ new: ToOne<Target>?, since old: ToOne<Target>?) -> Bool {
        guard let new else { return old != nil }
        guard let id = new.id else { return false }
        return old?.id != id
    }

    /// Whether the to-many `new` differs from `old` and is known (ids or nil).
    @inlinable
    static func toMany<Target: Resource>(_ new: ToMany<Target>?, since old: ToMany<Target>?) -> Bool {
        guard let new else { return old != nil }
        guard let ids = new.ids else { return false }
        return old?.ids != ids
    }
}
