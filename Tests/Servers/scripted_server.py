#!/usr/bin/env python3
"""A loopback HTTP/1.1 server that answers what a test scripted and logs every request it saw.

Usage: scripted_server.py [HOST]   (default 127.0.0.1; on Linux any 127.x.y.z address works, which gives
tests several origins on one machine). Binds a free port and prints ``LISTENING <port>`` on stdout once
it accepts connections; exits when stdin (a pipe the test holds) closes, or on SIGTERM/SIGINT.

  POST /_routes   {"/path": {"status": 200, "headers": {"Name": "value"}, "body": "text"}, ...}: adds or
                  replaces routes. A route is matched by the request's target (path and query, as
                  sent) when one is scripted for it, else by the path without its query.
  GET  /_log      [{"method", "target" (path and query), "headers": [[name, value], ...], "length", "body"},
                  ...]: every other request so far, in arrival order, header names as received, with the
                  length of its body and the body as text (UTF-8, invalid bytes replaced).
  anything else   the route's response, or 404; logged.

Every response carries a Content-Length and keeps the connection open; Nagle's algorithm is off (see
MEASURED.md: http.server writes head and body in separate sends).
"""

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler

from echo_server import serve

routes = {}
log = []
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, format, *args):
        pass

    def reply(self, status, headers, body):
        data = body.encode("utf-8")
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        path = self.path.split("?", 1)[0]
        if path == "/_routes" and self.command == "POST":
            with lock:
                routes.update(json.loads(body))
            return self.reply(204, {}, "")
        if path == "/_log":
            with lock:
                text = json.dumps(log)
            return self.reply(200, {"Content-Type": "application/json"}, text)
        with lock:
            log.append({
                "method": self.command,
                "target": self.path,
                "headers": [[k, v] for k, v in self.headers.items()],
                "length": len(body),
                "body": body.decode("utf-8", "replace"),
            })
            route = routes.get(self.path, routes.get(path))
        if route is None:
            return self.reply(404, {"Content-Type": "text/plain"}, "no route for " + path)
        self.reply(route.get("status", 200), route.get("headers", {}), route.get("body", ""))

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = handle_any


def main():
    serve(Handler, host=sys.argv[1] if len(sys.argv) > 1 else "127.0.0.1")


if __name__ == "__main__":
    main()
