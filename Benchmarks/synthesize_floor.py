#!/usr/bin/env python3
"""Writes the compile-time floor for the N-resource API of synthesize_peer.py (issue 16): the same resources as
a developer would write them by hand, plain `Codable` structs with `CodingKeys`, and nothing else.

Usage: synthesize_floor.py N OUTPUT_DIRECTORY

Per resource: a struct with the id, the same 8 attributes (same Swift types, `created-at` as its wire key)
and the 2 relationships as the targets' ids (`String?`, `[String]?`), and a `New` struct for `create` (no id,
no `created-at`). Both use synthesised `Codable` conformances with a `CodingKeys` enum. No paths, requests,
includes or wire format: the cheapest honest code for the same models. One file per 50 resources, so the
compiler's batch jobs split it as they split the generated files. Deterministic.
"""
import os
import sys

HEADER = "// Written by Benchmarks/synthesize_floor.py: hand-written-style plain Codable structs (compile-time floor).\n\nimport Foundation\n"

STATUS = """
public enum Status: String, Codable, Hashable, Sendable {
    case active
    case archived
    case deleted
}
"""


def resource(i: int) -> str:
    name = f"Resource{i:04d}"
    return f"""
/// Synthetic resource number {i}.
public struct {name}: Codable, Sendable {{
    public var id: String
    public var title: String
    public var body: String?
    public var count: Int?
    public var ratio: Double?
    public var createdAt: Date
    public var tags: [String]
    public var status: Status?
    public var homepage: URL?
    public var owner: String?
    public var related: [String]?

    enum CodingKeys: String, CodingKey {{
        case id
        case title
        case body
        case count
        case ratio
        case createdAt = "created-at"
        case tags
        case status
        case homepage
        case owner
        case related
    }}

    /// A {name} to create.
    public struct New: Codable, Sendable {{
        public var title: String
        public var body: String?
        public var count: Int?
        public var ratio: Double?
        public var tags: [String]
        public var status: Status?
        public var homepage: URL?
        public var owner: String?
        public var related: [String]?

        enum CodingKeys: String, CodingKey {{
            case title
            case body
            case count
            case ratio
            case tags
            case status
            case homepage
            case owner
            case related
        }}
    }}
}}
"""


def main() -> None:
    count, directory = int(sys.argv[1]), sys.argv[2]
    os.makedirs(directory, exist_ok=True)
    per_file = 50
    for start in range(0, count, per_file):
        parts = [HEADER] + ([STATUS] if start == 0 else [])
        parts += [resource(i) for i in range(start, min(count, start + per_file))]
        with open(os.path.join(directory, f"Models{start // per_file}.swift"), "w") as handle:
            handle.write("".join(parts))


if __name__ == "__main__":
    main()
