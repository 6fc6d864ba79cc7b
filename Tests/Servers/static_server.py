"""Serves the files of a directory on a free loopback port, for `resgen infer`'s command-line tests.

Run: ``python3 static_server.py DIRECTORY``. Prints ``LISTENING <port>`` once it accepts connections
and exits when stdin (a pipe the test holds) closes. The extension picks the content type: ``.hal``
application/hal+json, ``.jsonapi`` application/vnd.api+json, ``.json`` application/json, ``.html``
text/html; a missing file is a 404.
"""
import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer


class Handler(SimpleHTTPRequestHandler):
    extensions_map = {".hal": "application/hal+json", ".jsonapi": "application/vnd.api+json",
                      ".json": "application/json", ".html": "text/html", "": "application/octet-stream"}
    disable_nagle_algorithm = True

    def log_message(self, format, *args):
        pass


class Server(ThreadingHTTPServer):
    # Not socketserver's 5, which resets connections under a loaded test run: see Tests/Tools/listen_backlog.py.
    request_queue_size = 128
    daemon_threads = True


def main() -> None:
    handler = functools.partial(Handler, directory=sys.argv[1])
    server = Server(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"LISTENING {server.server_address[1]}", flush=True)
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
