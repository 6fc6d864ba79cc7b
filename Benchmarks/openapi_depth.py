#!/usr/bin/env python3
"""OpenAPI documents of a chosen size and nesting depth, for `resgen import-openapi` (issue 46, finding 8).

A document is `openapi`, `info`, no paths, and one component schema, `S0`, whose `anyOf` lists copies of one schema
until the document reaches the size asked for. Each copy is a chain of object schemas nested through `properties`
(`{"type": "object", "properties": {"a": {"type": "string"}, "p": …}}`) ending in `{"type": "string"}`, so that
its deepest value sits at the depth asked for. The copies are items of an array, not members of one mapping, so
that only the depth changes between documents of one size: Yams' decoder finds a mapping's member by scanning the
members, so a mapping of n members costs n² (`--layout mapping` writes the copies as `S0`, `S1`, … to show it).

Depth is counted as `import-openapi`'s screen counts it (and `resgen infer`'s parser): the containers (objects and
arrays) around the deepest value, the document itself being 1. The shallowest document has depth 6 (each copy a
string schema: the document, `components`, `schemas`, `S0`, `anyOf`, the copy), 4 with `--layout mapping`; a
smaller depth asked for gives that one. An odd depth ends the chain in a string schema with a one-value `enum` (an
array: one level more).

Usage: openapi_depth.py --depth D --size BYTES [--yaml] [--layout array|mapping] [--output FILE]   (stdout without --output)
       openapi_depth.py --depth 464 --size 1 > deep.json      (the finding's reproducer: one chain, 230 schemas deep)
bench_hostile.py imports `document(depth, size)` for its import-openapi rows.
"""
import argparse
import json
import sys

# The levels above each copy: the document, `components`, `schemas`, then (array layout) `S0` and its `anyOf`.
ABOVE = {"array": 5, "mapping": 3}


def schema(depth):
    """A schema whose deepest value is `depth` levels below it (the schema object itself being level 1)."""
    if depth <= 1:
        return {"type": "string"}
    if depth == 2:
        return {"type": "string", "enum": ["a"]}
    # An object schema: itself, its `properties`, then the nested schema.
    return {"type": "object", "properties": {"a": {"type": "string"}, "p": schema(depth - 2)}}


def document(depth, size, yaml=False, layout="array"):
    """The document's text: about `size` bytes (at least one copy), the deepest value at `depth` (at least the
    layout's shallowest)."""
    above = ABOVE[layout]
    one = schema(max(depth, above + 1) - above)
    head = 'openapi: 3.1.0\ninfo:\n  title: Deep\n  version: "1"\npaths: {}\ncomponents:\n  schemas:\n'
    if yaml:
        # Array layout: `S0:` then `anyOf:` with each copy as an item (`-` at the copy's first key).
        body = yaml_text(one, 3)
        if layout == "array":
            lines = yaml_text(one, 4).split("\n")
            item = "\n".join(["      - " + lines[0].lstrip()] + lines[1:])
            head += "    S0:\n      anyOf:\n"
        parts, total, index = [head], len(head), 0
        while index == 0 or total < size:
            entry = item if layout == "array" else f"    S{index}:\n{body}"
            parts.append(entry)
            total += len(entry)
            index += 1
        return "".join(parts)
    text = json.dumps(one, separators=(",", ":"))
    prefix = '{"openapi":"3.1.0","info":{"title":"Deep","version":"1"},"paths":{},"components":{"schemas":{'
    prefix += '"S0":{"anyOf":[' if layout == "array" else ""
    suffix = "]}}}}" if layout == "array" else "}}}"
    parts, total, index = [prefix], len(prefix) + len(suffix), 0
    while index == 0 or total < size:
        separator = "," if index else ""
        entry = separator + (text if layout == "array" else f'"S{index}":' + text)
        parts.append(entry)
        total += len(entry)
        index += 1
    parts.append(suffix)
    return "".join(parts)


def yaml_text(value, indent):
    """`value` (a schema: dicts of strings, lists and dicts) as block YAML indented by `indent` levels of two spaces;
    a list as a flow sequence on its key's line. Iterative: a 10,000-deep schema would overflow Python's recursion."""
    lines, stack = [], [(iter(value.items()), indent)]
    while stack:
        items, level = stack[-1]
        entry = next(items, None)
        if entry is None:
            stack.pop()
            continue
        key, item = entry
        pad = "  " * level
        if isinstance(item, dict):
            lines.append(f"{pad}{key}:")
            stack.append((iter(item.items()), level + 1))
        elif isinstance(item, list):
            lines.append(f"{pad}{key}: [" + ", ".join(item) + "]")
        else:
            lines.append(f"{pad}{key}: {item}")
    return "\n".join(lines) + "\n"


def nesting_depth(text):
    """The depth of a JSON text as the screen counts it (containers around the deepest value); for checking."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--depth", type=int, required=True, help="the nesting depth (at least 6; 4 with --layout mapping)")
    parser.add_argument("--size", type=int, required=True, help="the document's size in bytes (about)")
    parser.add_argument("--yaml", action="store_true", help="block YAML instead of compact JSON")
    parser.add_argument("--layout", choices=sorted(ABOVE), default="array",
                        help="the copies as items of S0's anyOf (default) or as members S0, S1, … of `schemas`")
    parser.add_argument("--output", help="the file to write (else standard output)")
    arguments = parser.parse_args()
    text = document(arguments.depth, arguments.size, arguments.yaml, arguments.layout)
    if arguments.output:
        with open(arguments.output, "w") as handle:
            handle.write(text)
    else:
        sys.stdout.write(text)
