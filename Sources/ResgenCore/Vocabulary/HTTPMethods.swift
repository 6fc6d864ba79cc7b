/// The HTTP methods a request may name (`requests.<Name>.method`, case-insensitive): what the schema
/// tables offer editors and what the validator accepts.
public enum HTTPMethods {
    /// In the order `resgen json-schema` lists them.
    public static let all = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
}
