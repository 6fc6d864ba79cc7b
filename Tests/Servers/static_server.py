"""Serves the files of a directory on a free loopback port, for `resgen infer`'s command-line tests.

Run: ``python3 static_server.py DIRECTORY``. Prints ``LISTENING <port>`` once it accepts connections
and exits when stdin (a pipe the test holds) closes. The extension picks the content type: ``.hal``
application/hal+json, ``.jsonapi`` application/vnd.api+json, ``.json`` application/json, ``.html``
text/html; a missing file is a 404.
"""
import functools
import sys
from http.server import SimpleHTTPRequestHandler

from echo_server import serve


class Handler(SimpleHTTPRequestHandler):
    extensions_map = {".hal": "application/hal+json", ".jsonapi": "application/vnd.api+json",
                      ".json": "application/json", ".html": "text/html", "": "application/octet-stream"}
    disable_nagle_algorithm = True

    def log_message(self, format, *args):
        pass


def main() -> None:
    serve(functools.partial(Handler, directory=sys.argv[1]))


if __name__ == "__main__":
    main()
