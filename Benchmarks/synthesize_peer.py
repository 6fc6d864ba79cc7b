#!/usr/bin/env python3
"""Writes an equivalent pair of API descriptions of N resources for the side-by-side generator benchmark:
a resgen schema and an OpenAPI 3.1 document for swift-openapi-generator (issue 7).

Usage: synthesize_peer.py N resgen.yml openapi.yaml

Both describe the same objects and the same two operations per resource:
  - GET  /resourcesNNNN/{id}  → the resource           (resgen: `show`)
  - POST /resourcesNNNN       → body: the writable fields, response: the resource  (resgen: `create`)
Every resource is a root collection (no nesting, no include sets: OpenAPI has no counterpart).

Mapping of the 8 attributes and 2 relationships (resgen type → OpenAPI 3.1 schema):
  title: String                      → string, required
  body: String?                      → [string, "null"], not required
  count: Int, default 0              → integer, default 0, not required
  ratio: Double?                     → [number, "null"] (double), not required
  createdAt: Date, key created-at,   → "created-at": string/date-time, readOnly, required
    readOnly
  tags: [String]                     → array of string, required
  status: Status (enum), default     → $ref Status (string enum), not required
  homepage: URL?                     → [string, "null"] (uri), not required
  owner: { toOne: ResourceM }        → owner: string (the target's id), not required
  related: { toMany: ResourceK }     → related: array of string (the targets' ids), not required
The resource schema also has `id: string` (required). resgen generates a `New` struct for `create`
(writable attributes and relationships); the OpenAPI document has the same as `ResourceNNNNNew`
(no id, no created-at). Both files are deterministic.
"""
import sys


def resgen_schema(count: int) -> str:
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
        lines += [
            f"  Resource{i:04d}:",
            f"    type: resource-{i:04d}",
            f"    path: /resources{i:04d}",
            "    operations: [show, create]",
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
        ]
    return "\n".join(lines) + "\n"


WRITABLE = [
    "        title: { type: string }",
    "        body: { type: [string, \"null\"] }",
    "        count: { type: integer, default: 0 }",
    "        ratio: { type: [number, \"null\"], format: double }",
    "        tags: { type: array, items: { type: string } }",
    "        status: { $ref: \"#/components/schemas/Status\" }",
    "        homepage: { type: [string, \"null\"], format: uri }",
    "        owner: { type: string, description: The id of the owning resource. }",
    "        related: { type: array, items: { type: string }, description: The ids of the related resources. }",
]


def openapi_document(count: int) -> str:
    paths = ["paths:"]
    schemas = [
        "components:",
        "  schemas:",
        "    Status:",
        "      type: string",
        "      enum: [active, archived, deleted]",
    ]
    for i in range(count):
        name = f"Resource{i:04d}"
        ref = f"\"#/components/schemas/{name}\""
        paths += [
            f"  /resources{i:04d}:",
            "    post:",
            f"      operationId: create{name}",
            "      requestBody:",
            "        required: true",
            "        content:",
            "          application/json:",
            f"            schema: {{ $ref: \"#/components/schemas/{name}New\" }}",
            "      responses:",
            "        '201':",
            "          description: Created.",
            "          content:",
            "            application/json:",
            f"              schema: {{ $ref: {ref} }}",
            f"  /resources{i:04d}/{{id}}:",
            "    get:",
            f"      operationId: show{name}",
            "      parameters:",
            "        - { name: id, in: path, required: true, schema: { type: string } }",
            "      responses:",
            "        '200':",
            "          description: The resource.",
            "          content:",
            "            application/json:",
            f"              schema: {{ $ref: {ref} }}",
        ]
        schemas += [
            f"    {name}:",
            "      type: object",
            f"      description: Synthetic resource number {i}.",
            "      required: [id, title, created-at, tags]",
            "      properties:",
            "        id: { type: string }",
            *WRITABLE[:4],
            "        created-at: { type: string, format: date-time, readOnly: true }",
            *WRITABLE[4:],
            f"    {name}New:",
            "      type: object",
            "      required: [title, tags]",
            "      properties:",
            *WRITABLE,
        ]
    head = [
        "openapi: 3.1.0",
        "info:",
        "  title: Synthetic",
        "  version: 1.0.0",
        "servers:",
        "  - url: https://api.example.com",
    ]
    return "\n".join(head + paths + schemas) + "\n"


def main() -> None:
    count = int(sys.argv[1])
    with open(sys.argv[2], "w") as handle:
        handle.write(resgen_schema(count))
    with open(sys.argv[3], "w") as handle:
        handle.write(openapi_document(count))


if __name__ == "__main__":
    main()
