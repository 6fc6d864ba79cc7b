/// What both side-by-side apps print: the same values, whichever client fetched them.
struct ArticleSummary: CustomStringConvertible {
    var title: String
    var author: String?
    var comments: [String]

    var description: String { "\(title) by \(author ?? "?"), comments: \(comments)" }
}
