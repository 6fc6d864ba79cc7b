#!/usr/bin/env python3
"""A tiny in-memory forum speaking plain JSON, for `make demo` (Examples/ForumDemo).

Serves the shapes the generated `Forum` client reads and writes with `PlainJSONCodec`:
posts at /posts, comments at /posts/<id>/comments, a search at /posts/search/<term>.
Binds 127.0.0.1 on an ephemeral port, prints `LISTENING <port>`, and exits when stdin closes.
Standard library only.
"""
import json
import re
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler

from echo_server import serve

POSTS = {
    1: {"id": 1, "title": "Swift on Linux", "default": False, "is-pinned": True, "comments": {"ids": [7, 8]}},
    2: {"id": 2, "title": "Generated clients", "default": False, "is-pinned": False, "comments": {"ids": []}},
}
COMMENTS = {1: {7: {"id": 7, "text": "Works here.", "commenters": {}, "post": {"id": 1}},
                8: {"id": 8, "text": "Same on macOS.", "commenters": {}, "post": {"id": 1}}}}
LOCK = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def reply(self, status, payload=None):
        body = b"" if payload is None else json.dumps(payload).encode()
        self.send_response(status)
        if payload is not None:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return json.loads(self.rfile.read(length) or b"null")

    def route(self):
        url = urllib.parse.urlsplit(self.path)
        path, query = url.path, dict(urllib.parse.parse_qsl(url.query))
        method = self.command
        with LOCK:
            if m := re.fullmatch(r"/posts/search/([^/]+)", path):
                term = urllib.parse.unquote(m[1]).lower()
                found = [p for p in POSTS.values() if term in p["title"].lower()]
                return self.reply(200, found[: int(query.get("limit", "20"))])
            if path == "/posts" and method == "GET":
                return self.reply(200, list(POSTS.values()))
            if path == "/posts" and method == "POST":
                post = self.body()
                post["id"] = max(POSTS) + 1
                post.setdefault("comments", {"ids": []})
                POSTS[post["id"]] = post
                return self.reply(201, post)
            if m := re.fullmatch(r"/posts/(\d+)", path):
                post = POSTS.get(int(m[1]))
                return self.reply(200, post) if post else self.reply(404, {"title": "no such post"})
            if m := re.fullmatch(r"/posts/(\d+)/comments", path):
                return self.reply(200, list(COMMENTS.get(int(m[1]), {}).values()))
            if (m := re.fullmatch(r"/posts/(\d+)/comments/(\d+)", path)) and method == "DELETE":
                removed = COMMENTS.get(int(m[1]), {}).pop(int(m[2]), None)
                return self.reply(204) if removed else self.reply(404, {"title": "no such comment"})
        self.reply(404, {"title": f"no route for {method} {path}"})

    do_GET = do_POST = do_DELETE = do_PUT = do_PATCH = route


def main():
    serve(Handler)


if __name__ == "__main__":
    main()
