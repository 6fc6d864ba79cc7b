import Foundation
@_spi(Generated) import ResgenRuntimeCore

extension HALLink {
    /// The five properties of a link that most links lack (`type`, `deprecation`, `name`, `profile`,
    /// `hreflang`), in one immutable box that a link points to only when it has one of them. Immutable, so
    /// that links sharing a box stay values: changing a property makes a new box.
    final class SeldomProperties: Hashable, Sendable {
        package struct Values: Hashable {
            package var type: String?
            package var deprecation: String?
            package var name: String?
            package var profile: String?
            package var hreflang: String?

            package var isEmpty: Bool { type == nil && deprecation == nil && name == nil && profile == nil && hreflang == nil }
        }

        package let values: Values

        package var type: String? { values.type }
        package var deprecation: String? { values.deprecation }
        package var name: String? { values.name }
        package var profile: String? { values.profile }
        package var hreflang: String? { values.hreflang }

        private init(values: Values) { self.values = values }

        /// A box for `values`; `nil` when every property is absent, so that a link without them compares
        /// equal to one whose properties were set and cleared.
        package convenience init?(_ values: Values) {
            guard !values.isEmpty else { return nil }
            self.init(values: values)
        }

        package convenience init?(type: String?, deprecation: String?, name: String?, profile: String?, hreflang: String?) {
            self.init(Values(type: type, deprecation: deprecation, name: name, profile: profile, hreflang: hreflang))
        }

        package static func == (lhs: SeldomProperties, rhs: SeldomProperties) -> Bool { lhs.values == rhs.values }

        package func hash(into hasher: inout Hasher) { hasher.combine(values) }
    }
}
