import Foundation
@_spi(Generated) @_spi(Testing) import ResgenRuntimeCore

/// Untyped HAL access (`traverse(at:includes:)`) names its includes as strings in Halley's notation.
extension IncludeTree {
    /// The tree of include strings in Halley's notation, for untyped HAL access: each name is both the
    /// wire key and the link relation, and a bracketed step is to-many.
    ///
    /// - Throws: ``HALTraversalError/invalidInclude(include:reason:)`` for a malformed string.
    package init(halIncludes includes: [String]) throws {
        self.init()
        for include in includes {
            insert(try IncludeString.parse(include).map { IncludeStep(key: $0.name, isToMany: $0.bracketed) }[...])
        }
        renumber()
    }
}
