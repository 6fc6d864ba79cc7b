"""A HAL-shaped loopback server for the traversal benchmark (stdlib only).

``GET /hub`` is a contact whose ``contacts`` link array holds 100 distinct contacts plus 20 repeats;
``GET /c/<i>`` is contact i. Every response waits ``--delay-ms`` (20 by default) first, in its own
thread. ``GET /_count`` returns how many requests came in and how many distinct URLs they asked for (not
counting itself): ``{"count": n, "unique": u}``. Binds 127.0.0.1 on a
free port, prints ``LISTENING <port>``, exits when stdin closes.
"""

import argparse
import json
import threading
import time
from http.server import BaseHTTPRequestHandler

from loopback import reply, serve

parser = argparse.ArgumentParser()
parser.add_argument("--delay-ms", type=float, default=20)
ARGS = parser.parse_args()
COUNT = 0
PATHS = set()
LOCK = threading.Lock()


def contact(i, links):
    return {"id": i, "name": f"Contact {i}", "_links": {"self": {"href": f"/c/{i}"}, **links}}


class Handler(BaseHTTPRequestHandler):
    disable_nagle_algorithm = True
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        global COUNT
        if self.path == "/_count":
            body = json.dumps({"count": COUNT, "unique": len(PATHS)}).encode()
        else:
            with LOCK:
                COUNT += 1
                PATHS.add(self.path)
            time.sleep(ARGS.delay_ms / 1000)
            if self.path == "/hub":
                links = [{"href": f"/c/{i}"} for i in range(1, 101)] + [{"href": f"/c/{i}"} for i in range(1, 21)]
                body = json.dumps(contact(0, {"contacts": links})).encode()
            else:
                body = json.dumps(contact(int(self.path.rsplit("/", 1)[1]), {})).encode()
        reply(self, 200, "application/hal+json", body)


serve(Handler)
