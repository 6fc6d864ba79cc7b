import ResgenCore

/// Where each drafted resource lives: a root collection path, or one segment under an instance of a
/// parent when its collection URL nests below another resource's instance URL
/// (`/orders/1/items` → `parent: Order`, `path: items`); and the operations fetched there.
enum Placement {
    /// A collection's path, and what was fetched of it.
    struct CollectionPath: Hashable, Sendable {
        var segments: [String]
        var trailingSlash: Bool
        /// Read from `self` links (else from the URLs fetched).
        var fromSelfLinks = true
        /// The collection itself was fetched.
        var listed = false
        /// One of its instances was fetched.
        var shown = false

        var text: String { LinkTarget.path(segments, trailingSlash: trailingSlash) }
    }

    /// Sets `path`, `parent` and `operations` of each resource from its collection path (same order).
    static func nest(_ resources: inout [Draft.Resource], collectionPaths: [CollectionPath?]) {
        var owners: [[String]: String] = [:]
        for (resource, path) in zip(resources, collectionPaths) {
            if let path, owners[path.segments] == nil { owners[path.segments] = resource.name }
        }
        for index in resources.indices {
            guard let path = collectionPaths[index], !path.segments.isEmpty else {
                if !(resources[index].sampleCount == 0) {
                    resources[index].placementComment = "no self link or URL showed its collection: add path or parent by hand"
                }
                continue
            }
            let segments = path.segments
            let source = path.fromSelfLinks ? "its self links" : "the URLs fetched"
            if segments.count >= 3, LinkTarget.looksLikeID(segments[segments.count - 2]) {
                let parentSegments = Array(segments.dropLast(2))
                guard let parent = owners[parentSegments], parent != resources[index].name else {
                    resources[index].placementComment =
                        "\(source) put its collection at \(path.text), below an instance no fetched resource lives at: add parent by hand"
                    continue
                }
                resources[index].parent = parent
                resources[index].path = segments[segments.count - 1] + (path.trailingSlash ? "/" : "")
                resources[index].placementComment = "\(source) put its collection at \(path.text), below an instance of \(parent)"
            } else {
                resources[index].path = path.text
                resources[index].placementComment = "the collection of \(source)"
            }
            resources[index].operations = (path.listed ? ["list"] : []) + (path.shown ? ["show"] : [])
        }
    }
}
