"""Checks JSON instances against a JSON Schema (draft 2020-12) with Python's jsonschema.

Usage: check.py SCHEMA INSTANCE...  (each INSTANCE a JSON file)

Checks the schema itself against the draft's meta-schema first (exit 2 when it is not a valid
JSON Schema), then prints one JSON object per line for each instance:
{"file": ..., "errors": ["<path>: <message>", ...]}; an empty list means it is valid.
Used by Tests/ResgenReferenceTests/JSONSchemaFixtureTests.swift.
"""
import json
import sys

from jsonschema import Draft202012Validator


def main() -> int:
    with open(sys.argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    try:
        Draft202012Validator.check_schema(schema)
    except Exception as error:  # jsonschema.exceptions.SchemaError
        print(f"not a valid draft 2020-12 JSON Schema: {error}", file=sys.stderr)
        return 2
    validator = Draft202012Validator(schema)
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8") as f:
            instance = json.load(f)
        errors = sorted(
            f"{'/'.join(str(p) for p in error.absolute_path)}: {error.message}"
            for error in validator.iter_errors(instance)
        )
        print(json.dumps({"file": path, "errors": errors}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
