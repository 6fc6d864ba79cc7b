import Foundation

/// A to-many relationship's related resources when only some are known whole (HAL: an embedded resource
/// MAY be a partial representation): the complete ones as decoded, and for each partial one the URL of the
/// whole resource, which a traversal that includes the relationship follows. The relationship's
/// ``ToMany/resolved`` stays `nil` until then, so no caller mistakes the complete ones for all of them.
@usableFromInline
package final class PartialMembers<Target: Resource>: Hashable, Sendable {
    /// One embedded resource, in the order the document has them.
    @usableFromInline
    package enum Slot: Hashable, Sendable {
        /// A resource that decoded.
        case complete(Target)
        /// A partial resource: where the whole one is.
        case partial(URL)
    }

    /// What reading an embedded relation gave: all complete, or slots from the first partial one on.
    @usableFromInline
    package enum Read {
        case complete([Target])
        case partial([Slot])
    }

    package let slots: [Slot]

    @usableFromInline
    package init(_ slots: [Slot]) { self.slots = slots }

    /// How many of them are partial (each costs a request when the relationship is traversed).
    package var partialCount: Int { slots.count { if case .partial = $0 { true } else { false } } }

    @usableFromInline
    package static func == (lhs: PartialMembers, rhs: PartialMembers) -> Bool { lhs.slots == rhs.slots }

    @usableFromInline
    package func hash(into hasher: inout Hasher) { hasher.combine(slots) }
}
