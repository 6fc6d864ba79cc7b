import Foundation
import ResgenCore
import Testing

/// `writeOnly`, per-attribute `dateFormat`, and optional relationships and attributes that keep "not
/// sent" apart from `null`: the generated lines, and that they compile in each wire format.
@Suite struct WireFidelitySnippetTests {
    static func schema(format: String) -> String {
        """
        api: { name: S, format: \(format), dateFormat: secondsSince1970 }
        objects:
          Stamp:
            attributes:
              day: { type: Date, dateFormat: date }
        resources:
          Account:
            type: accounts
            path: /accounts
            operations: [show, create, patch]
            \(format == "jsonapi" ? "sparseFieldsets: true" : "")
            attributes:
              name: String
              password: { type: String, writeOnly: true }
              pin: { type: Int?, writeOnly: true, default: 0 }
              bornOn: { type: Date?, key: born-on, dateFormat: date }
              seenAt: { type: Date, dateFormat: iso8601WithFractionalSeconds }
              local: { type: Date?, dateFormat: { pattern: "dd.MM.yyyy" } }
              stamp: Stamp?
            relationships:
              manager: { toOne: Account? }
              reports: { toMany: Account? }
          Note:
            type: notes
            path: /notes
            operations: [show, patch]
            attributes:
              text: String?
        """
    }

    static func file(_ files: [GeneratedFile], _ name: String) throws -> String {
        try files.text(of: name)
    }

    static func expect(_ lines: [String], in text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for line in lines {
            #expect(text.contains(line), "missing line: \(line)", sourceLocation: sourceLocation)
        }
    }

    @Test func jsonAPIModelsKeepTheirOwnDatesWriteOnlyAndNull() async throws {
        let files = try GeneratedCode.generate(Self.schema(format: "jsonapi"))
        let models = try Self.file(files, "Models")
        Self.expect([
            "public var password: String?",
            "public var pin: Int?",
            "public init(id: String, name: String, password: String? = nil, pin: Int? = nil, bornOn: Date? = nil, seenAt: Date, local: Date? = nil, stamp: Stamp? = nil, manager: ToOne<Account>? = nil, reports: ToMany<Account>? = nil) {",
            "public var bornOn: Date? { didSet { self.unsentAttributes.remove(0) } }",
            "@_spi(Generated) public var unsentAttributes = UnsentAttributes()",
            "self.unsentAttributes.isKnown(key, among: [.bornOn, .local, .stamp])",
            // One initializer and one encoding function read and write both forms (WireFormat).
            "try self.init(jsonAPIFields: JSONAPIObjectFieldsReader<CodingKeys>(decoder, resourceType: Self.resourceType))",
            "try self.init(jsonAPIFields: JSONAPIPlainFieldsReader<CodingKeys>(decoder))",
            "try encode(jsonAPIFields: JSONAPIObjectFieldsWriter<CodingKeys>(encoder, resourceType: Self.resourceType))",
            "try encode(jsonAPIFields: JSONAPIPlainFieldsWriter<CodingKeys>(encoder))",
            "self.day = try container.decodeDate(forKey: .day, format: .date)",
            "if self.manager != nil || !value.isEmpty { self.manager = value }",
        ], in: models)
        let wire = try Self.file(files, "WireFormat")
        Self.expect([
            "self.password = try jsonAPIAttributes.decodeIfPresent(String.self, forKey: .password)",
            "self.seenAt = try jsonAPIAttributes.decodeDate(forKey: .seenAt, format: .api(.iso8601WithFractionalSeconds))",
            #"try self.unsentAttributes.encodeDate(self.local, position: 1, forKey: .local, format: .pattern("dd.MM.yyyy"), to: &jsonAPIAttributes)"#,
            "self.stamp = try self.unsentAttributes.note(jsonAPIAttributes.decodeIfPresent(Stamp.self, forKey: .stamp), position: 2, isAbsent: !jsonAPIAttributes.contains(.stamp))",
            "self.manager = try jsonAPIRelationships.nullableToOne(Account.self, forKey: .manager)",
            "self.reports = try jsonAPIRelationships.nullableToMany(Account.self, forKey: .reports)",
            "try jsonAPIRelationships.encodeNullable(self.manager, forKey: .manager)",
            "if let value = self.password, self.password != old.password { changes.set(.password, value) }",
            "if self.unsentAttributes.changed(self.bornOn, since: old.bornOn, in: old.unsentAttributes, position: 0) { changes.set(.bornOn, self.bornOn.map { AttributeDateFormat.date.wireValue(of: $0) }) }",
            "changes.set(.stamp, self.stamp, since: old.stamp, unsent: self.unsentAttributes, oldUnsent: old.unsentAttributes, position: 2)",
            "self.bornOn = try self.unsentAttributes.note(jsonAPIAttributes.decodeDateIfPresent(forKey: .bornOn, format: .date), position: 0, isAbsent: !jsonAPIAttributes.contains(.bornOn))",
            "try self.unsentAttributes.encode(self.stamp, position: 2, forKey: .stamp, to: &jsonAPIAttributes)",
            "try jsonAPIAttributes.encodeIfPresent(self.stamp, forKey: .stamp)",
            "self.text = try self.unsentAttributes.note(jsonAPIAttributes?.decodeIfPresent(String.self, forKey: .text), position: 0, isAbsent: jsonAPIAttributes?.contains(.text) != true)",
            "if self.seenAt != old.seenAt { changes.set(.seenAt, AttributeDateFormat.api(.iso8601WithFractionalSeconds).wireValue(of: self.seenAt)) }",
            "changes.set(.manager, relationship: self.manager, since: old.manager)",
            "public init(name: String, password: String, pin: Int? = 0, bornOn: Date? = nil, seenAt: Date, local: Date? = nil, stamp: Stamp? = nil, manager: ToOne<Account>? = nil, reports: ToMany<Account>? = nil) {",
            "try jsonAPIAttributes.encode(self.password, forKey: .password)",
            "try jsonAPIRelationships.encodeJSONAPI(self.manager, forKey: .manager)",
            "self.bornOn = try jsonAPIAttributes?.decodeDateIfPresent(forKey: .bornOn, format: .date)",
            "self.seenAt = try jsonAPIAttributes?.decodeDateIfPresent(forKey: .seenAt, format: .api(.iso8601WithFractionalSeconds))",
        ], in: wire)
        let result = try await GeneratedCode.compile(files, snippet: """
            import Foundation

            func use(_ account: Account) -> Bool {
                _ = Account.New(name: "n", password: "p", seenAt: Date())
                return account.password == nil && account.changes(since: account).isEmpty
            }

            func clear(_ note: Note) -> Bool {
                var cleared = note
                cleared.text = nil
                return !note.isKnown(.text) && cleared.isKnown(.text) && !cleared.changes(since: note).isEmpty
            }
            """)
        #expect(result.status == 0, "\(result.output.prefix(3000))")
    }

    @Test func requestParametersSendTheirOwnDates() async throws {
        let files = try GeneratedCode.generate("""
            api: { name: S, format: jsonapi }
            requests:
              Day:
                method: POST
                path: /days/{day}
                parameters: { day: { type: Date, dateFormat: date } }
                query: { since: { type: Date?, dateFormat: secondsSince1970 } }
                headers: { asOf: { type: Date, key: X-As-Of, dateFormat: { pattern: "yyyyMMdd" } } }
                body: { form: { until: { type: Date, dateFormat: date } } }
            """)
        let requests = try Self.file(files, "Requests")
        Self.expect([
            "public var pathComponents: [PathComponent] { [.literal(\"/days/\"), .value(AttributeDateFormat.date.wireValue(of: self.day).parameterValue)] }",
            "items.append(\"since\", self.since.map { AttributeDateFormat.api(.secondsSince1970).wireValue(of: $0) })",
            "fields.append(\"X-As-Of\", AttributeDateFormat.pattern(\"yyyyMMdd\").wireValue(of: self.asOf))",
            "fields.append(\"until\", AttributeDateFormat.date.wireValue(of: self.until))",
        ], in: requests)
        let result = try await GeneratedCode.compile(files)
        #expect(result.status == 0, "\(result.output.prefix(3000))")
    }

    @Test func halModelsReadAndSendTheirOwnDates() async throws {
        let files = try GeneratedCode.generate(Self.schema(format: "hal"))
        let wire = try Self.file(files, "WireFormat")
        Self.expect([
            "self.bornOn = try self.unsentAttributes.note(container.decodeDateIfPresent(forKey: .bornOn, format: .date), position: 0, isAbsent: !container.contains(.bornOn))",
            "try self.unsentAttributes.encodeDate(self.bornOn, position: 0, forKey: .bornOn, format: .date, to: &container)",
            "self.password = try container.decodeIfPresent(String.self, forKey: .password)",
            "try container.encodeIfPresent(self.password, forKey: .password)",
            "try container.encodeDate(self.seenAt, forKey: .seenAt, format: .api(.iso8601WithFractionalSeconds))",
        ], in: wire)
        let result = try await GeneratedCode.compile(files)
        #expect(result.status == 0, "\(result.output.prefix(3000))")
    }
}
