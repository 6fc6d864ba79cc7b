import Foundation

extension JSONAPILink {
    /// The members of a link object that most links lack (`rel`, `describedby`, `title`, `type`,
    /// `hreflang`), in one immutable box a link points to only when it has one of them; changing one
    /// makes a new box, so links sharing a box stay values.
    final class Details: Hashable, Sendable {
        package struct Values: Hashable, Sendable {
            package var rel: String?
            package var describedby: JSONAPILink?
            package var title: String?
            package var type: String?
            package var hreflang: [String]?

            package var isEmpty: Bool { rel == nil && describedby == nil && title == nil && type == nil && hreflang == nil }
        }

        package let values: Values

        private init(values: Values) { self.values = values }

        /// A box for `values`; nil when every member is absent, so a link whose members were set and
        /// cleared equals one that never had them.
        package convenience init?(_ values: Values) {
            guard !values.isEmpty else { return nil }
            self.init(values: values)
        }

        package static func == (lhs: Details, rhs: Details) -> Bool { lhs.values == rhs.values }

        package func hash(into hasher: inout Hasher) { hasher.combine(values) }
    }
}
