// Handwritten code next to the checked-in generated client in Generated/.

import ResgenRuntime

extension Post {
    /// Whether the post is shown above the others.
    package var isFeatured: Bool { isPinned || self.default }
}
