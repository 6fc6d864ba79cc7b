import Foundation

extension HALLink {
    /// The five properties of a link that most links lack (`type`, `deprecation`, `name`, `profile`,
    /// `hreflang`), in one immutable box that a link points to only when it has one of them. Immutable, so
    /// that links sharing a box stay values: changing a property makes a new box.
    final class SeldomProperties: Hashable, Sendable {
        struct Values: Hashable {
            var type: String?
            var deprecation: String?
            var name: String?
            var profile: String?
            var hreflang: String?

            var isEmpty: Bool { type == nil && deprecation == nil && name == nil && profile == nil && hreflang == nil }
        }

        let values: Values

        var type: String? { values.type }
        var deprecation: String? { values.deprecation }
        var name: String? { values.name }
        var profile: String? { values.profile }
        var hreflang: String? { values.hreflang }

        private init(values: Values) { self.values = values }

        /// A box for `values`; `nil` when every property is absent, so that a link without them compares
        /// equal to one whose properties were set and cleared.
        convenience init?(_ values: Values) {
            guard !values.isEmpty else { return nil }
            self.init(values: values)
        }

        convenience init?(type: String?, deprecation: String?, name: String?, profile: String?, hreflang: String?) {
            self.init(Values(type: type, deprecation: deprecation, name: name, profile: profile, hreflang: hreflang))
        }

        static func == (lhs: SeldomProperties, rhs: SeldomProperties) -> Bool { lhs.values == rhs.values }

        func hash(into hasher: inout Hasher) { hasher.combine(values) }
    }
}
