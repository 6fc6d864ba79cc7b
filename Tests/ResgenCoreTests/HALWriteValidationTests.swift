import Foundation
import ResgenCore
import Testing

/// `write:` and `relationshipWrites:` in stage 3: the property each form writes in, the API default and
/// where it does not apply, and the keys' warnings on a JSON:API schema.
@Suite struct HALWriteValidationTests {
    static let schema = """
        resources:
          Talk:
            path: /talks
            operations: [create, patch]
            attributes:
              title: String
            relationships:
              venue: { toOne: Venue }
              host: { toOne: Venue, write: { uri: host_url } }
              speakers: { toMany: Venue, key: people, write: id }
              room: { toOne: Venue, write: none }
              sponsor: { toOne: Sponsor, write: link }
              backer: { toOne: Sponsor }
          Venue:
            path: /venues
            operations: [show]
          Company:
            path: /companies
            operations: [show]
            attributes: { kind: String }
        unions:
          Sponsor:
            members: [Venue, Company]
            discriminator: selfLink

        """

    @Test func eachFormWritesInItsProperty() throws {
        let (model, diagnostics) = model(of: "api: { name: Talks, format: hal, relationshipWrites: uri }\n" + Self.schema.replacingOccurrences(of: ", write: link", with: ""))
        #expect(diagnostics.isEmpty)
        let talk = try #require(model?.resources.first { $0.name == "Talk" })
        let writes = Dictionary(uniqueKeysWithValues: talk.relationships.map { ($0.name, $0.halWrite) })
        #expect(writes["venue"] == HALWriteInfo(form: .uri, property: "venue"))  // the API's default
        #expect(writes["host"] == HALWriteInfo(form: .uri, property: "host_url"))
        #expect(writes["speakers"] == HALWriteInfo(form: .id, property: "peopleIds"))  // from the wire key
        #expect(writes["room"] == .some(nil))  // `none` overrides the default
        #expect(writes["sponsor"] == .some(nil) && writes["backer"] == .some(nil))  // unions: the default does not apply
    }

    @Test func aUnionTargetIsAnErrorOnlyWhenWrittenExplicitly() {
        #expect(diagnostics(of: "api: { name: Talks, format: hal }\n" + Self.schema) == [
            "schema.yml:13:41: error: relationship 'sponsor' of 'Talk' points to several resource types, so it has no single URI or id to write; remove 'write'"
        ])
    }

    @Test func jsonAPIIgnoresTheKeysWithAWarning() {
        let schema = """
            api: { name: Shop, format: jsonapi, relationshipWrites: link }
            resources:
              Product:
                type: products
                path: /products
                relationships:
                  maker: { toOne: Product, write: uri }

            """
        #expect(diagnostics(of: schema) == [
            "schema.yml:1:57: warning: 'relationshipWrites' is ignored: it says how a HAL server takes relationships, and the API's format is 'jsonapi'",
            "schema.yml:7:39: warning: 'write' of relationship 'maker' of 'Product' is ignored: JSON:API writes relationships as linkage, and the API's format is 'jsonapi'",
        ])
    }

    /// The written property's coding key (`halWriteVenue`) would be a second case of that name beside an
    /// attribute's: an error here, not in the compiler.
    @Test func anAttributeMayNotTakeTheCodingKeyOfAWrittenProperty() {
        let yaml = """
            api: { name: Talks, format: hal }
            resources:
              Talk:
                path: /talks
                operations: [create]
                attributes:
                  halWriteVenue: String
                relationships:
                  venue: { toOne: Venue, write: uri }
              Venue: { path: /venues, operations: [show] }
            """
        let found = diagnostics(of: yaml)
        #expect(found.count == 1)
        #expect(found.first?.contains("error: attribute 'halWriteVenue' of 'Talk' has the Swift name 'halWriteVenue'") == true, "\(found)")
    }
}
