import Foundation
@_spi(Generated) import ResgenRuntime
import Testing

/// What the Blog models keep of the wire that a looser model would lose: relationships not sent versus
/// `null`, dates in their own per-attribute format, write-only attributes.
@Suite struct BlogWireFidelityTests {
    static let codec = JSONAPICodec(api: Blog.self)

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = DateFormat.iso8601.decodingStrategy
        return decoder
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = DateFormat.iso8601.encodingStrategy
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static func comment(relationships: String) throws -> Comment {
        let json = #"{"data": {"type": "comments", "id": "7", "attributes": {"body": "B", "created-at": "2026-01-02T09:00:00Z"}\#(relationships)}}"#
        let document = try codec.decodeDocument(Comment?.self, from: Data(json.utf8), decoder: decoder)
        return try #require(document.data)
    }

    static func person(attributes: String) throws -> Person {
        let json = #"{"data": {"type": "people", "id": "1", "attributes": {"name": "Ann"\#(attributes)}}}"#
        let document = try codec.decodeDocument(Person?.self, from: Data(json.utf8), decoder: decoder)
        return try #require(document.data)
    }

    static func body(_ value: some Encodable & Sendable) throws -> String {
        String(decoding: try codec.encodeBody(value, for: Comment.self, encoder: encoder), as: UTF8.self)
    }

    static func utc(_ text: String) throws -> Date {
        try Date.ISO8601FormatStyle().parse(text)
    }

    // MARK: not sent versus null

    @Test func aRelationshipNotSentIsUnknownAndNullIsNil() throws {
        let notSent = try Self.comment(relationships: "")
        #expect(notSent.author != nil, "not sent is not null")
        #expect(notSent.author?.id == nil)
        let onlyLinks = try Self.comment(relationships: #", "relationships": {"author": {"links": {"related": "/comments/7/author"}}}"#)
        #expect(onlyLinks.author?.id == nil)
        #expect(onlyLinks.author?.link == URL(string: "/comments/7/author"))
        let null = try Self.comment(relationships: #", "relationships": {"author": {"data": null, "links": {"related": "/comments/7/author"}}}"#)
        #expect(null.author == nil)
        let known = try Self.comment(relationships: #", "relationships": {"author": {"data": {"type": "people", "id": "3"}}}"#)
        #expect(known.author?.id == "3")
    }

    @Test func settingNilOnARelationshipNotSentClearsIt() throws {
        let loaded = try Self.comment(relationships: "")
        var edited = loaded
        edited.author = nil
        let changes = edited.changes(since: loaded)
        #expect(changes.changedFields == ["author"])
        #expect(try Self.body(changes) == #"{"data":{"attributes":{},"id":"7","relationships":{"author":{"data":null}},"type":"comments"}}"#)
        #expect(loaded.changes(since: loaded).isEmpty, "an untouched unknown relationship is not sent")
    }

    @Test func onlyKnownLinkageChangesAreSent() throws {
        let null = try Self.comment(relationships: #", "relationships": {"author": {"data": null}}"#)
        var stillNull = null
        stillNull.author = nil
        #expect(stillNull.changes(since: null).isEmpty)
        let known = try Self.comment(relationships: #", "relationships": {"author": {"data": {"type": "people", "id": "3"}}}"#)
        var unknown = known
        unknown.author = ToOne()
        #expect(unknown.changes(since: known).isEmpty, "an unknown relationship is never sent")
        var moved = null
        moved.author = ToOne(id: "4")
        #expect(try Self.body(moved.changes(since: null)).contains(#""author":{"data":{"id":"4","type":"people"}}"#))
        var cleared = known
        cleared.article = ToOne()
        #expect(cleared.changes(since: known).isEmpty, "a required to-one left unknown is not cleared")
    }

    @Test func theFullModelSendsNilAsNullAndLeavesUnknownOut() throws {
        let notSent = try Self.comment(relationships: "")
        #expect(try !Self.body(notSent).contains(#""author""#))
        var null = notSent
        null.author = nil
        #expect(try Self.body(null).contains(#""author":{"data":null}"#))
        #expect(try !Self.body(Comment.New(body: "b")).contains(#""author""#), "a new resource has nothing to clear")
    }

    @Test func thePlainFormKeepsUnknownApartFromNil() throws {
        let notSent = try Self.comment(relationships: "")
        var null = notSent
        null.author = nil
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        for comment in [notSent, null] {
            #expect(try Self.decoder.decode(Comment.self, from: encoder.encode(comment)) == comment)
        }
    }

    // MARK: optional attributes: not sent versus null

    @Test func anOptionalAttributeNotSentIsUnknownAndNullIsAKnownNil() throws {
        let notSent = try Self.person(attributes: "")
        #expect(notSent.email == nil)
        #expect(!notSent.isKnown(.email) && !notSent.isKnown(.bornOn))
        #expect(notSent.isKnown(.name), "a required attribute is always known")
        let null = try Self.person(attributes: #", "email": null, "born-on": null"#)
        #expect(null.email == nil && null.isKnown(.email) && null.isKnown(.bornOn))
        let sent = try Self.person(attributes: #", "email": "ann@example.org""#)
        #expect(sent.email == "ann@example.org" && sent.isKnown(.email))
        #expect(Person(id: "1", name: "Ann").isKnown(.email), "a value made in code knows every attribute")
    }

    @Test func settingNilOnAnAttributeNotSentClearsIt() throws {
        let loaded = try Self.person(attributes: "")
        #expect(loaded.changes(since: loaded).isEmpty, "an untouched unknown attribute is not sent")
        var edited = loaded
        edited.email = nil
        edited.bornOn = nil
        #expect(edited.isKnown(.email))
        let changes = edited.changes(since: loaded)
        #expect(changes.changedFields == ["email", "born-on"])
        #expect(try Self.body(changes) == #"{"data":{"attributes":{"born-on":null,"email":null},"id":"1","type":"people"}}"#)
        var set = loaded
        set.twitter = "@ann"
        #expect(set.changes(since: loaded).changedFields == ["twitter-handle"])
    }

    @Test func anAttributeIsSentOnlyWhenKnownAndChanged() throws {
        let null = try Self.person(attributes: #", "email": null"#)
        var stillNull = null
        stillNull.email = nil
        #expect(stillNull.changes(since: null).isEmpty, "null to nil is no change")
        let sent = try Self.person(attributes: #", "email": "ann@example.org""#)
        let unknown = try Self.person(attributes: "")
        #expect(unknown.changes(since: sent).isEmpty, "an unknown attribute is never sent")
        var cleared = sent
        cleared.email = nil
        #expect(try Self.body(cleared.changes(since: sent)).contains(#""attributes":{"email":null}"#))
    }

    @Test func theFullModelSendsAKnownNilAsNullAndLeavesUnknownAttributesOut() throws {
        let notSent = try Self.person(attributes: "")
        #expect(try !Self.body(notSent).contains("email"))
        #expect(try !Self.body(notSent).contains("born-on"))
        var null = notSent
        null.email = nil
        null.bornOn = nil
        #expect(try Self.body(null).contains(#""born-on":null"#))
        #expect(try Self.body(null).contains(#""email":null"#))
        #expect(try !Self.body(null).contains("twitter"))
    }

    @Test func thePlainFormKeepsAnUnknownAttributeApartFromNil() throws {
        let notSent = try Self.person(attributes: "")
        var null = notSent
        null.email = nil
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(notSent), as: UTF8.self) == #"{"articles":{},"id":"1","name":"Ann"}"#)
        #expect(String(decoding: try encoder.encode(null), as: UTF8.self) == #"{"articles":{},"email":null,"id":"1","name":"Ann"}"#)
        let back = try JSONDecoder().decode(Person.self, from: encoder.encode(notSent))
        #expect(!back.isKnown(.email) && !back.isKnown(.bornOn))
        let backNull = try JSONDecoder().decode(Person.self, from: encoder.encode(null))
        #expect(backNull.isKnown(.email) && !backNull.isKnown(.bornOn))
    }

    @Test func equalityAndHashingCompareValuesNotPresence() throws {
        let notSent = try Self.person(attributes: "")
        let null = try Self.person(attributes: #", "email": null, "twitter-handle": null, "born-on": null"#)
        #expect(notSent == null)
        #expect(Set([notSent, null]).count == 1)
        #expect(notSent == Person(id: "1", name: "Ann"))
    }

    // MARK: dates per attribute

    @Test func aDateOnlyAttributeReadsAndWritesItsOwnForm() throws {
        let person = try Self.person(attributes: #", "born-on": "1968-11-01""#)
        #expect(person.bornOn == (try Self.utc("1968-11-01T00:00:00Z")))
        #expect(try Self.body(person).contains(#""born-on":"1968-11-01""#))
        var edited = person
        edited.bornOn = try Self.utc("2000-02-29T00:00:00Z")
        #expect(try Self.body(edited.changes(since: person)).contains(#""attributes":{"born-on":"2000-02-29"}"#))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let plain = try encoder.encode(person)
        #expect(String(decoding: plain, as: UTF8.self).contains(#""born-on":"1968-11-01""#), "whatever the coder's strategy")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        #expect(try decoder.decode(Person.self, from: plain) == person)
    }

    @Test func aDateInAnotherFormIsADecodingErrorNamingTheKey() throws {
        #expect {
            _ = try Self.person(attributes: #", "born-on": "01.11.1968""#)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.last?.stringValue == "born-on" && context.debugDescription.contains("1968-11-01")
        }
    }

    @Test func aPatternDateRoundTrips() throws {
        let json = #"{"data": {"type": "comments", "id": "7", "attributes": {"body": "B", "created-at": "2026-01-02T09:00:00Z", "edited-at": "2026-11-24 03:10"}}}"#
        let document = try Self.codec.decodeDocument(Comment?.self, from: Data(json.utf8), decoder: Self.decoder)
        let comment = try #require(document.data)
        #expect(comment.editedAt == (try Self.utc("2026-11-24T03:10:00Z")))
        #expect(try Self.body(comment).contains(#""edited-at":"2026-11-24 03:10""#))
    }

    @Test func aParameterDateIsSentInItsOwnFormat() throws {
        let search = SearchArticles(term: "x", states: [], since: try Self.utc("2026-11-01T00:00:00Z"))
        #expect(search.queryItems == [QueryItem(name: "page[number]", value: "1"), QueryItem(name: "since", value: "2026-11-01")])
        #expect(SearchArticles(term: "x", states: []).queryItems == [QueryItem(name: "page[number]", value: "1")])
    }

    // MARK: write-only attributes

    @Test func aWriteOnlyAttributeIsNotExpectedBackButIsSent() throws {
        let person = try Self.person(attributes: "")
        #expect(person.password == nil, "not a required key of the decoded model")
        #expect(try !Self.body(person).contains("password"))
        var edited = person
        edited.password = "s3cret"
        #expect(try Self.body(edited.changes(since: person)).contains(#""attributes":{"password":"s3cret"}"#))
        #expect(edited.changes(since: edited).isEmpty)
        var unset = edited
        unset.password = nil
        #expect(unset.changes(since: edited).isEmpty, "nil means not set, never a clear")
        #expect(try Self.body(Comment.New(body: "b")).contains(#""notify-author":false"#), "New sends it, with its default")
    }
}
