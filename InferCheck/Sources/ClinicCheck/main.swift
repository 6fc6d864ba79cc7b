import Foundation
import InferCheckSupport
import ResgenRuntime

// The Clinic client generated from the draft `resgen infer` wrote for Tests/Servers/safrs, against the
// same server (its URL is the argument): each list and show the draft claims, compared with the raw
// JSON. safrs writes relationship linkage only when included: the draft says `linkage: whenIncluded`,
// and the models hold the `null`s and `[]`s as unknown. Its datetimes ("2026-03-02 09:15:00") are read
// with the drafted pattern and written back alike.
guard CommandLine.arguments.count == 2, let base = URL(string: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: ClinicCheck <server URL>\n".utf8))
    exit(64)
}
let client = Client(api: Clinic.self, baseURL: base)
let checker = RoundTripChecker(client: client, format: .jsonapi, linkageOnlyWhenIncluded: true)
try await checker.check(try await client.fetch(Appointment.list()), path: "/api/appointments/")
try await checker.check(try await client.fetch(Appointment.show(1)), path: "/api/appointments/1/")
try await checker.check(try await client.fetch(Doctor.list()), path: "/api/doctors/")
try await checker.check(try await client.fetch(Doctor.show(1)), path: "/api/doctors/1/")
try await checker.check(try await client.fetch(Patient.list()), path: "/api/patients/")
try await checker.check(try await client.fetch(Patient.show(1)), path: "/api/patients/1/")
checker.finish("ClinicCheck")
