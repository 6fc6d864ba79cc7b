/// What a template tag can resolve to in ``TemplateInterpreter``: the five shapes the render
/// contexts' fields have, typed, so that a lookup is a `switch` on a ``RenderKey`` rather than a
/// string split, a string `switch` and a handful of dynamic casts on `Any` (swift-mustache's cost per
/// tag, which was most of the generator's time).
///
/// Each case stands for exactly the value swift-mustache finds for the same key (through `Mirror`,
/// with optionals unwrapped; `TemplateInterpreterTests` checks that), so the interpreter can follow
/// swift-mustache's rules case by case.
enum RenderValue {
    /// A `String` field (or a present `String?`).
    case string(String)
    /// A `Bool` flag: a section renders with the same scope when true, nothing when false.
    case bool(Bool)
    /// An `Int` field (also what `index()` gives).
    case int(Int)
    /// A nested context (a present optional one): pushed by a section.
    case node(any RenderNode)
    /// An array field: a section renders once per element.
    case list(any RenderList)
}

/// A render context struct, as the interpreter reads it: the value of each of its fields by key,
/// `nil` for keys it does not have (and for absent optionals), as swift-mustache finds them.
///
/// The conformances are generated (`RenderContext+RenderNode.swift`, `make tables`).
protocol RenderNode: RenderListElement {
    /// The value of the stored property called `key`, or nil.
    func renderValue(_ key: RenderKey) -> RenderValue?
    /// The context itself, as swift-mustache would hold it (for transforms).
    var anyValue: Any { get }
}

extension RenderNode {
    var asRenderElement: RenderValue { .node(self) }
    var anyValue: Any { self }
}

/// An element of an array field: a context or a string.
protocol RenderListElement {
    /// The element as the value a section pushes for it.
    var asRenderElement: RenderValue { get }
}

extension String: RenderListElement {
    var asRenderElement: RenderValue { .string(self) }
}

/// An array field, read element by element without copying it into `[Any]`.
protocol RenderList {
    var count: Int { get }
    /// The element at `index` (`0 ..< count`).
    func element(at index: Int) -> RenderValue
    /// The array itself, as swift-mustache would hold it (for transforms such as `count(…)`).
    var anyValue: Any { get }
}

extension Array: RenderList where Element: RenderListElement {
    func element(at index: Int) -> RenderValue { self[index].asRenderElement }
    var anyValue: Any { self }
}
