/// A resource whose schema declares includes, with the generated ``IncludeSet`` that lists them.
public protocol HasIncludes: Resource {
    /// The includes of this resource.
    associatedtype Include: IncludeSet where Include.Root == Self
}
