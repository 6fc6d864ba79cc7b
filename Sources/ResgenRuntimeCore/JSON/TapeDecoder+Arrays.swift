import Foundation

/// An array the tape decoder builds with its final capacity: the collection a wire format's codec is
/// decoding (a JSON:API document's primary data, a plain JSON collection), which the codec names when it
/// calls `JSONDecoder.decodeUsingTape(_:from:countedArray:)`. (HAL's collection items reserve their room
/// themselves, `HALCollectionDocument`.)
///
/// The standard library's `Array.init(from:)` appends element after element to an empty array, so a
/// collection of 10,000 resources grows through 14 reallocations, each copying every element so far,
/// and at the last one the old and the new storage (room for 8,192 and for 16,384 elements) are alive
/// together: that was the peak of decoding a large collection (massif on `PolymorphicBench`: 14.3 MiB of
/// heap at 10,000 loans, 12.2 MiB with the array made once). The tape knows an array's count before its
/// first element is read, so the array is made with exactly that room (within a bound:
/// ``Swift/Array/room(for:documentBytes:)``) and filled once.
///
/// Named by the codec rather than found by asking each decoded type whether it is an `Array`: that
/// question is a conformance lookup, whose first answer in a process scans every conformance record
/// (~1 M instructions, measured on the HAL and JSON:API benchmarks); comparing metatypes costs nothing.
///
/// The result is the one `Array.init(from:)` gives, errors included: the elements are read through the
/// same ``TapeUnkeyedContainer`` in the same order, with the same coding paths.
package protocol TapeCountedArray: Decodable {
    /// The array at node `index` of `decoder`'s tape (an array node), whose coding path is `path`.
    static func decodeCounted(_ decoder: TapeDecoder, at index: Int, path: CodingPathNode) throws -> Self
}

extension Array: TapeCountedArray where Element: Decodable {
    package static func decodeCounted(_ decoder: TapeDecoder, at index: Int, path: CodingPathNode) throws -> Self {
        var container = TapeUnkeyedContainer(decoder: decoder, array: index, path: path)
        var elements: [Element] = []
        elements.reserveCapacity(Self.room(for: container.count ?? 0, documentBytes: decoder.tape.bytes.count))
        while !container.isAtEnd {
            elements.append(try container.decode(Element.self))
        }
        return elements
    }

    /// The room made up front for `count` elements: all of them while that takes at most 16 MiB, or twice
    /// the document's bytes when that is more. An element may be as short as `{}` while its model takes
    /// hundreds of bytes, so a 32 MiB body of `{}`s would otherwise have reserved gigabytes before its first
    /// element failed to decode (`Array.init(from:)` allocates only as elements decode). Past the bound the
    /// array grows by appending, as it did before.
    package static func room(for count: Int, documentBytes: Int) -> Int {
        let budget = Swift.max(16 << 20, 2 * documentBytes)
        return Swift.min(count, budget / Swift.max(1, MemoryLayout<Element>.stride))
    }
}

extension TapeDecoder {
    /// The array at node `index` as `counted` (the type the codec named), positioned there as
    /// `T(from: self)` would be, for anything that asks the decoder where it is.
    func decodeCounted(_ counted: any TapeCountedArray.Type, at index: Int, path: CodingPathNode, key: (any CodingKey)?) throws -> any TapeCountedArray {
        let elementsPath = path.appending(key)
        return try with(index, path: elementsPath) { try counted.decodeCounted(self, at: index, path: elementsPath) }
    }
}
