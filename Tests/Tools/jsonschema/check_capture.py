"""Validates the JSON:API documents the real test servers exchanged (``Tests/Servers/jsonapi_capture.py``)
against the official JSON:API 1.0 JSON Schema (``../shared/peer-suites/jsonapi-schema/1.0``).

Usage: check_capture.py SCHEMA_FOLDER CAPTURE_FOLDER

- every request body sent as ``application/vnd.api+json`` is checked against the request schema its
  endpoint takes: ``schema_update_relationship.json`` under ``/relationships/``, else
  ``schema_create_resource.json`` for POST and ``schema_update_resource.json`` for PATCH/PUT;
- every response body served as ``application/vnd.api+json`` against ``schema.json``.

Left out, and counted: documents of an extension (``ext=`` in the media type: Atomic Operations is no
1.0 document), and error documents that use JSON:API 1.1's ``links.type`` (the cursor pagination
profile's errors), which the 1.0 schema refuses by design. Exit 1 when a document is invalid (each is
printed with the exchange it came from), 2 when nothing was captured (the capture did not run).
"""
import glob
import json
import os
import sys

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check import load_schema  # noqa: E402


def request_schema(method, path):
    if "/relationships/" in path.split("?")[0]:
        return "schema_update_relationship.json"
    return "schema_create_resource.json" if method == "POST" else "schema_update_resource.json"


def uses_1_1_error_links(document):
    errors = document.get("errors") if isinstance(document, dict) else None
    return isinstance(errors, list) and any(isinstance(e, dict) and isinstance(e.get("links"), dict) and "type" in e["links"] for e in errors)


def main() -> int:
    schemas, capture = sys.argv[1], sys.argv[2]
    response_schema = load_schema(os.path.join(schemas, "schema.json"))
    registry = Registry().with_resources([(response_schema["$id"], Resource.from_contents(response_schema))])
    validators = {"schema.json": Draft202012Validator(response_schema, registry=registry)}
    for name in ("schema_create_resource.json", "schema_update_resource.json", "schema_update_relationship.json"):
        validators[name] = Draft202012Validator(load_schema(os.path.join(schemas, name)), registry=registry)

    counts = {"requests": 0, "responses": 0, "extension": 0, "jsonapi 1.1 error links": 0, "invalid": 0}
    lines = []
    for file in sorted(glob.glob(os.path.join(capture, "*.jsonl"))):
        with open(file, encoding="utf-8") as f:
            lines += [(os.path.basename(file), json.loads(line)) for line in f if line.strip()]
    for source, exchange in lines:
        documents = []
        if "application/vnd.api+json" in exchange["request_type"] and exchange["request_body"].strip():
            documents.append(("request", exchange["request_type"], exchange["request_body"], request_schema(exchange["method"], exchange["path"])))
        if "application/vnd.api+json" in exchange["response_type"] and exchange["response_body"].strip():
            documents.append(("response", exchange["response_type"], exchange["response_body"], "schema.json"))
        for kind, media_type, body, schema in documents:
            if "ext=" in media_type:
                counts["extension"] += 1
                continue
            document = json.loads(body)
            if kind == "response" and uses_1_1_error_links(document):
                counts["jsonapi 1.1 error links"] += 1
                continue
            counts[kind + "s"] += 1
            errors = sorted(f"{'/'.join(str(p) for p in e.absolute_path)}: {e.message}" for e in validators[schema].iter_errors(document))
            if errors:
                counts["invalid"] += 1
                print(f"{source}: {exchange['method']} {exchange['path']} → {exchange['status']}: the {kind} document fails {schema}:")
                for error in errors[:5]:
                    print(f"    {error}")
                print(f"    {body[:300]}")
    print("JSON:API 1.0 JSON Schema over the real servers' exchanges: " + ", ".join(f"{value} {key}" for key, value in counts.items()))
    if not lines:
        print(f"nothing captured in {capture}: was RESGEN_JSONAPI_CAPTURE set for the tests?")
        return 2
    return 1 if counts["invalid"] else 0


if __name__ == "__main__":
    sys.exit(main())
