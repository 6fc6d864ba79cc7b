import Foundation
import ResgenRuntime
import Testing

@Suite("ToOne and ToMany")
struct RelationshipTests {
    private func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func decode<T: Decodable>(_: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    private func person(_ id: String, friend: ToOne<Person> = ToOne()) -> Person {
        Person(id: id, name: "P\(id)", friend: friend, followers: ToMany())
    }

    @Test("A self-referential resource round-trips")
    func selfReferential() throws {
        let bob = person("2")
        let alice = person("1", friend: ToOne(link: URL(string: "https://x.test/people/2"), resolved: bob))
        #expect(alice.friend.id == "2")
        #expect(alice.friend.resolved?.name == "P2")

        let json = try encode(alice)
        #expect(
            json
                == #"{"followers":{},"friend":{"id":"2","link":"https://x.test/people/2","resolved":"#
                + #"{"followers":{},"friend":{},"id":"2","name":"P2"}},"id":"1","name":"P1"}"#
        )
        #expect(try decode(Person.self, json) == alice)
    }

    @Test("Only parts that are not nil are encoded")
    func sparseEncoding() throws {
        #expect(try encode(ToOne<Person>()) == "{}")
        #expect(try encode(ToOne<Person>(id: "7")) == #"{"id":"7"}"#)
        #expect(try encode(ToMany<Person>()) == "{}")
        #expect(try encode(ToMany<Person>(ids: [])) == #"{"ids":[]}"#)
        #expect(
            try encode(ToMany<Person>(link: URL(string: "/people/1/followers"))) == #"{"link":"/people/1/followers"}"#
        )
    }

    @Test("An empty object or missing keys decode to empty")
    func emptyDecoding() throws {
        let one = try decode(ToOne<Person>.self, "{}")
        #expect(one == ToOne())
        #expect(one.isEmpty)
        let many = try decode(ToMany<Person>.self, #"{"unknown":1}"#)
        #expect(many == ToMany())
        #expect(many.isEmpty)
        #expect(!ToMany<Person>(ids: []).isEmpty)
    }

    @Test("ToMany round-trips and takes IDs from resolved resources")
    func toMany() throws {
        let followers = ToMany(resolved: [person("2"), person("3")])
        #expect(followers.ids == ["2", "3"])
        #expect(try decode(ToMany<Person>.self, try encode(followers)) == followers)

        let explicit = ToMany<Person>(ids: ["9"], resolved: [person("2")])
        #expect(explicit.ids == ["9"])
        let decoded = try decode(ToMany<Comment>.self, #"{"ids":["a","b"],"link":"https://x.test/c"}"#)
        #expect(decoded.ids == ["a", "b"])
        #expect(decoded.link == URL(string: "https://x.test/c"))
        #expect(decoded.resolved == nil)
    }

    @Test("ToOne takes its ID from the resolved resource only when none is given")
    func toOneIDRule() {
        #expect(ToOne(id: "9", resolved: person("2")).id == "9")
        var relation = ToOne<Person>()
        relation.resolved = person("4")
        #expect(relation.id == "4")
        relation.resolved = nil
        #expect(relation.id == "4")
        #expect(relation.resolved == nil)
    }

    @Test("Relationships are Hashable by all their parts")
    func hashable() {
        #expect(ToOne<Person>(id: "1") != ToOne<Person>(id: "1", resolved: person("1")))
        #expect(Set([ToOne<Person>(id: "1"), ToOne<Person>(id: "1")]).count == 1)
    }

    @Test("A ToOne is small whatever its target")
    func boxed() {
        // The resolved value is stored out of line: the struct's size does not grow with `Person`.
        #expect(MemoryLayout<ToOne<Person>>.size == MemoryLayout<ToOne<Comment>>.size)
    }
}
