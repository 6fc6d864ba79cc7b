#!/usr/bin/env python3
"""A scripted HTTP server for the cache tests (Tests/ResgenRuntimeTests/HTTPCacheLoopbackTests.swift).

Every resource lives under /r/<path>. A GET's query says how to answer, one rule per parameter:
  cc=<Cache-Control value>   expires=<seconds from now>  age=<Age value>  date=<seconds offset of Date>
  etag=1 (ETag "v<version>")  lm=1 (Last-Modified, one per version)  vary=<field name>
  includes=<type/id,...>     (JSON:API `included` resource objects with those identities)
  status=<code>              (answer with that status; default 200)
  owner=<field name>         (the `owner` attribute echoes that request field: one user's own data)
  setcookie=1                (a Set-Cookie field with a session secret)
The body is a JSON:API document whose primary data is {type: "r", id: <path>} with attributes
{version, served, varied, owner} (`served` counts the 200s sent for the path, `varied` echoes the `vary`
field). A conditional GET whose validator matches the current version answers 304.
/script?path=<path>&etag=<value> (or &lm=<value>) makes every later 304 for the path carry that ETag (or
Last-Modified) instead of the current version's: a server that relabels what the client has.

PUT, PATCH, POST and DELETE on /r/<path> bump the path's version and answer 200 with the new document
(204 for DELETE); `location=<path>` and `content-location=<path>` add those fields. A write whose
If-Match names another version than the current one is refused with 412 and changes nothing. /stats?path=<path>
returns {"requests": n, "notModified": m} for a path; /stats/reset clears everything.

Prints "LISTENING <port>" and exits when stdin closes (see Tests/Support/ServerProcess.swift).
"""
import json
import threading
import time
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs, urlsplit

from echo_server import serve

LOCK = threading.Lock()
VERSIONS = {}
SERVED = {}
REQUESTS = {}
NOT_MODIFIED = {}
RELABELS = {}
EPOCH = 1_700_000_000


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def split(self):
        parts = urlsplit(self.path)
        return parts.path, {k: v[-1] for k, v in parse_qs(parts.query, keep_blank_values=True).items()}

    def send(self, status, body=b"", headers=()):
        # send_response_only: send_response would add a Date of its own, and `date=` sets one.
        self.send_response_only(status)
        self.send_header("Server", "cache_server")
        for name, value in headers:
            self.send_header(name, value)
        if status not in (204, 304):
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if status not in (204, 304) and self.command != "HEAD":
            self.wfile.write(body)

    def document(self, path, query):
        key = path[len("/r/"):]
        included = []
        for identity in filter(None, query.get("includes", "").split(",")):
            kind, _, ident = identity.partition("/")
            included.append({"type": kind, "id": ident, "attributes": {}})
        varied = self.headers.get(query["vary"]) if "vary" in query else None
        owner = self.headers.get(query["owner"]) if "owner" in query else None
        data = {"type": "r", "id": key, "attributes": {"version": VERSIONS.get(path, 1), "served": SERVED.get(path, 0), "varied": varied,
                                                       "owner": owner}}
        document = {"data": data}
        if included:
            document["included"] = included
        return json.dumps(document).encode()

    def do_GET(self):
        path, query = self.split()
        if path == "/stats/reset":
            with LOCK:
                for table in (VERSIONS, SERVED, REQUESTS, NOT_MODIFIED, RELABELS):
                    table.clear()
            return self.send(204)
        if path == "/stats":
            target = query.get("path", "")
            with LOCK:
                body = json.dumps({"requests": REQUESTS.get(target, 0), "notModified": NOT_MODIFIED.get(target, 0)}).encode()
            return self.send(200, body, [("Content-Type", "application/json")])
        if path == "/script":
            with LOCK:
                RELABELS[query.get("path", "")] = [(name, query[key]) for key, name in (("etag", "ETag"), ("lm", "Last-Modified")) if key in query]
            return self.send(204)
        if not path.startswith("/r/"):
            return self.send(404)
        with LOCK:
            REQUESTS[path] = REQUESTS.get(path, 0) + 1
            version = VERSIONS.get(path, 1)
        headers = [("Content-Type", "application/vnd.api+json")]
        now = time.time()
        headers.append(("Date", formatdate(now + int(query.get("date", "0")), usegmt=True)))
        if "cc" in query:
            headers.append(("Cache-Control", query["cc"]))
        if "expires" in query:
            headers.append(("Expires", formatdate(now + int(query["expires"]), usegmt=True)))
        if "age" in query:
            headers.append(("Age", query["age"]))
        if "vary" in query:
            headers.append(("Vary", query["vary"]))
        etag = '"v%d"' % version
        last_modified = formatdate(EPOCH + version * 3600, usegmt=True)
        if query.get("etag") == "1":
            headers.append(("ETag", etag))
        if query.get("lm") == "1":
            headers.append(("Last-Modified", last_modified))
        if query.get("setcookie") == "1":
            headers.append(("Set-Cookie", "session=s3cr3t-cookie; HttpOnly"))
        not_modified = False
        if query.get("etag") == "1" and self.headers.get("If-None-Match"):
            not_modified = etag in [t.strip() for t in self.headers["If-None-Match"].split(",")]
        elif query.get("lm") == "1" and self.headers.get("If-Modified-Since"):
            not_modified = self.headers["If-Modified-Since"] == last_modified
        if not_modified:
            with LOCK:
                NOT_MODIFIED[path] = NOT_MODIFIED.get(path, 0) + 1
                relabels = RELABELS.get(path, [])
            relabelled = {name for name, _ in relabels}
            headers = [h for h in headers if h[0] != "Content-Type" and h[0] not in relabelled] + relabels
            return self.send(304, headers=headers)
        with LOCK:
            SERVED[path] = SERVED.get(path, 0) + 1
            body = self.document(path, query)
        self.send(int(query.get("status", "200")), body, headers)

    def write(self):
        path, query = self.split()
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        if not path.startswith("/r/"):
            return self.send(404)
        with LOCK:
            REQUESTS[path] = REQUESTS.get(path, 0) + 1
            condition = self.headers.get("If-Match")
            if condition is not None and condition.strip() not in ('"v%d"' % VERSIONS.get(path, 1), "*"):
                return self.send(412)
            VERSIONS[path] = VERSIONS.get(path, 1) + 1
            body = self.document(path, query)
        headers = [("Content-Type", "application/vnd.api+json")]
        if "location" in query:
            headers.append(("Location", query["location"]))
        if "content-location" in query:
            headers.append(("Content-Location", query["content-location"]))
        if self.command == "DELETE":
            return self.send(204, headers=headers)
        self.send(201 if self.command == "POST" else 200, body, headers)

    do_PUT = write
    do_PATCH = write
    do_POST = write
    do_DELETE = write


def main():
    # The echo server's loop: the same port report, stdin watch and shutdown.
    serve(Handler)


if __name__ == "__main__":
    main()
