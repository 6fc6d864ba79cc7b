import ResgenCore
import Testing

/// A relationship's `linkage:` (issue 49, item 6): when a JSON:API server writes the relationship's
/// `data`. It reaches the model, is refused with a suggestion when misspelled, and is ignored with a
/// warning outside JSON:API.
@Suite struct RelationshipLinkageValidationTests {
    static func schema(format: String, linkage: String) -> String {
        """
        api: { name: Clinic, format: \(format) }
        resources:
          Appointment:
            type: appointments
            path: /appointments
            operations: [show]
            attributes: { note: String }
            relationships:
              doctor: { toOne: Doctor?, linkage: \(linkage) }
          Doctor:
            type: doctors
            path: /doctors
            operations: [show]
            attributes: { name: String }
        """
    }

    @Test func whenIncludedReachesTheModel() throws {
        let (model, diagnostics) = model(of: Self.schema(format: "jsonapi", linkage: "whenIncluded"))
        #expect(diagnostics.isEmpty)
        let doctor = try #require(model?.resources.first { $0.name == "Appointment" }?.relationships.first)
        #expect(doctor.linkageWhenIncluded)
        let always = try #require(ResgenCoreTests.model(of: Self.schema(format: "jsonapi", linkage: "always")).0?.resources.first { $0.name == "Appointment" }?.relationships.first)
        #expect(!always.linkageWhenIncluded)
    }

    @Test func aMisspelledValueIsAnErrorAtItsPlace() {
        let found = diagnostics(of: Self.schema(format: "jsonapi", linkage: "whenIncludd"))
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("schema.yml:9:42: error:") == true, "\(found)")
        #expect(found.first?.contains("whenIncluded") == true, "\(found)")
    }

    @Test func outsideJSONAPIItIsIgnoredWithAWarning() throws {
        let (model, found) = model(of: Self.schema(format: "hal", linkage: "whenIncluded"))
        #expect(found == ["schema.yml:9:42: warning: 'linkage' of relationship 'doctor' of 'Appointment' is ignored: it says when a JSON:API server writes a relationship's 'data', and the API's format is 'hal'"])
        #expect(model?.resources.first { $0.name == "Appointment" }?.relationships.first?.linkageWhenIncluded == false)
    }
}
