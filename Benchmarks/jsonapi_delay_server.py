"""A JSON:API loopback server for the pagination benchmark (stdlib only).

``GET /articles`` is page 1 of a collection of ``--pages`` pages × ``--per-page`` articles (the Press
schema's ``articles``); page k > 1 is ``/articles?page%5Bnumber%5D=k``. Each page has ``links.next``
(``null`` on the last), ``links.self/first/last``, and ``meta.total``. Every page waits ``--delay-ms``
(20 by default) first, in its own thread. ``GET /_stats`` answers at once with ``{"requests": n,
"unique": u, "delay_ms": d}`` for the page requests since the previous ``/_stats``, then resets them.
Binds 127.0.0.1 on a free port, prints ``LISTENING <port>``, exits when stdin closes.
"""

import argparse
import json
import threading
import time
from http.server import BaseHTTPRequestHandler

from loopback import reply, serve

parser = argparse.ArgumentParser()
parser.add_argument("--delay-ms", type=float, default=20)
parser.add_argument("--pages", type=int, default=20)
parser.add_argument("--per-page", type=int, default=50)
ARGS = parser.parse_args()
LOCK = threading.Lock()
REQUESTS = []


def page_url(number):
    return "/articles" if number == 1 else f"/articles?page%5Bnumber%5D={number}"


def article(i):
    return {
        "type": "articles", "id": str(i),
        "attributes": {"title": f"Article {i}", "body": "Lorem ipsum dolor sit amet. " * 4,
                       "published-at": "2026-01-02T09:00:00Z", "views": i * 7},
        "relationships": {"author": {"data": {"type": "people", "id": str(i % 10 + 1)}},
                          "comments": {"data": [{"type": "comments", "id": str(i * 2)}]},
                          "tags": {"data": []}},
    }


def page(number):
    first = (number - 1) * ARGS.per_page + 1
    return {
        "data": [article(i) for i in range(first, first + ARGS.per_page)],
        "links": {"self": page_url(number), "first": page_url(1), "last": page_url(ARGS.pages),
                  "next": page_url(number + 1) if number < ARGS.pages else None},
        "meta": {"total": ARGS.pages * ARGS.per_page},
    }


PAGES = {page_url(n): json.dumps(page(n)).encode() for n in range(1, ARGS.pages + 1)}  # built once, not per request


class Handler(BaseHTTPRequestHandler):
    disable_nagle_algorithm = True
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        status = 200
        if self.path == "/_stats":
            with LOCK:
                data = json.dumps({"requests": len(REQUESTS), "unique": len(set(REQUESTS)),
                                   "delay_ms": ARGS.delay_ms}).encode()
                REQUESTS.clear()
        else:
            with LOCK:
                REQUESTS.append(self.path)
            time.sleep(ARGS.delay_ms / 1000)
            data = PAGES.get(self.path)
            if data is None:
                status, data = 404, b'{"errors": [{"status": "404", "title": "Not Found"}]}'
        reply(self, status, "application/vnd.api+json", data)


serve(Handler)
