import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// Dates as servers write them (issue 49, item 5), over both transports: the Clinic schema reads a
/// datetime written with a space and no zone through its pattern, and a date column written
/// `2001-01-01` on reads but `2001-01-01 00:00:00` in a create's reply through its list of formats,
/// sending the first.
@Suite struct DateSpellingsTests {
    @Test(arguments: TransportKind.allCases)
    func aCreatesReplyInAnotherSpellingStillDecodes(kind: TransportKind) async throws {
        let server = try await ScriptedServer.start(host: "127.0.0.1")
        let client = Client(api: Clinic.self, baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Clinic.self)))
        let json = ["Content-Type": JSONAPICodec.mediaType]
        try await server.script([
            "/patients/": .init(status: 201, headers: json, body: #"{"data": {"type": "Patient", "id": "9", "attributes": {"name": "Clara", "born_on": "2001-01-01 00:00:00"}}}"#),
            "/patients/9/": .init(headers: json, body: #"{"data": {"type": "Patient", "id": "9", "attributes": {"name": "Clara", "born_on": "2001-01-01"}}}"#),
            "/appointments/3/": .init(headers: json, body: #"{"data": {"type": "Appointment", "id": "3", "attributes": {"scheduled_at": "2026-03-02 09:15:00"}}}"#),
        ])
        let born = try #require(AttributeDateFormat.date.date(from: "2001-01-01"))
        let created = try await client.create(Patient.create(), Patient.New(name: "Clara", bornOn: born))
        #expect(created.bornOn == born)
        #expect(try await client.fetch(Patient.show(9)).bornOn == born)
        #expect(try await client.fetch(Appointment.show(3)).scheduledAt == Date(timeIntervalSince1970: 1_772_442_900))
        let sent = try await server.log(under: "/patients/").first { $0.method == "POST" }
        #expect(sent?.body?.contains(#""born_on":"2001-01-01""#) == true, "the first format is the one sent: \(sent?.body ?? "")")
    }
}
