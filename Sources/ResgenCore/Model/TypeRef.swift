/// A resolved schema type: what an attribute, parameter, body or response holds.
public indirect enum TypeRef: Hashable, Sendable {
    /// A type from the schema language's built-in vocabulary.
    case builtin(BuiltinType)
    /// A resource declared under `resources:`.
    case resource(String)
    /// A value struct declared under `objects:`.
    case object(String)
    /// A string enum declared under `enums:`.
    case enumeration(String)
    /// `File`: a multipart file part (name, MIME type, content).
    case file
    /// `T?`.
    case optional(TypeRef)
    /// `[T]`.
    case array(TypeRef)
    /// `[String: T]`.
    case dictionary(TypeRef)

    /// The type without one level of optionality.
    public var unwrapped: TypeRef {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// Whether the type is `T?`.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// Whether a value of this type can be written as one query item, header or form field
    /// (scalars, enums; arrays of them for query items).
    public var isParameterValue: Bool {
        switch self {
        case .builtin(let builtin): builtin != .data
        case .enumeration: true
        case .optional(let wrapped): wrapped.isParameterValue
        default: false
        }
    }

    /// Whether this is a parameter value or an array of them (repeated query items).
    public var isQueryValue: Bool {
        switch self {
        case .array(let element): element.isParameterValue
        case .optional(let wrapped): wrapped.isQueryValue
        default: isParameterValue
        }
    }
}

