import Foundation
@_spi(Generated) import ResgenRuntimeCore

extension RelationshipLink {
    /// The link to `link`'s target; none for no link or a templated one (it has no URL until expanded),
    /// as ``HALLink/url`` says. A link without its own base resolves against `base`.
    package init(_ link: HALLink?, base: URL?) {
        guard let link, !link.templated else {
            self = .none
            return
        }
        self = .href(link.href, base: link.base ?? base)
    }
}
