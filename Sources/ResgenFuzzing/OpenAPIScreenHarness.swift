import Foundation
import Yams

@testable import ResgenCore
@testable import ResgenDrafting

/// Target `openapiscreen`: the screen `resgen import-openapi` runs before any decoding
/// (``OpenAPINestingScreen``: nesting depth, aliases expanded) against the tree Yams composes of the same
/// bytes, and the loader behind it (``OpenAPIDocumentLoader``), which must not trap on what the screen
/// lets through (issue 46, finding 8: a document 460 levels deep overflowed the stack).
///
/// Each input is screened at the real limit and at a small one picked from its length (1 to 8), so short
/// inputs reach refusals too. A finding is a trap (a stack overflow among them), a screen that refuses a
/// document whose composed tree is within the limit or passes one deeper than it (kind `depth`), or a
/// refusal whose JSON pointer does not lead to a collection one level too deep (kind `pointer`).
enum OpenAPIScreenHarness {
    static let target = FuzzTarget(
        name: "openapiscreen",
        summary:
            "import-openapi's screen before decoding (nesting depth, aliases expanded) against Yams' tree, then the loader"
    ) {
        input, _ throws(Finding) in
        try check(Array(input))
    }

    /// The most nodes of the expanded tree walked for the comparison (aliases can multiply a small input).
    static let walkBudget = 200_000

    static func check(_ bytes: [UInt8]) throws(Finding) {
        let tree = String(data: Data(bytes), encoding: .utf8).flatMap { try? Yams.compose(yaml: $0) }
        for limit in [OpenAPINestingScreen.maximumDepth, 1 + bytes.count % 8] {
            let refusal = OpenAPINestingScreen.firstTooDeep(in: bytes, limit: limit)
            guard let tree, let treeDepth = depth(of: tree) else { continue }
            if (refusal != nil) != (treeDepth > limit) {
                let screened = refusal.map { "refused at \($0.pointer)" } ?? "passed"
                throw Finding(
                    target: "openapiscreen", kind: "depth",
                    message: "limit \(limit): the screen \(screened) a tree \(treeDepth) deep")
            }
            if let refusal, refusal.alias == nil, !refusal.pointer.tokens.contains("") {
                guard let resolved = resolve(refusal.pointer, in: tree), resolved.node.isCollection,
                    resolved.depth == limit + 1
                else {
                    throw Finding(
                        target: "openapiscreen", kind: "pointer",
                        message: "limit \(limit): \(refusal.pointer) does not lead to a collection \(limit + 1) deep")
                }
            }
        }
        // The loader behind the screen: a refusal or a document, never a trap.
        _ = try? OpenAPIDocumentLoader.load(bytes, source: "fuzzed.yaml")
    }

    /// The deepest collection of `root`, aliases expanded (Yams shares an alias's node), the root being 1;
    /// nil past ``walkBudget`` nodes. Iterative: the fuzzer's inputs reach libyaml's limit of 1,000 levels.
    static func depth(of root: Node) -> Int? {
        var stack: [(Node, Int)] = [(root, 1)]
        var deepest = 0
        var visited = 0
        while let (node, depth) = stack.popLast() {
            visited += 1
            if visited > walkBudget { return nil }
            switch node {
            case .mapping(let mapping):
                deepest = max(deepest, depth)
                for (key, value) in mapping {
                    stack.append((key, depth + 1))
                    stack.append((value, depth + 1))
                }
            case .sequence(let sequence):
                deepest = max(deepest, depth)
                for value in sequence { stack.append((value, depth + 1)) }
            default:
                break
            }
        }
        return deepest
    }

    /// The node `pointer` names in `root` (a member by its scalar key, the first of equal keys; an item by
    /// its index) and its depth.
    static func resolve(_ pointer: JSONPointer, in root: Node) -> (node: Node, depth: Int)? {
        var node = root
        for token in pointer.tokens {
            switch node {
            case .mapping(let mapping):
                guard let member = mapping.first(where: { $0.key.string == token }) else { return nil }
                node = member.value
            case .sequence(let sequence):
                guard let index = Int(token), sequence.indices.contains(index) else { return nil }
                node = sequence[index]
            default:
                return nil
            }
        }
        return (node, pointer.tokens.count + 1)
    }
}

extension Node {
    fileprivate var isCollection: Bool {
        switch self {
        case .mapping, .sequence: true
        default: false
        }
    }
}
