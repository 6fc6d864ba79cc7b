/// A request type whose schema declares include sets (`requests.<Name>.includes`) for the resource its
/// response holds: `client.send(_:including:)` asks for them and resolves them.
///
/// ```swift
/// let tasks = try await client.send(FindTasks(owner: "ada"), including: .withAssignee)
/// tasks[0].assignee.resolved?.name    // from `included` (JSON:API) or `_embedded`/links (HAL)
/// ```
public protocol IncludingRequest: APIRequest {
    /// The request's named include sets; their `Root` is the response's resource.
    associatedtype Include: IncludeSet
}
