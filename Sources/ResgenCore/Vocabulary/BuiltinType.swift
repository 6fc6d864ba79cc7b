/// The built-in scalar types of the schema language; their spelling is also their Swift name.
public enum BuiltinType: String, Hashable, Sendable, CaseIterable {
    case string = "String"
    case int = "Int"
    case int32 = "Int32"
    case int64 = "Int64"
    case double = "Double"
    case float = "Float"
    case bool = "Bool"
    case decimal = "Decimal"
    case date = "Date"
    case url = "URL"
    case uuid = "UUID"
    case data = "Data"

    /// The types a resource id may have (`id:`).
    public static let identifierTypes: [BuiltinType] = [.string, .int, .int32, .int64, .uuid]

    /// Whether the type is an integer type.
    public var isInteger: Bool { self == .int || self == .int32 || self == .int64 }
    /// Whether the type is a floating-point or decimal type.
    public var isFractional: Bool { self == .double || self == .float || self == .decimal }
}
