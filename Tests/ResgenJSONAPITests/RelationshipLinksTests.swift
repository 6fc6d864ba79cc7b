import Foundation
import HTTPTypes
import Testing

@_spi(Testing) @testable import ResgenRuntime

/// Issue 49, items 2 and 6, without a real server: relationship calls go to the URL the document gave
/// (the relationship's `links.self`, else below the resource's `links.self`, else the conventional path),
/// a resource object answered where linkage belongs reads as its identifier, and a relationship declared
/// `linkage: whenIncluded` (the Clinic schema's) reads an empty linkage as unknown — by both decoders and
/// over both transports.
@Suite struct RelationshipLinksTests {
    static let json = ["Content-Type": JSONAPICodec.mediaType]

    static func client(_ server: ScriptedServer, _ kind: TransportKind) -> Client {
        Client(api: Clinic.self, baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Clinic.self)))
    }

    /// An appointment whose `doctor` relationship object is `relationship` and whose own links are `links`.
    static func appointment(doctor relationship: String, links: String = "") -> String {
        #"{"data": {"type": "Appointment", "id": "1", "attributes": {"scheduled_at": "2026-03-02 09:15:00"}, "relationships": {"doctor": \#(relationship)}\#(links)}}"#
    }

    /// A whole Doctor resource object as the linkage of a relationship endpoint (safrs answers so).
    static let wholeDoctor = #"{"data": {"type": "Doctor", "id": "2", "attributes": {"name": "Dr. B"}, "links": {"self": "/doctors/2/"}, "relationships": {"appointments": {"data": [], "links": {"self": "/doctors/2/appointments"}}}}, "links": {"self": "/x"}}"#

    @Test(arguments: TransportKind.allCases)
    func theRelationshipsOwnLinkIsWhereItIsReadAndChanged(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        let client = Self.client(server, kind)
        try await server.script([
            "/appointments/1/": .init(headers: Self.json, body: Self.appointment(doctor: #"{"data": null, "links": {"self": "/elsewhere/doctor-of-1"}}"#)),
            "/elsewhere/doctor-of-1": .init(headers: Self.json, body: Self.wholeDoctor),
        ])
        let appointment = try await client.fetch(Appointment.show(1))
        #expect(appointment.doctor != nil && appointment.doctor?.id == nil, "linkage whenIncluded: null is unknown, not none")
        #expect(try await client.fetchLinkage(\.doctor, of: appointment) == 2, "a whole resource object reads as its identifier")
        let reply = try await client.replace(\.doctor, of: appointment, with: 3)
        #expect(reply.status == .ok, "the 200's whole resource object is read as linkage too")
        let log = try await server.log(under: "/elsewhere/")
        #expect(log.map { "\($0.method) \($0.target)" } == ["GET /elsewhere/doctor-of-1", "PATCH /elsewhere/doctor-of-1"])
        #expect(log.last?.body == #"{"data":{"id":"3","type":"Doctor"}}"#)
    }

    /// Without a relationship link: `relationships/<key>` below the resource object's `links.self`; without
    /// that either, the conventional path below the instance path (`/appointments/1/` ends in a slash, so
    /// the relationship's does too).
    @Test(arguments: TransportKind.allCases)
    func withoutARelationshipLinkTheResourcesOwnLinkOrPathLeads(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        let client = Self.client(server, kind)
        let linkage = #"{"data": {"type": "Doctor", "id": "4"}}"#
        try await server.script([
            "/appointments/1/": .init(headers: Self.json, body: Self.appointment(doctor: #"{"data": {"type": "Doctor", "id": "4"}}"#, links: #", "links": {"self": "/v2/appointments/1"}"#)),
            "/v2/appointments/1/relationships/doctor": .init(headers: Self.json, body: linkage),
            "/appointments/1/relationships/doctor/": .init(headers: Self.json, body: linkage),
        ])
        var appointment = try await client.fetch(Appointment.show(1))
        #expect(try await client.fetchLinkage(\.doctor, of: appointment) == 4)
        appointment.jsonAPI.links = nil
        #expect(try await client.fetchLinkage(\.doctor, of: appointment) == 4)
        let targets = try await server.log(under: "/").map(\.target)
        #expect(targets == ["/appointments/1/", "/v2/appointments/1/relationships/doctor", "/appointments/1/relationships/doctor/"])
    }

    /// `linkage: whenIncluded`: `null` and `[]` are unknown (links kept), a non-empty linkage reads as
    /// usual, an absent relationship is empty; JSONDecoder and the tape decoder agree.
    @Test func anEmptyLinkageIsUnknownWhenTheSchemaSaysLinkageComesOnlyWhenIncluded() throws {
        let codec = JSONAPICodec(api: Clinic.self)
        /// The primary data of `json`, by JSONDecoder, after checking the tape decoder reads the same.
        func decode<Primary: Decodable & Equatable>(_ type: WireDocument<Primary>.Type, _ json: String) throws -> WireDocument<Primary> {
            let decoder = codec.jsonAPIDecoder(from: JSONDecoder())
            let data = Data(json.utf8)
            let plain = try decoder.decode(WireDocument<Primary>.self, from: data)
            #expect(TapeDecoder.decode(WireDocument<Primary>.self, from: data, like: decoder, userInfo: decoder.userInfo)?.data == plain.data, "the tape decoder agrees")
            return plain
        }
        let unincluded = try decode(WireDocument<Appointment>.self, Self.appointment(doctor: #"{"data": null, "links": {"self": "/appointments/1/doctor"}}"#)).data
        #expect(unincluded.doctor?.id == nil)
        #expect(unincluded.doctor?.selfLink?.relativeString == "/appointments/1/doctor")
        let linked = try decode(WireDocument<Appointment>.self, Self.appointment(doctor: #"{"data": {"type": "Doctor", "id": "2"}}"#)).data
        #expect(linked.doctor?.id == 2)
        let unsent = try decode(WireDocument<Appointment>.self, #"{"data": {"type": "Appointment", "id": "1", "attributes": {"scheduled_at": "2026-03-02 09:15:00"}}}"#).data
        #expect(unsent.doctor?.isEmpty == true, "not sent: an empty relationship, as for every JSON:API relationship")

        let doctor = { (linkage: String) in
            #"{"data": {"type": "Doctor", "id": "1", "attributes": {"name": "Dr. A"}, "relationships": {"appointments": {"data": \#(linkage), "links": {"self": "/doctors/1/appointments"}}}}}"#
        }
        #expect(try decode(WireDocument<Doctor>.self, doctor("[]")).data.appointments.ids == nil, "[]: unknown")
        #expect(try decode(WireDocument<Doctor>.self, doctor("null")).data.appointments.ids == nil)
        #expect(try decode(WireDocument<Doctor>.self, doctor("[]")).data.appointments.selfLink != nil)
        #expect(try decode(WireDocument<Doctor>.self, doctor(#"[{"type": "Appointment", "id": "3"}]"#)).data.appointments.ids == [3])
    }
}
