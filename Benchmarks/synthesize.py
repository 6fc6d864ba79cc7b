#!/usr/bin/env python3
"""Writes a synthetic resgen schema of N resources for the generator benchmark.

Each resource has 8 attributes (mixed types, some with wire keys and defaults), 2 relationships,
1 include set and all six operations; every tenth resource is a child of the one before it.
The output is deterministic: the same N always gives the same bytes.
"""
import sys


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    out = sys.argv[2] if len(sys.argv) > 2 else f"synthetic-{count}.yml"
    lines = [
        "api:",
        "  name: Synthetic",
        "  format: jsonapi",
        "  baseURL: https://api.example.com",
        "enums:",
        "  Status:",
        "    values: [active, archived, deleted]",
        "resources:",
    ]
    for i in range(count):
        name = f"Resource{i:04d}"
        lines += [f"  {name}:", f"    type: resource-{i:04d}"]
        if i % 10 == 9:
            lines += [f"    parent: Resource{i - 1:04d}", f"    path: children{i:04d}"]
        else:
            lines += [f"    path: /resources{i:04d}"]
        lines += [
            "    operations: [list, show, create, replace, patch, delete]",
            f"    description: Synthetic resource number {i}.",
            "    attributes:",
            "      title: String",
            "      body: String?",
            "      count: { type: Int, default: 0 }",
            "      ratio: Double?",
            "      createdAt: { type: Date, key: created-at, readOnly: true }",
            "      tags: \"[String]\"",
            "      status: { type: Status, default: active }",
            "      homepage: URL?",
            "    relationships:",
            f"      owner: {{ toOne: Resource{(i + 1) % count:04d} }}",
            f"      related: {{ toMany: Resource{(i + 7) % count:04d} }}",
            "    includes:",
            "      everything: [owner, related, owner.related]",
        ]
    with open(out, "w") as handle:
        handle.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
