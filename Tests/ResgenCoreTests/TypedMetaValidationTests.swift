import ResgenCore
import Testing

/// The validator's side of typed meta (issue 25, item 4): the types resolve, the properties the
/// model gains do not clash, and a HAL schema ignores the keys with a warning.
struct TypedMetaValidationTests {
    static func schema(format: String = "jsonapi", resource: String = "", relationship: String = "", attributes: String = "title: String") -> String {
        """
        api: { name: Blog, format: \(format) }
        objects:
          CountMeta: { attributes: { count: Int } }
        resources:
          Comment: { type: comments, path: /comments }
          Article:
            type: articles
            path: /articles
            \(resource)
            attributes: { \(attributes) }
            relationships:
              comments: { toMany: Comment\(relationship) }
        """
    }

    @Test func declaredTypesAreValid() {
        let yaml = Self.schema(resource: "meta: CountMeta\n    documentMeta: \"[String: Int]\"", relationship: ", meta: CountMeta?")
        #expect(diagnostics(of: yaml) == [])
    }

    @Test func anUnknownTypeIsAnError() {
        let found = diagnostics(of: Self.schema(resource: "documentMeta: CountMta"))
        #expect(found.count == 1)
        #expect(found.first?.contains("error: unknown type 'CountMta'") == true, "\(found)")
    }

    @Test func aRelationshipMetaPropertyMayNotClashWithAnAttribute() {
        let found = diagnostics(of: Self.schema(relationship: ", meta: CountMeta", attributes: "commentsMeta: String"))
        #expect(found.count == 1)
        #expect(found.first?.contains("'commentsMeta'") == true, "\(found)")
    }

    @Test func resourceMetaIsReservedInJSONAPISchemas() {
        let found = diagnostics(of: Self.schema(attributes: "resourceMeta: String"))
        #expect(found.count == 1)
        #expect(found.first?.contains("error:") == true, "\(found)")
    }

    @Test func aHALSchemaIgnoresTheKeysWithAWarning() {
        let yaml = Self.schema(format: "hal", resource: "meta: CountMeta\n    documentMeta: CountMeta", relationship: ", meta: CountMeta")
        let found = diagnostics(of: yaml)
        #expect(found.count == 3)
        #expect(found.allSatisfy { $0.contains("warning:") && $0.contains("typed meta is a JSON:API feature") }, "\(found)")
    }
}
