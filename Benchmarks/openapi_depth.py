#!/usr/bin/env python3
"""OpenAPI documents of a chosen size and nesting depth, for `resgen import-openapi` (issue 46, finding 8).

A document is `openapi`, `info`, no paths, and `components.schemas` filled with copies of one schema, `S0`, `S1`, …,
until the document reaches the size asked for. Each schema is a chain of object schemas nested through `properties`
(`{"type": "object", "properties": {"a": {"type": "string"}, "p": …}}`) ending in `{"type": "string"}`, so that
its deepest value sits at the depth asked for.

Depth is counted as `import-openapi`'s screen counts it (and `resgen infer`'s parser): the containers (objects and
arrays) around the deepest value, the document itself being 1. The shallowest document with schemas has depth 4
(`#/components/schemas/S0` a string schema); a smaller depth asked for gives that one. An odd depth ends the chain
in a string schema with a one-value `enum` (an array: one level more).

Usage: openapi_depth.py --depth D --size BYTES [--yaml] [--output FILE]   (stdout without --output)
       openapi_depth.py --depth 230 --size 10000 > deep.json
bench_hostile.py imports `document(depth, size)` for its import-openapi row.
"""
import argparse
import json
import sys

SMALLEST_DEPTH = 4


def schema(depth):
    """A schema whose deepest value is `depth` levels below it (the schema object itself being level 1)."""
    if depth <= 1:
        return {"type": "string"}
    if depth == 2:
        return {"type": "string", "enum": ["a"]}
    # An object schema: itself, its `properties`, then the nested schema.
    return {"type": "object", "properties": {"a": {"type": "string"}, "p": schema(depth - 2)}}


def document(depth, size, yaml=False):
    """The document's text: about `size` bytes (at least one schema), the deepest value at `depth` (≥ 4)."""
    depth = max(depth, SMALLEST_DEPTH)
    one = schema(depth - 3)   # the document, `components` and `schemas` are the three levels above
    head = {"openapi": "3.1.0", "info": {"title": "Deep", "version": "1"}, "paths": {}}
    if yaml:
        body = yaml_text(one, 3)
        prefix = 'openapi: 3.1.0\ninfo:\n  title: Deep\n  version: "1"\npaths: {}\ncomponents:\n  schemas:\n'
        parts, total, index = [prefix], len(prefix), 0
        while index == 0 or total < size:
            entry = f"    S{index}:\n{body}"
            parts.append(entry)
            total += len(entry)
            index += 1
        return "".join(parts)
    text = json.dumps(one, separators=(",", ":"))
    prefix = json.dumps(head, separators=(",", ":"))[:-1] + ',"components":{"schemas":{'
    parts, total, index = [prefix], len(prefix) + 3, 0
    while index == 0 or total < size:
        entry = ("," if index else "") + f'"S{index}":' + text
        parts.append(entry)
        total += len(entry)
        index += 1
    parts.append("}}}")
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
    parser.add_argument("--depth", type=int, required=True, help=f"the nesting depth (at least {SMALLEST_DEPTH})")
    parser.add_argument("--size", type=int, required=True, help="the document's size in bytes (about)")
    parser.add_argument("--yaml", action="store_true", help="block YAML instead of compact JSON")
    parser.add_argument("--output", help="the file to write (else standard output)")
    arguments = parser.parse_args()
    text = document(arguments.depth, arguments.size, arguments.yaml)
    if arguments.output:
        with open(arguments.output, "w") as handle:
            handle.write(text)
    else:
        sys.stdout.write(text)
