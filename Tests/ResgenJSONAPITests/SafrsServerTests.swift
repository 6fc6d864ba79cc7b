import Foundation
import HTTPTypes
import ResgenRuntime
import Testing

/// The generated Clinic client (`Schemas/clinic`) against the real safrs server (`Tests/Servers/safrs`),
/// the third JSON:API library the project runs: links written with raw brackets and commas,
/// relationship endpoints at URLs of their own, answered with whole resource objects. One server, reset
/// before each test; each test runs over both transports.
@Suite(.enabled(if: SafrsServer.isAvailable), .serialized) struct SafrsServerTests {
    static func server() async throws -> SafrsServer {
        let server = try await SafrsServer.shared()
        try await server.reset()
        return server
    }

    /// A client of `server` over the `kind` of transport.
    static func client(_ server: SafrsServer, _ kind: TransportKind) -> Client {
        Client(api: Clinic.self, baseURL: server.baseURL, transport: kind.make(), configuration: .init(codec: JSONAPICodec(api: Clinic.self)))
    }

    /// Issue 49, item 2: safrs gives each relationship `links.self` at `/api/appointments/1/doctor`, and
    /// its `/api/appointments/1/relationships/doctor` answers 404. The calls that take the decoded resource
    /// go where its document says, and read the whole resource object safrs answers with as linkage.
    @Test(arguments: TransportKind.allCases) func relationshipCallsGoWhereTheDocumentSays(kind: TransportKind) async throws {
        let server = try await Self.server()
        let client = Self.client(server, kind)
        let appointment = try await client.fetch(Appointment.show(1))
        #expect(appointment.doctor?.selfLink?.path == "/api/appointments/1/doctor")

        // The conventional URL is not where this server keeps the relationship.
        await #expect(throws: ClientError.self) { _ = try await client.fetchLinkage(\.doctor, of: Appointment.show(1)) }
        #expect(try await server.requests().last == .init(method: "GET", target: "/api/appointments/1/relationships/doctor/", status: 404))

        try await server.reset()
        #expect(try await client.fetchLinkage(\.doctor, of: appointment) == 1, "a whole Doctor object, read as its identifier")
        let reply = try await client.replace(\.doctor, of: appointment, with: 2)
        #expect(reply.status == .ok, "safrs answers the PATCH with the new doctor's whole resource object")
        #expect(try await client.fetch(Appointment.show(1), including: .doctor).doctor?.resolved?.name == "Dr. Ben Okafor")

        let ben = try await client.fetch(Doctor.show(2))
        #expect(ben.appointments.selfLink?.path == "/api/doctors/2/appointments")
        #expect(try await client.fetchLinkage(\.appointments, of: ben).sorted() == [1, 6, 7])
        try await client.add([3], to: \.appointments, of: ben)
        #expect(try await client.fetchLinkage(\.appointments, of: ben).sorted() == [1, 3, 6, 7])
        try await client.remove([1, 3], from: \.appointments, of: ben)
        #expect(try await client.fetchLinkage(\.appointments, of: ben).sorted() == [6, 7])
        try await client.replace(\.doctor, of: appointment, with: nil)
        // safrs answers GET on an empty to-one's link with 404, and writes the included linkage as `null`.
        let cleared = try await client.fetch(Appointment.show(1), including: .doctor)
        #expect(cleared.doctor?.id == nil && cleared.doctor?.resolved == nil)

        let targets = try await server.requests().map(\.description)
        #expect(targets == [
            "GET /api/appointments/1/doctor → 200",
            "PATCH /api/appointments/1/doctor → 200",
            "GET /api/appointments/1/?include=doctor → 200",
            "GET /api/doctors/2/ → 200",
            "GET /api/doctors/2/appointments → 200",
            "POST /api/doctors/2/appointments → 204",
            "GET /api/doctors/2/appointments → 200",
            "DELETE /api/doctors/2/appointments → 204",
            "GET /api/doctors/2/appointments → 200",
            "PATCH /api/appointments/1/doctor → 204",
            "GET /api/appointments/1/?include=doctor → 200",
        ])
    }

    /// Issue 49, item 1 on a real server: safrs writes its page links with raw brackets and the
    /// `include` list's raw commas (`?include=doctor,patient&page[offset]=2&page[limit]=2`). Each `next`
    /// is requested as written: the commas stay commas. (The brackets go out as `%5B`/`%5D`: a Foundation
    /// `URL` cannot hold a raw bracket in a query, which RFC 3986 does not allow there; servers decode
    /// both spellings alike.)
    @Test(arguments: TransportKind.allCases) func pageLinksAreRequestedAsWritten(kind: TransportKind) async throws {
        let server = try await Self.server()
        let client = Self.client(server, kind)
        var nextLinks: [String] = []
        var items: [Appointment] = []
        for try await page in client.pages(Appointment.list(), including: .people, query: [QueryItem(name: "page[limit]", value: "2")]) {
            items += page.items
            if let next = page.next { nextLinks.append(next.absoluteString) }
        }
        #expect(items.prefix(4).map(\.id) == [1, 2, 3, 4])
        #expect(items.first?.doctor?.resolved?.name == "Dr. Ada Quill", "each page's included resolved")
        #expect(items.first?.patient?.resolved?.name == "Amy Pond")
        let requested = try await server.requests().dropFirst().map(\.target)
        #expect(!requested.isEmpty)
        let written = nextLinks.prefix(requested.count).map { link in
            let path = link.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }  // the target: from the path on
            return String(path).replacingOccurrences(of: "[", with: "%5B").replacingOccurrences(of: "]", with: "%5D")
        }
        #expect(Array(requested.prefix(written.count)) == written, "the pages reached by next links (the last is reached by `last`, below)")
        #expect(requested.allSatisfy { $0.contains("include=doctor,patient&") }, "\(requested)")
    }

    /// Issue 49, item 3 on a real server: safrs leaves `next` out on the page before the last (offset 4
    /// of 7 appointments, 2 a page) while giving `last` (offset 6). `pages()` steps `page[offset]` by the
    /// page's `page[limit]` (the one parameter the page's URL and `last` differ in), reaches `last`, requested
    /// as safrs wrote it, and stops there: all 7 appointments in 4 requests, none twice.
    @Test(arguments: TransportKind.allCases) func theLastPageIsReachedWhenThePageBeforeItHasNoNext(kind: TransportKind) async throws {
        let server = try await Self.server()
        let client = Self.client(server, kind)
        var ids: [Int] = []
        var lastLinks: [String] = []
        var withoutNext = 0
        for try await page in client.pages(Appointment.list(), query: [QueryItem(name: "page[limit]", value: "2")]) {
            ids += page.items.map(\.id)
            if let last = page.last { lastLinks.append(last.absoluteString) }
            if page.next == nil { withoutNext += 1 }
        }
        #expect(ids == Array(1...7), "all seven, where following next links alone read six")
        #expect(withoutNext == 2, "the page before the last and the last have no next link")
        let requested = try await server.requests().map(\.target)
        #expect(requested == [
            "/api/appointments/?page%5Blimit%5D=2",
            "/api/appointments/?page%5Boffset%5D=2&page%5Blimit%5D=2",
            "/api/appointments/?page%5Boffset%5D=4&page%5Blimit%5D=2",
            "/api/appointments/?page%5Boffset%5D=6&page%5Blimit%5D=2",
        ])
        #expect(Set(requested).count == requested.count, "no URL twice")
        let last = try #require(lastLinks.last).drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" }
        #expect(requested.last == String(last).replacingOccurrences(of: "[", with: "%5B").replacingOccurrences(of: "]", with: "%5D"), "last, as written")
    }

    /// Issue 49, item 6: safrs writes `data: null` / `[]` for every relationship not included. Declared
    /// `linkage: whenIncluded` (Schemas/clinic), those read as unknown: the relationship is there with
    /// its link and no id, never "no doctor"; included, the linkage and resolved resource are there.
    @Test(arguments: TransportKind.allCases) func linkageThatComesOnlyWhenIncludedIsUnknownOtherwise(kind: TransportKind) async throws {
        let client = Self.client(try await Self.server(), kind)
        let listed = try await client.fetch(Appointment.list())
        #expect(listed.count == 7)
        #expect(listed.allSatisfy { $0.doctor != nil && $0.doctor?.id == nil && $0.doctor?.selfLink != nil }, "unknown, not none")
        let included = try await client.fetch(Appointment.list(), including: .people)
        #expect(included.map { $0.doctor?.id } == [1, 1, 1, 1, 1, 2, 2])
        #expect(included.map { $0.patient?.resolved?.name } == ["Amy Pond", "Rory Williams", "Amy Pond", "Rory Williams", "Amy Pond", "Rory Williams", "Amy Pond"])
        let ada = try await client.fetch(Doctor.show(1))
        #expect(ada.appointments.ids == nil, "[] unless included: unknown")
        #expect(try await client.fetchLinkage(\.appointments, of: ada).sorted() == [1, 2, 3, 4, 5])
    }

    /// Issue 49, item 5: safrs writes datetimes as `2026-03-02 09:15:00` (a space, no zone), read with
    /// `dateFormat: { pattern: "yyyy-MM-dd HH:mm:ss" }`, and a date column as `1989-04-12` on reads but
    /// `2001-01-01 00:00:00` in a create's 201, read with the list `[date, { pattern: … }]`.
    @Test(arguments: TransportKind.allCases) func datesAsTheServerWritesThem(kind: TransportKind) async throws {
        let client = Self.client(try await Self.server(), kind)
        let first = try await client.fetch(Appointment.show(1))
        #expect(first.scheduledAt == Date(timeIntervalSince1970: 1_772_442_900), "2026-03-02 09:15:00 UTC")
        #expect(try await client.fetch(Patient.show(1)).bornOn == AttributeDateFormat.date.date(from: "1989-04-12"))

        let born = try #require(AttributeDateFormat.date.date(from: "2001-01-01"))
        let clara = try await client.create(Patient.create(), Patient.New(name: "Clara Oswald", bornOn: born))
        #expect(clara.bornOn == born, "the 201 writes 2001-01-01 00:00:00")
        #expect(try await client.fetch(Patient.show(clara.id)).bornOn == born, "reads write 2001-01-01")

        let when = Date(timeIntervalSince1970: 1_775_039_400)  // 2026-04-01 10:30:00 UTC
        // safrs answers a create carrying relationships with 409 ("Database constraint violation"): the
        // appointment is made first, its doctor and patient set at their own URLs after.
        let booked = try await client.create(Appointment.create(), Appointment.New(scheduledAt: when))
        #expect(booked.scheduledAt == when)
        try await client.replace(\.doctor, of: booked, with: 2)
        try await client.replace(\.patient, of: booked, with: clara.id)
        let reread = try await client.fetch(Appointment.show(booked.id), including: .people)
        #expect(reread.scheduledAt == when)
        #expect(reread.patient?.resolved?.name == "Clara Oswald")
    }

    /// Issue 47: the typed list parameters of `Schemas/clinic` (`list:` of Appointment) select what the
    /// raw query selects on safrs, which reads `filter[column]=a,b` as one of the values (a SQL `IN`) and
    /// `sort=-scheduled_at,id` as JSON:API says.
    @Test(arguments: TransportKind.allCases) func typedFiltersAndSortsSelectWhatTheRawQueryDoes(kind: TransportKind) async throws {
        let server = try await Self.server()
        let client = Self.client(server, kind)
        func ids(_ path: ResourcePath<Appointment, Op.List>, _ raw: KeyValuePairs<String, String> = [:]) async throws -> [Int] {
            try await client.fetch(path, query: raw.map { QueryItem(name: $0.key, value: $0.value) }).map(\.id)
        }
        let bens = try await ids(Appointment.list(filter: .init(doctors: [2]), sort: [.scheduledAt.descending]))
        #expect(bens == [7, 6])
        #expect(try await ids(Appointment.list(), ["filter[doctor_id]": "2", "sort": "-scheduled_at"]) == bens)

        let rorys = try await ids(Appointment.list(filter: .init(doctors: [1, 2], patient: 2), sort: [.id.descending]))
        #expect(rorys == [6, 4, 2])
        #expect(try await ids(Appointment.list(), ["filter[doctor_id]": "1,2", "filter[patient_id]": "2", "sort": "-id"]) == rorys)

        let both = try await ids(Appointment.list(filter: .init(doctors: [1]), sort: [.scheduledAt.descending, .id]))
        #expect(both == [5, 4, 3, 2, 1])
        #expect(try await server.requests().suffix(6).first?.target == "/api/appointments/?filter%5Bdoctor_id%5D=2&sort=-scheduled_at")
    }
}
