/// The variables for expanding a ``URITemplate``, in layers: per-client defaults, per-call values, and
/// per-call removals of defaults.
///
/// ```swift
/// var variables = TemplateVariables(defaults: ["size": 20, "lang": "en"])
/// variables.call = ["page": 2]
/// variables.removed = ["lang"]
/// variables.resolved()  // ["size": "20", "page": "2"]
/// ```
public struct TemplateVariables: Hashable, Sendable {
    /// Values that apply to every call unless the call sets or removes them (e.g. a client's settings).
    public var defaults: [String: URITemplate.Value]
    /// Values for this call; they win over ``defaults``.
    public var call: [String: URITemplate.Value]
    /// Names whose default this call drops, leaving them undefined unless ``call`` sets them.
    public var removed: Set<String>

    /// Creates layered variables.
    ///
    /// - Parameters:
    ///   - defaults: Values that apply unless overridden or removed.
    ///   - call: Values for this call.
    ///   - removed: Names whose default to drop for this call.
    public init(
        defaults: [String: URITemplate.Value] = [:],
        call: [String: URITemplate.Value] = [:],
        removing removed: Set<String> = []
    ) {
        self.defaults = defaults
        self.call = call
        self.removed = removed
    }

    /// The variables to expand with: the defaults without the removed names, overridden by the call's
    /// values. A removal only drops a default; a value the call sets explicitly is always kept.
    ///
    /// - Returns: The values by name; names absent from it are undefined.
    public func resolved() -> [String: URITemplate.Value] {
        var result = defaults
        for name in removed { result.removeValue(forKey: name) }
        result.merge(call) { _, callValue in callValue }
        return result
    }
}
