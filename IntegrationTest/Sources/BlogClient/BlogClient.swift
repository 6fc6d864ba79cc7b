// Handwritten code next to the generated client (generated at build time by ResgenBuildPlugin).

import ResgenRuntime

extension Article {
    /// The path of this article's comments.
    public var commentsPath: String {
        (Article.show(id) / Comment.list()).path
    }
}
