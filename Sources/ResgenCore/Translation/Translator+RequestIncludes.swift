/// Requests' include sets in stage 4: an `Include` enum per request that declares `includes:`, whose
/// `Root` is the response's resource, so `client.send(_:including:)` takes its cases.
extension Translator {
    func requestIncludesContexts() -> [RequestIncludesContext] {
        model.requests.compactMap { request in
            guard let root = request.includeRoot, !request.includeSets.isEmpty else { return nil }
            return RequestIncludesContext(
                access: access, requestName: request.name, requestIncludeRoot: root,
                requestIncludeCases: request.includeSets.map { includeCase($0, remark: "requests.\(request.name).includes.\($0.name)") })
        }
    }
}
