"""The polymorphic JSON:API test server: djangorestframework-jsonapi with django-polymorphic over SQLite,
on a free loopback port. A lending library whose loans and shelves point at books, films and albums,
each type numbered from 1 (so `books/2` and `films/2` both exist). See README.md beside this file.

Run with the JSON:API venv's python (`make jsonapi-server` creates `.venv-jsonapi`):
    .venv-jsonapi/bin/python Tests/Servers/jsonapi_polymorphic/server.py [--port N] [--seed-only]
It creates a fresh database in a temporary directory, seeds it, prints `LISTENING <port>` and serves
until its stdin closes (so it dies with the test process that started it).
"""
import os
import sys
import tempfile
import threading
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # jsonapi_capture
DATA = tempfile.mkdtemp(prefix="resgen-jsonapi-polymorphic-")

# djangorestframework-jsonapi 8.1.0 deprecates its polymorphic support (no replacement yet); say it once
# here rather than on every start.
warnings.filterwarnings("ignore", message="Support for polymorphic resources is deprecated", category=DeprecationWarning)

import django
from django.conf import settings

settings.configure(
    DEBUG=False,
    ALLOWED_HOSTS=["127.0.0.1", "localhost"],
    SECRET_KEY="resgen-tests-only",
    ROOT_URLCONF="catalog.urls",
    USE_TZ=True,
    TIME_ZONE="UTC",
    INSTALLED_APPS=["django.contrib.contenttypes", "django.contrib.auth", "polymorphic", "rest_framework", "rest_framework_json_api", "django_filters", "catalog"],
    DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": os.path.join(DATA, "db.sqlite3")}},
    MIDDLEWARE=["jsonapi_capture.DjangoCaptureMiddleware"],
    MIGRATION_MODULES={"catalog": None},
    REST_FRAMEWORK={
        "PAGE_SIZE": 5,
        "EXCEPTION_HANDLER": "rest_framework_json_api.exceptions.exception_handler",
        "DEFAULT_PAGINATION_CLASS": "rest_framework_json_api.pagination.JsonApiPageNumberPagination",
        "DEFAULT_PARSER_CLASSES": ("rest_framework_json_api.parsers.JSONParser",),
        "DEFAULT_RENDERER_CLASSES": ("rest_framework_json_api.renderers.JSONRenderer",),
        "DEFAULT_METADATA_CLASS": "rest_framework_json_api.metadata.JSONAPIMetadata",
        "DEFAULT_FILTER_BACKENDS": ("rest_framework_json_api.filters.QueryParameterValidationFilter", "rest_framework_json_api.filters.OrderingFilter", "rest_framework_json_api.django_filters.DjangoFilterBackend"),
        "DEFAULT_AUTHENTICATION_CLASSES": [],
        "DEFAULT_PERMISSION_CLASSES": [],
        "UNAUTHENTICATED_USER": None,
    },
    JSON_API_FORMAT_FIELD_NAMES="dasherize",
    JSON_API_FORMAT_TYPES="dasherize",
    JSON_API_PLURALIZE_TYPES=True,
)
django.setup()

from django.core.management import call_command
from django.core.wsgi import get_wsgi_application
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server
from socketserver import ThreadingMixIn


def seed():
    """The seed data README.md lists. Items are created interleaved, so `GET /items` (creation order)
    mixes the three types on every page, and each type is numbered from 1."""
    from datetime import date
    from catalog.models import Album, Author, Book, Film, Loan, Shelf

    call_command("migrate", run_syncdb=True, verbosity=0)
    le_guin = Author.objects.create(name="Ursula K. Le Guin")
    herbert = Author.objects.create(name="Frank Herbert")
    book = lambda number, title, author: Book.objects.create(number=number, title=title, author=author)
    film = lambda number, title, minutes: Film.objects.create(number=number, title=title, minutes=minutes)
    album = lambda number, title, artist: Album.objects.create(number=number, title=title, artist=artist)
    b1 = book(1, "A Wizard of Earthsea", le_guin)
    film(1, "Metropolis", 153)
    a1 = album(1, "Kind of Blue", "Miles Davis")
    b2 = book(2, "Dune", herbert)
    f2 = film(2, "Solaris", 167)
    a2 = album(2, "Blue Train", "John Coltrane")
    b3 = book(3, "The Dispossessed", le_guin)
    film(3, "Stalker", 162)
    a3 = album(3, "Mingus Ah Um", "Charles Mingus")
    b4 = book(4, "Beowulf", None)  # no author: `data: null`
    film(4, "Playtime", 124)
    f5 = film(5, "Alphaville", 99)

    Loan.objects.create(borrower="Ada", due=date(2026, 12, 1), item=f2)  # films/2, while books/2 exists
    Loan.objects.create(borrower="Alan", due=date(2026, 12, 2), item=b2)  # books/2
    Loan.objects.create(borrower="Grace", due=date(2026, 12, 3), item=a1)  # albums/1
    Loan.objects.create(borrower="Edsger", due=date(2026, 12, 4), item=b4)  # books/4, no author

    Shelf.objects.create(name="Le Guin").items.set([b1, b3])  # one type
    Shelf.objects.create(name="Mixed").items.set([a3, b4, f5])  # [albums/3, books/4, films/5]
    Shelf.objects.create(name="Twos").items.set([b2, f2, a2])  # three different things with id 2
    Shelf.objects.create(name="Empty")


class Handler(WSGIRequestHandler):
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass


class Server(ThreadingMixIn, WSGIServer):
    # Not socketserver's 5, which resets connections under a loaded test run: see Tests/Tools/listen_backlog.py.
    request_queue_size = 128
    daemon_threads = True


def main():
    seed()
    port = int(sys.argv[sys.argv.index("--port") + 1]) if "--port" in sys.argv else 0
    if "--seed-only" in sys.argv:
        print("SEEDED", DATA)
        return
    server = make_server("127.0.0.1", port, get_wsgi_application(), server_class=Server, handler_class=Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print("LISTENING", server.server_port, flush=True)
    try:
        sys.stdin.read()  # until the parent closes our stdin
    except KeyboardInterrupt:
        pass
    server.shutdown()


if __name__ == "__main__":
    main()
