import Foundation
import Testing

@_spi(Generated) @testable import ResgenRuntime

/// `decodeJSONAPINullableToMany` keeps "not sent" (nil), `null` (`.some(nil)`) and a relationship apart,
/// in `JSONDecoder` and the tape decoder alike, and reads the relationship object once.
@Suite struct NullableToManyDecodingTests {
    /// The relationships of a resource object as generated code reads an optional to-many.
    struct Relationships: Decodable {
        var followers: ToMany<Person>??

        enum CodingKeys: String, CodingKey { case followers }

        init(from decoder: any Decoder) throws {
            followers = try decoder.container(keyedBy: CodingKeys.self).decodeJSONAPINullableToMany(Person.self, forKey: .followers)
        }
    }

    static func decodeBoth(_ json: String) throws -> [ToMany<Person>??] {
        let data = Data(json.utf8)
        let plain = try JSONDecoder().decode(Relationships.self, from: data).followers
        let tape = try #require(TapeDecoder.decode(Relationships.self, from: data, like: JSONDecoder(), userInfo: [:]), "the tape decoder decodes it itself").followers
        return [plain, tape]
    }

    @Test func absentIsNotSent() throws {
        for followers in try Self.decodeBoth("{}") { #expect(followers == nil) }
    }

    @Test func nullIsAKnownNil() throws {
        for followers in try Self.decodeBoth(#"{"followers": {"data": null, "links": {"related": "/people/1/followers"}}}"#) {
            #expect(followers == .some(nil))
        }
    }

    @Test func anArrayGivesTheIdsAndLinks() throws {
        let json = #"{"followers": {"data": [{"type": "people", "id": "2"}, {"type": "people", "id": "3"}], "links": {"related": "/people/1/followers"}}}"#
        for followers in try Self.decodeBoth(json) {
            let relationship = try #require(followers ?? nil)
            #expect(relationship.ids == ["2", "3"])
            #expect(relationship.link == URL(string: "/people/1/followers"))
        }
    }

    @Test func noDataIsARelationshipWithUnknownIds() throws {
        for followers in try Self.decodeBoth(#"{"followers": {"links": {"related": "/people/1/followers"}}}"#) {
            let relationship = try #require(followers ?? nil)
            #expect(relationship.ids == nil)
            #expect(relationship.link == URL(string: "/people/1/followers"))
        }
    }

    /// Issue 24: a member of another type is a `JSONAPITypeMismatch` naming it, in both decoders (the tape
    /// declines the document, so the client's `JSONDecoder` gives the error).
    @Test func aMemberOfAnotherTypeFails() throws {
        let data = Data(#"{"followers": {"data": [{"type": "people", "id": "2"}, {"type": "robots", "id": "3"}]}}"#.utf8)
        #expect(TapeDecoder.decode(Relationships.self, from: data, like: JSONDecoder(), userInfo: [:]) == nil)
        do {
            _ = try JSONDecoder().decode(Relationships.self, from: data)
            Issue.record("a robot was read as a person")
        } catch let error as DecodingError {
            guard case .dataCorrupted(let context) = error else { throw error }
            #expect(error.pathDescription == "followers.data[1].type")
            #expect(context.underlyingError as? JSONAPITypeMismatch == JSONAPITypeMismatch(found: "robots", allowed: ["people"]))
        }
    }

    @Test func dataOfAnotherKindFails() {
        let data = Data(#"{"followers": {"data": "2"}}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Relationships.self, from: data) }
        #expect(TapeDecoder.decode(Relationships.self, from: data, like: JSONDecoder(), userInfo: [:]) == nil)
    }
}
