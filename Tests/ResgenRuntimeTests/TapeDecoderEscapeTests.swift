import Foundation
import Testing

@testable import ResgenRuntime

/// The tape decoder reads the caller's bytes in place, as JSONDecoder does, and copies them only when a
/// decoder or container outlives the decode. These models keep one past `init(from:)`; the bytes they
/// were decoded from are overwritten as soon as the decode returns, so a kept decoder that still read
/// them would answer with the overwritten bytes (or crash), not with the document's values.
@Suite struct TapeDecoderEscapeTests {
    static let json = #"{"name": "Ada Lovelace", "list": [1, 2, 3], "nested": {"title": "Notes on the Analytical Engine"}}"#

    enum Key: String, CodingKey { case name, list, nested, title }

    /// Keeps every kind of decoder and container the `Decoder` protocol hands out.
    struct Keeper: Decodable {
        let decoder: any Decoder
        let keyed: KeyedDecodingContainer<Key>
        let unkeyed: any UnkeyedDecodingContainer
        let single: any SingleValueDecodingContainer
        let nested: KeyedDecodingContainer<Key>
        let superDecoder: any Decoder

        init(from decoder: any Decoder) throws {
            self.decoder = decoder
            keyed = try decoder.container(keyedBy: Key.self)
            unkeyed = try keyed.nestedUnkeyedContainer(forKey: .list)
            single = try decoder.singleValueContainer()
            nested = try keyed.nestedContainer(keyedBy: Key.self, forKey: .nested)
            superDecoder = try keyed.superDecoder(forKey: .nested)
        }
    }

    /// Decodes with `decode` from `Data` over bytes this test owns (no copy by `Data`), then overwrites
    /// the bytes with spaces before returning what `decode` gave.
    func decodeThenOverwrite<T>(_ json: String, _ decode: (Data) -> T?) -> T? {
        var bytes = Array(json.utf8)
        return bytes.withUnsafeMutableBytes { raw in
            let data = Data(bytesNoCopy: raw.baseAddress!, count: raw.count, deallocator: .none)
            let value = decode(data)
            raw.initializeMemory(as: UInt8.self, repeating: UInt8(ascii: " "))
            return value
        }
    }

    func tapeDecode<T: Decodable>(_ type: T.Type, _ data: Data, userInfo: [CodingUserInfoKey: Any] = [:]) -> T? {
        TapeDecoder.decode(T.self, from: data, like: JSONDecoder(), userInfo: userInfo)
    }

    @Test func keptDecodersAndContainersReadTheDocumentAfterTheDecode() throws {
        let kept = try #require(decodeThenOverwrite(Self.json) { tapeDecode(Keeper.self, $0) })
        #expect(try kept.decoder.container(keyedBy: Key.self).decode(String.self, forKey: .name) == "Ada Lovelace")
        #expect(try kept.keyed.decode(String.self, forKey: .name) == "Ada Lovelace")
        var unkeyed = kept.unkeyed
        #expect(try [unkeyed.decode(Int.self), unkeyed.decode(Int.self), unkeyed.decode(Int.self)] == [1, 2, 3])
        #expect(try kept.single.decode([String: JSONValue].self)["name"] == .string("Ada Lovelace"))
        #expect(try kept.nested.decode(String.self, forKey: .title) == "Notes on the Analytical Engine")
        #expect(try kept.superDecoder.container(keyedBy: Key.self).decode(String.self, forKey: .title) == "Notes on the Analytical Engine")
    }

    /// Only a super decoder escapes: the top decoder ends with the decode, the document it shares does not.
    @Test func aKeptSuperDecoderAloneKeepsTheBytes() throws {
        struct KeepsSuper: Decodable {
            let superDecoder: any Decoder
            init(from decoder: any Decoder) throws {
                superDecoder = try decoder.container(keyedBy: Key.self).superDecoder(forKey: .name)
            }
        }
        let kept = try #require(decodeThenOverwrite(Self.json) { tapeDecode(KeepsSuper.self, $0) })
        #expect(try kept.superDecoder.singleValueContainer().decode(String.self) == "Ada Lovelace")
    }

    /// A model that keeps its decoder elsewhere and then fails: the tape declines (JSONDecoder would report
    /// the error), and the decoder it kept still reads the document.
    @Test func aDecoderKeptByAModelThatThrowsIsStillSafe() throws {
        final class Drawer: @unchecked Sendable { var decoder: (any Decoder)? }
        struct Fails: Decodable {
            struct Failure: Error {}
            init(from decoder: any Decoder) throws {
                (decoder.userInfo[TapeDecoderEscapeTests.drawerKey] as? Drawer)?.decoder = decoder
                throw Failure()
            }
        }
        let drawer = Drawer()
        let result = decodeThenOverwrite(Self.json) { tapeDecode(Fails.self, $0, userInfo: [Self.drawerKey: drawer]) }
        #expect(result == nil)
        let decoder = try #require(drawer.decoder)
        #expect(try decoder.container(keyedBy: Key.self).decode(String.self, forKey: .name) == "Ada Lovelace")
    }

    static let drawerKey = CodingUserInfoKey(rawValue: "drawer")!

    /// Nothing kept: the tape reads the bytes where they are and never copies them; kept, it has its own copy.
    @Test func theTapeCopiesTheBytesOnlyWhenItOutlivesTheDecode() throws {
        let data = Data(Self.json.utf8)
        let address = data.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) }
        let (inPlace, copied) = try JSONTape.withTape(of: data) { tape in (UnsafeRawPointer(tape.bytes.baseAddress), tape.ownsBytes) }
        #expect(inPlace == address)
        #expect(!copied)
        let kept = try JSONTape.withTape(of: data) { $0 }
        #expect(kept.ownsBytes)
        #expect(UnsafeRawPointer(kept.bytes.baseAddress) != address)
        #expect(try kept.string(at: kept.value(in: 0, named: "name")!) == "Ada Lovelace")
    }

    /// Nodes are most of a tape's memory; a field added to them shows here.
    @Test func nodesTakeEightBytes() {
        #expect(MemoryLayout<JSONTape.Node>.stride == 8)
    }
}
