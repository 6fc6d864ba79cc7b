"""A stand-in App Store Connect server (issue 47, item 4): answers the GET operations of Apple's OpenAPI
document with documents generated from their response schemas. No App Store Connect server can be
reached from the tests, so this one says what the document says a server sends.

Run: ``python3 asc_standin.py [--document PATH] [--page-size N]``. Prints ``LISTENING <port>`` and exits when
stdin (a pipe the test holds) closes, as every server here does (``echo_server.serve``). The document is
read from ``../shared/peer-suites/app-store-connect/app_store_connect_api.json`` beside the package root
unless ``--document`` names it (it is not copied into the project; see that folder's SOURCE).

What it sends, for a GET whose path matches one of the document's path templates:
- a document generated from the 2xx response's schema by a small deterministic generator (no randomness
  between runs: every choice is seeded by the request's path and its query items but ``cursor`` and
  ``limit``, and a resource object's fields by its type and id, so a resource reads the same wherever it
  appears and a URL gives the same bytes twice);
- a collection of 4 to 7 resources paged through ``links.next`` with an opaque ``cursor`` (base64 of
  ``{"offset": "n"}``, as App Store Connect writes it) and ``meta.paging`` (``total``, ``limit``,
  ``nextCursor``); ``limit`` sets the page size (default ``--page-size``, 3);
- ``include=a,b``: each primary resource's relationship ``a`` gets linkage (one or two resources, drawn
  from a small pool of ids, so some are shared) and each linked resource is in ``included`` once, from
  the response's own ``included`` schema for its type (full linkage, no duplicates); ``limit[a]`` caps
  the linkage; a relationship whose schema has no ``data`` cannot be linked and is left out (the
  document lists it in the include enum all the same: ``/_stats`` counts these);
- ``fields[type]=x,y``: only those attributes and relationships of resources of that type;
- an instance path's resource has the path's id.

The query is checked against the operation's declared parameters, as the API does: an undeclared
parameter (``cursor`` is always allowed: the document never declares it, yet its ``next`` links carry it),
a value outside a parameter's enum, or a ``limit`` above its ``maximum`` is a 400 with the document's
``ErrorResponse``; an unknown path is a 404, another method a 405, both ``ErrorResponse`` too.

``GET /_stats`` lists the requests served (method, target, status) and the include values that could not
be linked; ``POST /_reset`` clears them. ``--self-check`` generates a document for every GET operation
(a first page, and each include value alone) and validates it with ``jsonschema`` against the response
schema, then prints the counts and exits (``make asc-standin`` on the part of the document, ``make asc-standin-all`` on all of it).
"""
import argparse
import base64
import hashlib
import json
import os
import random
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

DEFAULT_DOCUMENT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "peer-suites",
                                "app-store-connect", "app_store_connect_api.json")


def seeded(*parts) -> random.Random:
    """A generator seeded by `parts` (stable across runs and Python versions: not `hash()`)."""
    digest = hashlib.sha256("\x1f".join(str(part) for part in parts).encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def short_id(*parts) -> str:
    return hashlib.sha256("\x1f".join(str(part) for part in parts).encode()).hexdigest()[:10]


class Standin:
    """The document, its GET operations by path template, and the generator."""

    def __init__(self, document: dict, page_size: int = 3):
        self.document = document
        self.schemas = document.get("components", {}).get("schemas", {})
        self.page_size = page_size
        self.operations = []  # (segments, template, operation)
        for template, item in document.get("paths", {}).items():
            for method, operation in item.items():
                if method == "get":
                    segments = [s for s in template.split("/") if s]
                    self.operations.append((segments, template, operation, item.get("parameters", [])))
        # Literal segments first: `/v1/apps/{id}` must not take `/v1/apps/search`-like paths.
        self.operations.sort(key=lambda entry: [s.startswith("{") for s in entry[0]])
        self.unlinkable = set()
        self.lock = threading.Lock()

    # Schemas.

    def resolve(self, schema: dict) -> dict:
        seen = 0
        while isinstance(schema, dict) and "$ref" in schema and seen < 32:
            name = schema["$ref"].rsplit("/", 1)[-1]
            schema = self.schemas.get(name, {})
            seen += 1
        return schema or {}

    def response_schema(self, operation: dict):
        for status, response in operation.get("responses", {}).items():
            if status.startswith("2"):
                content = response.get("content", {})
                for media, value in content.items():
                    if "json" in media and "schema" in value:
                        return status, media, value["schema"]
                return status, None, None
        return None, None, None

    def properties(self, schema: dict) -> dict:
        schema = self.resolve(schema)
        merged = dict(schema.get("properties", {}))
        for part in schema.get("allOf", []):
            merged.update(self.properties(part))
        return merged

    def required(self, schema: dict) -> list:
        schema = self.resolve(schema)
        names = list(schema.get("required", []))
        for part in schema.get("allOf", []):
            names += self.required(part)
        return names

    def resource_type(self, schema: dict):
        """The `type` enum's one value of a resource object schema, or None."""
        type_schema = self.resolve(self.properties(schema).get("type", {}))
        values = type_schema.get("enum", [])
        return values[0] if len(values) == 1 else None

    def is_resource(self, schema: dict) -> bool:
        properties = self.properties(schema)
        return "id" in properties and self.resource_type(schema) is not None

    # Values.

    def value(self, schema: dict, rng: random.Random, depth: int = 0, name: str = ""):
        schema = self.resolve(schema)
        if "oneOf" in schema or "anyOf" in schema:
            return self.value(rng.choice(schema.get("oneOf") or schema.get("anyOf")), rng, depth, name)
        if schema.get("nullable") and rng.random() < 0.1:
            return None
        if "enum" in schema:
            return rng.choice(schema["enum"])
        kind = schema.get("type") or ("object" if "properties" in schema or "allOf" in schema else None)
        if kind == "object":
            result = {}
            required = set(self.required(schema))
            for key, member in self.properties(schema).items():
                if key in required or (depth < 4 and rng.random() < 0.7):
                    result[key] = self.value(member, rng, depth + 1, key)
            extra = schema.get("additionalProperties")
            if isinstance(extra, dict) and extra and depth < 3 and rng.random() < 0.5:
                result["key" + str(rng.randint(1, 9))] = self.value(extra, rng, depth + 1)
            return result
        if kind == "array":
            count = rng.randint(schema.get("minItems", 0), max(schema.get("minItems", 0), 2 if depth < 4 else 0))
            return [self.value(schema.get("items", {}), rng, depth + 1, name) for _ in range(count)]
        if kind == "integer":
            low = int(schema.get("minimum", 0))
            high = int(schema.get("maximum", low + 1000))
            return rng.randint(low, high)
        if kind == "number":
            return rng.randint(0, 4000) / 4
        if kind == "boolean":
            return rng.random() < 0.5
        if kind == "string":
            form = schema.get("format")
            if form == "date-time":
                return "2026-%02d-%02dT%02d:%02d:%02dZ" % (rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23),
                                                        rng.randint(0, 59), rng.randint(0, 59))
            if form == "date":
                return "2026-%02d-%02d" % (rng.randint(1, 12), rng.randint(1, 28))
            if form in ("uri", "uri-reference"):
                return "https://example.com/%s/%d" % (name or "link", rng.randint(1, 999))
            if form == "email":
                return "person%d@example.com" % rng.randint(1, 999)
            if form == "number":
                return str(rng.randint(0, 9999) / 100)
            if form == "duration":
                return "P%dD" % rng.randint(1, 30)
            return "%s %d" % (name or "text", rng.randint(1, 9999))
        return "%s %d" % (name or "value", rng.randint(1, 9999))

    # JSON:API documents.

    def resource_object(self, schema: dict, id_: str, base: str, linkage: dict, fields):
        """The resource object of `schema` with `id_`: attributes seeded by type and id; relationships with
        `links`, and `data` for those in `linkage` (name → linkage)."""
        schema = self.resolve(schema)
        type_ = self.resource_type(schema)
        rng = seeded("resource", type_, id_)
        properties = self.properties(schema)
        allowed = fields.get(type_) if fields else None
        result = {"type": type_, "id": id_}
        if "attributes" in properties:
            attributes = self.value(properties["attributes"], rng, 1)
            if allowed is not None:
                attributes = {k: v for k, v in attributes.items() if k in allowed}
            result["attributes"] = attributes
        if "relationships" in properties:
            relationships = {}
            for key, member in self.properties(properties["relationships"]).items():
                if allowed is not None and key not in allowed:
                    continue
                member_properties = self.properties(member)
                relationship = {}
                if "links" in member_properties:
                    relationship["links"] = {"self": "%s/v1/%s/%s/relationships/%s" % (base, type_, id_, key),
                                             "related": "%s/v1/%s/%s/%s" % (base, type_, id_, key)}
                if key in linkage:
                    relationship["data"] = linkage[key]
                if relationship:
                    relationships[key] = relationship
            result["relationships"] = relationships
        if "links" in properties:
            result["links"] = {"self": "%s/v1/%s/%s" % (base, type_, id_)}
        return result

    def included_schemas(self, document_schema: dict) -> dict:
        """The `included` item schemas of a document by resource type."""
        included = self.resolve(self.properties(document_schema).get("included", {}))
        items = self.resolve(included.get("items", {}))
        result = {}
        for option in items.get("oneOf", [items] if items else []):
            type_ = self.resource_type(option)
            if type_:
                result[type_] = option
        return result

    def linkage_for(self, owner_schema: dict, relationship: str, owner_id: str, included_types: dict, cap):
        """Linkage of `relationship` of a resource (or None when its schema has no `data` or its target
        type is not among the document's `included`): 0 to 2 resources from a pool of 5 ids of the type."""
        member = self.properties(self.properties(owner_schema).get("relationships", {})).get(relationship)
        if member is None:
            return None
        data = self.resolve(self.properties(member).get("data", {}))
        if not data:
            return None
        to_many = data.get("type") == "array"
        identifier = self.resolve(data.get("items", {})) if to_many else data
        type_ = self.resource_type(identifier)
        if type_ is None or type_ not in included_types:
            return None
        rng = seeded("linkage", owner_id, relationship)
        pool = [short_id(type_, k) for k in range(5)]
        if to_many:
            count = rng.randint(0, 2) if cap is None else min(rng.randint(0, 2), cap)
            return [{"type": type_, "id": i} for i in sorted(rng.sample(pool, count))]
        if data.get("nullable") and rng.random() < 0.2:
            return None
        return {"type": type_, "id": rng.choice(pool)}

    def jsonapi_document(self, schema, template, params, id_, base, target, query_pairs):
        properties = self.properties(schema)
        data_schema = self.resolve(properties["data"])
        to_many = data_schema.get("type") == "array"
        item_schema = self.resolve(data_schema.get("items", {})) if to_many else data_schema
        includes = [v for v in params.get("include", "").split(",") if v]
        fields = {k[len("fields["):-1]: set(v.split(",")) for k, v in params.items() if k.startswith("fields[")}
        included_types = self.included_schemas(schema)
        seed_query = "&".join("%s=%s" % pair for pair in sorted(query_pairs) if pair[0] not in ("cursor", "limit"))
        rng = seeded("collection", template, id_ or "", seed_query)
        if to_many:
            total = rng.randint(4, 7)
            ids = [short_id(template, id_ or "", n) for n in range(total)]
            limit = int(params.get("limit", self.page_size))
            offset = 0
            if "cursor" in params:
                try:
                    offset = int(json.loads(base64.urlsafe_b64decode(params["cursor"] + "==="))["offset"])
                except (ValueError, KeyError, TypeError):
                    return 400, error_document("400", "PARAMETER_ERROR.INVALID", "A parameter has an invalid value",
                                               "'%s' is not a valid cursor" % params["cursor"], "cursor")
            page_ids = ids[offset:offset + limit]
        else:
            page_ids = [id_ if id_ is not None else short_id(template)]
        data = []
        included = {}
        for resource_id in page_ids:
            linkage = {}
            for path in includes:
                name = path.split(".")[0]
                cap = int(params["limit[%s]" % name]) if "limit[%s]" % name in params else None
                link = self.linkage_for(item_schema, name, resource_id, included_types, cap)
                if link is None:
                    with self.lock:
                        self.unlinkable.add("%s include=%s" % (template, name))
                    continue
                linkage[name] = link
                for identifier in (link if isinstance(link, list) else [link]):
                    key = (identifier["type"], identifier["id"])
                    if key not in included:
                        included[key] = self.resource_object(included_types[key[0]], key[1], base, {}, fields)
            data.append(self.resource_object(item_schema, resource_id, base, linkage, fields))
        document = {"data": data if to_many else data[0]}
        if included:
            document["included"] = [included[key] for key in sorted(included)]
        if "links" in properties:
            links = {"self": base + target}
            if to_many and offset + limit < len(ids):
                cursor = base64.urlsafe_b64encode(json.dumps({"offset": str(offset + limit)}).encode()).decode().rstrip("=")
                pairs = [pair for pair in query_pairs if pair[0] != "cursor"] + [("cursor", cursor)]
                links["next"] = base + urllib.parse.urlsplit(target).path + "?" + urllib.parse.urlencode(pairs)
            document["links"] = links
        if "meta" in properties and to_many:
            paging = {"total": len(ids), "limit": limit}
            if "next" in document.get("links", {}):
                paging["nextCursor"] = document["links"]["next"].rsplit("cursor=", 1)[1]
            document["meta"] = {"paging": paging}
        return 200, document

    # Requests.

    def match(self, path: str):
        segments = [s for s in path.split("/") if s]
        for template_segments, template, operation, shared in self.operations:
            if len(template_segments) != len(segments):
                continue
            values = {}
            for pattern, segment in zip(template_segments, segments):
                if pattern.startswith("{"):
                    values[pattern[1:-1]] = urllib.parse.unquote(segment)
                elif pattern != segment:
                    break
            else:
                return template, operation, shared, values
        return None

    def check_query(self, operation, shared, pairs):
        """A 400 document for the first query item the operation does not take, else None."""
        declared = {p["name"]: p for p in shared + operation.get("parameters", []) if p.get("in") == "query"}
        for name, value in pairs:
            if name == "cursor":
                continue
            parameter = declared.get(name)
            if parameter is None:
                return error_document("400", "PARAMETER_ERROR.INVALID", "A parameter has an invalid value",
                                      "'%s' is not a valid parameter name" % name, name)
            schema = self.resolve(parameter.get("schema", {}))
            items = self.resolve(schema.get("items", {})) if schema.get("type") == "array" else schema
            values = value.split(",") if schema.get("type") == "array" else [value]
            for one in values:
                if "enum" in items and one not in items["enum"]:
                    return error_document("400", "PARAMETER_ERROR.INVALID", "A parameter has an invalid value",
                                          "'%s' is not a valid value for '%s'" % (one, name), name)
                if items.get("type") == "integer":
                    try:
                        number = int(one)
                    except ValueError:
                        return error_document("400", "PARAMETER_ERROR.INVALID", "A parameter has an invalid value",
                                              "'%s' is not an integer" % one, name)
                    if "maximum" in items and number > items["maximum"]:
                        return error_document("400", "PARAMETER_ERROR.INVALID", "A parameter has an invalid value",
                                              "'%s' is above the maximum of '%s', %s" % (one, name, items["maximum"]), name)
        return None

    def answer(self, target: str, base: str):
        """(status, document) for a GET of `target` (path and query)."""
        split = urllib.parse.urlsplit(target)
        pairs = urllib.parse.parse_qsl(split.query, keep_blank_values=True)
        found = self.match(split.path)
        if found is None:
            return 404, error_document("404", "NOT_FOUND", "The specified resource does not exist",
                                       "The path provided does not match a defined resource type.")
        template, operation, shared, values = found
        problem = self.check_query(operation, shared, pairs)
        if problem is not None:
            return 400, problem
        _, media, schema = self.response_schema(operation)
        if schema is None:
            return 200, {}
        params = dict(pairs)
        id_ = values.get("id") if template.endswith("{id}") else None
        properties = self.properties(schema)
        if "data" in properties:
            data = self.resolve(properties["data"])
            item = self.resolve(data.get("items", {})) if data.get("type") == "array" else data
            if self.is_resource(item):
                return self.jsonapi_document(schema, template, params, id_, base, target, pairs)
        document = self.value(schema, seeded("document", template, split.query))
        if isinstance(document, dict) and "included" in properties:
            # Resources included beside data that is no resource object: no linkage can reach them (the
            # document declares such responses, e.g. the beta tester usage metrics); none are sent.
            document.pop("included", None)
            with self.lock:
                self.unlinkable.add("%s: 'included' beside data that is no resource object" % template)
        return 200, document


def error_document(status, code, title, detail, parameter=None):
    error = {"id": short_id(status, code, detail), "status": status, "code": code, "title": title, "detail": detail}
    if parameter is not None:
        error["source"] = {"parameter": parameter}
    return {"errors": [error]}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    standin: Standin = None
    log = []

    def log_message(self, format, *args):
        pass

    def send(self, status, document):
        body = json.dumps(document, separators=(",", ":")).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        with self.standin.lock:
            self.log.append({"method": self.command, "target": self.path, "status": status})

    def do_GET(self):
        if self.path == "/_stats":
            with self.standin.lock:
                stats = {"requests": list(self.log), "unlinkable": sorted(self.standin.unlinkable)}
            body = json.dumps(stats).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        base = "http://" + self.headers.get("Host", "127.0.0.1")
        status, document = self.standin.answer(self.path, base)
        self.send(status, document)

    def do_POST(self):
        if self.path == "/_reset":
            with self.standin.lock:
                self.log.clear()
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.refuse()

    def refuse(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        self.send(405, error_document("405", "METHOD_NOT_ALLOWED", "The request method is not allowed",
                                      "The stand-in answers GET operations only."))

    do_PATCH = do_PUT = do_DELETE = refuse


def linkage_problems(document) -> list:
    """Where `included` disagrees with the linkage: a resource included twice, or reached by no linkage of
    the primary data (JSON:API's full linkage; the stand-in includes one level)."""
    if not isinstance(document, dict) or "included" not in document:
        return []
    primary = document.get("data")
    linked = set()
    for resource in primary if isinstance(primary, list) else [primary]:
        for relationship in ((resource or {}).get("relationships") or {}).values():
            data = relationship.get("data")
            for identifier in data if isinstance(data, list) else [data] if data else []:
                linked.add((identifier["type"], identifier["id"]))
    seen = set()
    problems = []
    for resource in document["included"]:
        key = (resource["type"], resource["id"])
        if key in seen:
            problems.append("included %s/%s twice" % key)
        seen.add(key)
        if key not in linked:
            problems.append("included %s/%s is reached by no linkage" % key)
    problems += ["linkage to %s/%s, not included" % key for key in sorted(linked - seen)]
    return problems


def self_check(standin: Standin) -> int:
    """Every GET operation's first page, then each include value alone: valid against its schema, and its
    `included` consistent with the linkage."""
    import jsonschema
    validator_class = jsonschema.Draft4Validator
    root = {"components": standin.document.get("components", {})}
    read = failed = 0
    for segments, template, operation, shared in standin.operations:
        status, media, schema = standin.response_schema(operation)
        if schema is None:
            continue
        path = "/" + "/".join("x1" if s.startswith("{") else s for s in segments)
        targets = [path]
        for parameter in shared + operation.get("parameters", []):
            if parameter.get("name") == "include":
                items = standin.resolve(standin.resolve(parameter.get("schema", {})).get("items", {}))
                targets += [path + "?include=" + value for value in items.get("enum", [])]
        # The schema beside the document's components: its `#/components/...` references resolve in itself.
        validator = validator_class(dict(root, **schema))
        for target in targets:
            code, document = standin.answer(target, "http://127.0.0.1:8000")
            problems = [error.message[:200] for error in validator.iter_errors(document)] if code == 200 else []
            if code == 200:
                problems += linkage_problems(document)
            read += 1
            if code != 200 or problems:
                failed += 1
                print("%s: %s" % (target, problems[0] if problems else "status %d" % code))
    print("self-check: %d documents generated, %d invalid; include values or included resources that cannot be linked: %d"
          % (read, failed, len(standin.unlinkable)))
    for entry in sorted(standin.unlinkable):
        print("  unlinkable: " + entry)
    return 1 if failed else 0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--document", default=DEFAULT_DOCUMENT)
    parser.add_argument("--page-size", type=int, default=3)
    parser.add_argument("--self-check", action="store_true")
    arguments = parser.parse_args()
    if os.path.exists(arguments.document):
        with open(arguments.document, encoding="utf-8") as file:
            standin = Standin(json.load(file), page_size=arguments.page_size)
    else:
        # Without the document (../shared is not part of the repo) every path is a 404; the make targets that
        # need it say it is missing before they start the server.
        print("asc_standin: %s is missing; every path is a 404" % arguments.document, file=sys.stderr)
        standin = Standin({"paths": {}}, page_size=arguments.page_size)
    if arguments.self_check:
        sys.exit(self_check(standin))
    from echo_server import serve
    Handler.standin = standin
    serve(Handler)


if __name__ == "__main__":
    main()
