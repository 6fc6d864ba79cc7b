/// The code of one stored property of a model, or one parameter of a request: what the translator
/// assembles a struct's declarations, initializer and coding from. Not part of the render context;
/// templates receive the assembled blocks.
struct PropertyCode: Hashable, Sendable {
    /// The identifier, escaped if it is a keyword.
    var propertyName: String
    /// The whole declaration: `public var title: String` or `public internal(set) var views: Int`.
    var propertyDeclaration: String
    /// The Swift type.
    var propertyType: String
    /// Doc comment lines.
    var propertyDoc: [String]
    /// `self.x = try container.decode…` statement.
    var decodeStatement: String
    /// `try container.encode…` statement.
    var encodeStatement: String
}
