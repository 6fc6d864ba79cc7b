"""Checks JSON instances against a JSON Schema (draft 2020-12) with Python's jsonschema.

Usage: check.py [--resource FILE]... SCHEMA INSTANCE...  (each INSTANCE a JSON file)

Each `--resource` is another schema SCHEMA refers to by its `$id` (the JSON:API request schemas refer
to the response schema's definitions).

Checks the schema itself against the draft's meta-schema first (exit 2 when it is not a valid
JSON Schema), then prints one JSON object per line for each instance:
{"file": ..., "errors": ["<path>: <message>", ...]}; an empty list means it is valid.
Used by Tests/ResgenReferenceTests/JSONSchemaFixtureTests.swift and
Tests/ResgenJSONAPITests/PolymorphicFixtureTests.swift.
"""
import json
import sys

from jsonschema import Draft202012Validator
from referencing import Registry, Resource


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def load_schema(path):
    """A schema, with each `patternProperties` key "" read as "^" (the same language: every name).

    jsonschema 4.26.0 drops an empty pattern when it looks for additional properties (python-jsonschema
    PR #1522, open), so the JSON:API schema's `{"patternProperties": {"": true}, "additionalProperties":
    false}` refused every member of `attributes`, `relationships` and `meta`.
    """
    def fixed(node):
        if isinstance(node, dict):
            node = {key: fixed(value) for key, value in node.items()}
            patterns = node.get("patternProperties")
            if isinstance(patterns, dict) and "" in patterns:
                node["patternProperties"] = {("^" if key == "" else key): value for key, value in patterns.items()}
            return node
        if isinstance(node, list):
            return [fixed(value) for value in node]
        return node
    return fixed(load(path))


def main() -> int:
    arguments = sys.argv[1:]
    resources = []
    while arguments[:1] == ["--resource"]:
        resources.append(load_schema(arguments[1]))
        arguments = arguments[2:]
    schema = load_schema(arguments[0])
    try:
        Draft202012Validator.check_schema(schema)
    except Exception as error:  # jsonschema.exceptions.SchemaError
        print(f"not a valid draft 2020-12 JSON Schema: {error}", file=sys.stderr)
        return 2
    registry = Registry().with_resources((resource["$id"], Resource.from_contents(resource)) for resource in resources)
    validator = Draft202012Validator(schema, registry=registry)
    for path in arguments[1:]:
        instance = load(path)
        errors = sorted(
            f"{'/'.join(str(p) for p in error.absolute_path)}: {error.message}"
            for error in validator.iter_errors(instance)
        )
        print(json.dumps({"file": path, "errors": errors}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
