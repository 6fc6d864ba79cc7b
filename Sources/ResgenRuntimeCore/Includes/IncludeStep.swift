/// One relationship in an ``IncludePath``, named for both JSON:API and HAL.
public struct IncludeStep: Hashable, Sendable {
    /// The relationship's wire key: the JSON:API include name, for example `"author"`.
    public var key: String

    /// The HAL link relation of the relationship; the same as ``key`` unless the schema says otherwise.
    public var rel: String

    /// Whether the relationship is to-many (`ToMany`) rather than to-one (`ToOne`).
    public var isToMany: Bool

    /// Creates a step.
    ///
    /// - Parameters:
    ///   - key: The wire key.
    ///   - rel: The HAL link relation; `nil` means the same as `key`.
    ///   - isToMany: Whether the relationship is to-many.
    public init(key: String, rel: String? = nil, isToMany: Bool) {
        self.key = key
        self.rel = rel ?? key
        self.isToMany = isToMany
    }

    /// A step along a to-one relationship.
    ///
    /// - Parameters:
    ///   - key: The wire key.
    ///   - rel: The HAL link relation; `nil` means the same as `key`.
    /// - Returns: The step.
    public static func toOne(_ key: String, rel: String? = nil) -> IncludeStep {
        IncludeStep(key: key, rel: rel, isToMany: false)
    }

    /// A step along a to-many relationship.
    ///
    /// - Parameters:
    ///   - key: The wire key.
    ///   - rel: The HAL link relation; `nil` means the same as `key`.
    /// - Returns: The step.
    public static func toMany(_ key: String, rel: String? = nil) -> IncludeStep {
        IncludeStep(key: key, rel: rel, isToMany: true)
    }
}
