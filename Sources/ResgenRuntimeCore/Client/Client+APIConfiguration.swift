import Foundation

extension Client.Configuration {
    /// The configuration ``Client/init(api:baseURL:transport:configuration:middlewares:)`` uses when given
    /// none: the generated API's date format and the codec of its wire format, everything else by default.
    /// Start from it to change one setting:
    ///
    /// ```swift
    /// var configuration = Client.Configuration(api: Forum.self)
    /// configuration.cache = try HTTPCache()
    /// let client = Client(api: Forum.self, configuration: configuration)
    /// ```
    public init<API: APIDefinition>(api: API.Type) {
        self.init(dateFormat: API.dateFormat, codec: API.format.plugIn.codec(for: API.self))
    }
}
