"""Records the polymorphic server's answers as fixtures: Tests/ResgenJSONAPITests/Fixtures/polymorphic/.

    make polymorphic-fixtures
(or: python3 Tests/Servers/with_server.py .venv-jsonapi/bin/python Tests/Servers/jsonapi_polymorphic/server.py
     -- python3 Tests/Servers/jsonapi_polymorphic/record_fixtures.py http://127.0.0.1:{port})

Sends REQUESTS in order to a freshly started server (the writes at the end change its data, so the order
is part of the recording) and writes each response document to `<name>.json`, with the server's port
replaced by 8000 and the JSON re-indented (keys in the server's order), and `manifest.json`: every
request with its method, path, body and the status it got. PolymorphicFixtureTests replays the manifest
against a fresh server and checks that every answer is still the recorded one, and checks every recorded
document against the JSON:API 1.0 JSON Schema.
"""
import json
import os
import re
import sys
import urllib.error
import urllib.request

FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "ResgenJSONAPITests", "Fixtures", "polymorphic")
MEDIA_TYPE = "application/vnd.api+json"


def identifier(type_, id_):
    return {"type": type_, "id": id_}


# (name, method, path, body): reads first, then the writes, each on the data the ones before it left.
REQUESTS = [
    # The polymorphic to-one: films/2 and books/2 are two loans' items.
    ("loans", "GET", "/loans", None),
    ("loans-include-item", "GET", "/loans?include=item", None),
    ("loans-include-item-author", "GET", "/loans?include=item.author", None),
    ("loans-include-item-sparse", "GET", "/loans?include=item&fields[books]=title&fields[films]=minutes&fields[loans]=item", None),
    ("loan-1", "GET", "/loans/1", None),
    ("loan-1-item", "GET", "/loans/1/item", None),
    ("loan-1-relationships-item", "GET", "/loans/1/relationships/item", None),
    ("loan-4-include-item-author", "GET", "/loans/4?include=item.author", None),
    # The polymorphic to-many: shelf 2 is [albums/3, books/4, films/5], shelf 3 three different things numbered 2.
    ("shelves-include-items", "GET", "/shelves?include=items", None),
    ("shelf-2", "GET", "/shelves/2", None),
    ("shelf-2-include-items-author", "GET", "/shelves/2?include=items.author", None),
    ("shelf-2-items", "GET", "/shelves/2/items", None),
    ("shelf-2-relationships-items", "GET", "/shelves/2/relationships/items", None),
    ("shelf-3-include-items", "GET", "/shelves/3?include=items", None),
    ("shelf-4-relationships-items", "GET", "/shelves/4/relationships/items", None),
    # The polymorphic collection: 12 items, 5 a page, in creation order.
    ("items", "GET", "/items", None),
    ("items-page-2", "GET", "/items?page[number]=2", None),
    ("items-page-3", "GET", "/items?page[number]=3", None),
    ("items-include-author", "GET", "/items?include=author", None),
    ("items-sparse", "GET", "/items?fields[books]=title&fields[films]=minutes", None),
    ("items-sort-title", "GET", "/items?sort=-title&page[size]=4", None),
    # Each type's own endpoint: the same id, three different things.
    ("books", "GET", "/books?include=author", None),
    ("book-2", "GET", "/books/2", None),
    ("film-2", "GET", "/films/2", None),
    ("album-2", "GET", "/albums/2", None),
    ("book-4-author", "GET", "/books/4/author", None),
    # Errors (nothing changes).
    ("error-include-on-subtype-without-it", "GET", "/films?include=author", None),
    ("error-create-loan-wrong-type", "POST", "/loans", {"data": {"type": "loans", "attributes": {"borrower": "Nobody", "due": "2026-12-31"}, "relationships": {"item": {"data": identifier("authors", "1")}}}}),
    ("error-create-loan-missing-item", "POST", "/loans", {"data": {"type": "loans", "attributes": {"borrower": "Nobody", "due": "2026-12-31"}, "relationships": {"item": {"data": identifier("films", "99")}}}}),
    ("error-create-item-base-type", "POST", "/items", {"data": {"type": "items", "attributes": {"title": "Untyped"}}}),
    ("error-relationship-post-wrong-type", "POST", "/shelves/4/relationships/items", {"data": [identifier("films", "1"), identifier("authors", "1")]}),
    ("error-relationship-post-missing", "POST", "/shelves/4/relationships/items", {"data": [identifier("albums", "9")]}),
    ("error-relationship-patch-to-one-null", "PATCH", "/loans/1/relationships/item", {"data": None}),
    ("error-relationship-post-to-one", "POST", "/loans/1/relationships/item", {"data": identifier("books", "3")}),
    # Writes.
    ("create-loan", "POST", "/loans?include=item", {"data": {"type": "loans", "attributes": {"borrower": "Barbara", "due": "2026-12-24"}, "relationships": {"item": {"data": identifier("films", "3")}}}}),
    ("patch-loan-item", "PATCH", "/loans/5", {"data": {"type": "loans", "id": "5", "relationships": {"item": {"data": identifier("albums", "3")}}}}),
    ("create-shelf", "POST", "/shelves", {"data": {"type": "shelves", "attributes": {"name": "Returns"}, "relationships": {"items": {"data": [identifier("films", "1"), identifier("books", "1"), identifier("albums", "1")]}}}}),
    ("patch-shelf-items", "PATCH", "/shelves/5", {"data": {"type": "shelves", "id": "5", "relationships": {"items": {"data": [identifier("films", "4"), identifier("books", "3")]}}}}),
    ("relationship-patch-to-one", "PATCH", "/loans/1/relationships/item", {"data": identifier("books", "3")}),
    ("relationship-post-to-many", "POST", "/shelves/4/relationships/items", {"data": [identifier("films", "2"), identifier("books", "2")]}),
    ("relationship-post-to-many-again", "POST", "/shelves/4/relationships/items", {"data": [identifier("films", "2")]}),
    ("relationship-delete-to-many", "DELETE", "/shelves/4/relationships/items", {"data": [identifier("books", "2")]}),
    ("relationship-delete-to-many-absent", "DELETE", "/shelves/4/relationships/items", {"data": [identifier("books", "2")]}),
    ("relationship-patch-to-many", "PATCH", "/shelves/4/relationships/items", {"data": [identifier("albums", "2"), identifier("films", "5")]}),
    ("create-item-film", "POST", "/items", {"data": {"type": "films", "attributes": {"title": "Le Samouraï", "minutes": 105}}}),
    ("create-item-book", "POST", "/items", {"data": {"type": "books", "attributes": {"title": "Ubik"}, "relationships": {"author": {"data": identifier("authors", "2")}}}}),
    ("after-writes-loans", "GET", "/loans?include=item", None),
    ("after-writes-shelves", "GET", "/shelves?include=items", None),
]


def send(base, method, path, body):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method, headers={"Accept": MEDIA_TYPE, "Content-Type": MEDIA_TYPE})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def main():
    base = sys.argv[1].rstrip("/")
    port_pattern = re.compile(re.escape(base.split("//", 1)[1]))
    os.makedirs(FOLDER, exist_ok=True)
    for stale in os.listdir(FOLDER):
        if stale.endswith(".json"):
            os.remove(os.path.join(FOLDER, stale))
    manifest = []
    for name, method, path, body in REQUESTS:
        status, payload = send(base, method, path.replace("[", "%5B").replace("]", "%5D"), body)
        entry = {"name": name, "method": method, "path": path, "status": status}
        if body is not None:
            entry["body"] = body
        if payload:
            document = json.loads(port_pattern.sub("127.0.0.1:8000", payload.decode("utf-8")))
            with open(os.path.join(FOLDER, name + ".json"), "w", encoding="utf-8") as f:
                json.dump(document, f, indent=2, ensure_ascii=False)
                f.write("\n")
        else:
            entry["document"] = False  # 204 No Content
        manifest.append(entry)
        print(f"{status} {method} {path} -> {name}")
    with open(os.path.join(FOLDER, "manifest.json"), "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=2, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
