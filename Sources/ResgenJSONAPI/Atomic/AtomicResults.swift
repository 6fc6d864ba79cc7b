import Foundation
@_spi(Generated) import ResgenRuntimeCore

/// The results of an atomic request, one per operation, in order
/// (https://jsonapi.org/ext/atomic/#result-objects): the resource an `add` or `update` returned, typed.
public struct AtomicResults: Sendable {
    /// Each operation's resource, nil where the server returned none (`{}`, `data: null`, or a 204).
    let values: [(any Sendable)?]

    /// The number of results (the number of operations).
    public var count: Int { values.count }

    /// The resource the operation that returned `ref` produced; nil when it returned none.
    public subscript<R>(_ ref: AtomicRef<R>) -> R? {
        guard let index = ref.operation, values.indices.contains(index) else { return nil }
        return values[index] as? R
    }

    /// The resource the operation that returned `ref` produced.
    ///
    /// - Throws: ``AtomicResultMissing`` when the server returned no resource for it.
    public func value<R>(_ ref: AtomicRef<R>) throws -> R {
        guard let value = self[ref] else { throw AtomicResultMissing(operation: ref.operation, type: R.resourceType) }
        return value
    }
}

/// An operation whose result was asked for returned no resource (`{}` or a 204), or the reference
/// belongs to no operation of the batch (`.id(3)`).
public struct AtomicResultMissing: Error, CustomStringConvertible, Sendable {
    /// The operation's index, if the reference came from one.
    public var operation: Int?
    /// The resource type asked for.
    public var type: String

    public var description: String {
        if let operation { "atomic operation \(operation) returned no '\(type)' resource" } else { "an existing '\(type)' resource has no result in the batch" }
    }
}

/// How one operation's result object decodes: its `data` as `R`, or nil for `{}` and `data: null`.
struct AtomicResultDecoder: Sendable {
    package let decode: @Sendable (any Decoder) throws -> (any Sendable)?

    package init<R: Resource>(_ type: R.Type) {
        decode = { decoder in
            try decoder.container(keyedBy: DocumentKey.self).decodeIfPresent(R.self, forKey: .data)
        }
    }
}

/// `{"atomic:results": [...]}`, each result decoded by the decoder of its operation (from `userInfo`).
struct AtomicResultsDocument: Decodable {
    static let decodersKey = CodingUserInfoKey(rawValue: "resgen.atomicResultDecoders")!

    /// The operations' decoders, as `userInfo` carries them.
    final class Decoders: Sendable {
        package let decoders: [AtomicResultDecoder?]
        package init(_ decoders: [AtomicResultDecoder?]) { self.decoders = decoders }
    }

    package enum CodingKeys: String, CodingKey { case results = "atomic:results" }

    package var values: [(any Sendable)?] = []

    package init(from decoder: any Decoder) throws {
        let decoders = (decoder.userInfo[Self.decodersKey] as? Decoders)?.decoders ?? []
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var results = try container.nestedUnkeyedContainer(forKey: .results)
        if let count = results.count, count != decoders.count {
            throw Self.countMismatch(count, decoders.count, in: container)
        }
        while !results.isAtEnd {
            let index = results.currentIndex
            guard decoders.indices.contains(index) else { throw Self.countMismatch(index + 1, decoders.count, in: container) }
            let element = try results.superDecoder()
            values.append(try decoders[index].flatMap { try $0.decode(element) })
        }
        if values.count != decoders.count { throw Self.countMismatch(values.count, decoders.count, in: container) }
    }

    /// The error for a 2xx answer with `count` results for `operations` operations. Atomic operations are
    /// all or nothing and a 2xx says they all happened, so it says so: sending the batch again would apply
    /// it twice (drf-json-api-atomic-operations writes no result for a `remove`).
    private static func countMismatch(_ count: Int, _ operations: Int, in container: KeyedDecodingContainer<CodingKeys>) -> DecodingError {
        DecodingError.dataCorruptedError(
            forKey: .results, in: container,
            debugDescription: "the server committed the batch (a 2xx answer) but returned \(count) result\(count == 1 ? "" : "s") for \(operations) "
                + "operation\(operations == 1 ? "" : "s"): every operation happened, only their results are missing; do not send the batch again")
    }
}
