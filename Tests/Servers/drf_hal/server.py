"""The drf-hal-json test server: Django REST framework with drf-hal-json's serializers, renderer and
pagination over SQLite, on a free loopback port (issue 49, item 7).

drf-hal-json writes a page's items as `_embedded: [...]` (an array, not an object of relations), every link
as a bare string, `previous`/`next` as `null` when absent, and a to-many relation as an array of strings.

Run with the venv's python (`make drf-hal-server` creates `.venv-drf-hal`):
    .venv-drf-hal/bin/python Tests/Servers/drf_hal/server.py
It seeds a fresh database in a temporary directory (3 speakers, 5 talks: pages of 2), prints
`LISTENING <port>` and serves until its stdin closes (so it dies with the test process that started it).
"""
import os
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
DATA = tempfile.mkdtemp(prefix="resgen-drf-hal-")

import django
from django.conf import settings

settings.configure(
    DEBUG=False,
    ALLOWED_HOSTS=["127.0.0.1", "localhost"],
    SECRET_KEY="resgen-tests-only",
    ROOT_URLCONF="talks.urls",
    USE_TZ=True,
    INSTALLED_APPS=["django.contrib.contenttypes", "django.contrib.auth", "rest_framework", "talks"],
    DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": os.path.join(DATA, "db.sqlite3")}},
    MIDDLEWARE=[],
    MIGRATION_MODULES={"talks": None},
    REST_FRAMEWORK={
        "DEFAULT_RENDERER_CLASSES": ["drf_hal_json.renderers.JsonHalRenderer"],
        "DEFAULT_PARSER_CLASSES": ["drf_hal_json.parsers.JsonHalParser"],
        # drf-hal-json's links serializer names the resource's own link after this setting.
        "URL_FIELD_NAME": "self",
        "DEFAULT_AUTHENTICATION_CLASSES": [],
        "DEFAULT_PERMISSION_CLASSES": [],
        "UNAUTHENTICATED_USER": None,
    },
)
django.setup()

from django.core.management import call_command
from django.core.wsgi import get_wsgi_application
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server


def seed():
    from talks.models import Speaker, Talk

    call_command("migrate", run_syncdb=True, verbosity=0)
    ada, grace, alan = (Speaker.objects.create(name=name) for name in ["Ada Lovelace", "Grace Hopper", "Alan Turing"])
    for title, speaker in [("Engines", ada), ("Notes", ada), ("Compilers", grace), ("COBOL", grace), ("Machines", alan)]:
        Talk.objects.create(title=title, speaker=speaker)


class Handler(WSGIRequestHandler):
    disable_nagle_algorithm = True

    def log_message(self, format, *args):
        pass


class Server(ThreadingMixIn, WSGIServer):
    # Not socketserver's 5, which resets connections under a loaded test run: see Tests/Tools/listen_backlog.py.
    request_queue_size = 128
    daemon_threads = True


def main():
    seed()
    server = make_server("127.0.0.1", 0, get_wsgi_application(), server_class=Server, handler_class=Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print("LISTENING", server.server_port, flush=True)
    try:
        sys.stdin.read()  # until the parent closes our stdin
    except KeyboardInterrupt:
        pass
    server.shutdown()


if __name__ == "__main__":
    main()
