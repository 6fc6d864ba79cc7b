"""The JSON:API test server: djangorestframework-jsonapi over SQLite, on a free loopback port.

Run with the venv's python (`make jsonapi-server` creates `.venv-jsonapi`):
    .venv-jsonapi/bin/python Tests/Servers/jsonapi/server.py [--port N] [--data DIR] [--seed-only] [--gzip | --drf-extensions]
It creates a fresh database in a temporary directory, seeds it, prints `LISTENING <port>` and serves
until its stdin closes (so it dies with the test process that started it). With `--data DIR` the
database is DIR's, seeded only when DIR holds none yet: a server stopped and started again on the same
DIR and `--port` is the same server with the same data (the store's offline tests).

Conditional requests (issue 27): by default press/conditional.py's (Django's ConditionalGetMiddleware
and an If-Match check). Two variants for the conditional-request tests:
- `--gzip` adds Django's GZipMiddleware in front, as deployments do: a compressed answer's ETag is weak.
- `--drf-extensions` leaves ETags to drf-extensions' `APIETAGMixin` on the viewsets instead
  (press/extensions.py): tags from the model's values, and a write without If-Match is refused (428).
"""
import os
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # jsonapi_capture
DATA = sys.argv[sys.argv.index("--data") + 1] if "--data" in sys.argv else tempfile.mkdtemp(prefix="resgen-jsonapi-")
SEEDED = os.path.exists(os.path.join(DATA, "db.sqlite3"))

import django
from django.conf import settings

DRF_EXTENSIONS = "--drf-extensions" in sys.argv
# ETag, 304 and If-Match (press/conditional.py): outside the middlewares that rewrite a body, so a tag is
# the one of the bytes sent.
CONDITIONAL = [] if DRF_EXTENSIONS else [
    "press.conditional.IfMatchMiddleware",
    "django.middleware.http.ConditionalGetMiddleware",
    "press.conditional.CacheControlMiddleware",
]
MIDDLEWARE = [
    # Outside the capture, which records documents, not their compressed bytes.
    *(["django.middleware.gzip.GZipMiddleware"] if "--gzip" in sys.argv else []),
    "jsonapi_capture.DjangoCaptureMiddleware",
    *CONDITIONAL,
    "press.prefer.PreferMiddleware",
    "press.prefer.RelativeLinksMiddleware",
    "press.cursor.ProfileMiddleware",
]

settings.configure(
    DEBUG=False,
    ALLOWED_HOSTS=["127.0.0.1", "localhost"],
    SECRET_KEY="resgen-tests-only",
    ROOT_URLCONF="press.extensions" if DRF_EXTENSIONS else "press.urls",
    USE_TZ=True,
    TIME_ZONE="UTC",
    INSTALLED_APPS=["django.contrib.contenttypes", "django.contrib.auth", "rest_framework", "rest_framework_json_api", "django_filters", "drf_spectacular", "press"],
    DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": os.path.join(DATA, "db.sqlite3")}},
    MIDDLEWARE=MIDDLEWARE,
    MIGRATION_MODULES={"press": None},
    REST_FRAMEWORK={
        "PAGE_SIZE": 5,
        "EXCEPTION_HANDLER": "rest_framework_json_api.exceptions.exception_handler",
        "DEFAULT_PAGINATION_CLASS": "rest_framework_json_api.pagination.JsonApiPageNumberPagination",
        "DEFAULT_PARSER_CLASSES": ("rest_framework_json_api.parsers.JSONParser",),
        "DEFAULT_RENDERER_CLASSES": ("rest_framework_json_api.renderers.JSONRenderer",),
        "DEFAULT_METADATA_CLASS": "rest_framework_json_api.metadata.JSONAPIMetadata",
        # drf-spectacular-jsonapi's: GET /openapi.json (`make openapi-servers`).
        "DEFAULT_SCHEMA_CLASS": "drf_spectacular_jsonapi.schemas.openapi.JsonApiAutoSchema",
        "DEFAULT_FILTER_BACKENDS": ("rest_framework_json_api.filters.QueryParameterValidationFilter", "rest_framework_json_api.filters.OrderingFilter", "rest_framework_json_api.django_filters.DjangoFilterBackend"),
        "SEARCH_PARAM": "filter[search]",
        "TEST_REQUEST_RENDERER_CLASSES": ("rest_framework_json_api.renderers.JSONRenderer",),
        "TEST_REQUEST_DEFAULT_FORMAT": "vnd.api+json",
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
    from datetime import datetime, timedelta, timezone
    from press.models import Article, Comment, Person, Tag

    call_command("migrate", run_syncdb=True, verbosity=0)
    ada = Person.objects.create(name="Ada Lovelace", email="ada@example.org", twitter_handle="ada")
    alan = Person.objects.create(name="Alan Turing", email=None)
    grace = Person.objects.create(name="Grace Hopper", email="grace@example.org")
    swift = Tag.objects.create(id="swift", name="Swift")
    http = Tag.objects.create(id="http", name="HTTP")
    Tag.objects.create(id="json", name="JSON")
    start = datetime(2026, 1, 1, 9, 0, tzinfo=timezone.utc)
    people = [ada, alan, grace]
    for number in range(1, 13):
        article = Article.objects.create(
            title=f"Article {number:02d}", body=f"Body of article {number} " * 3, published_at=start + timedelta(days=number),
            views=number * 10, author=people[number % 3])
        if number == 1:
            article.tags.set([swift, http])
            Comment.objects.create(body="First!", article=article, author=alan)
            Comment.objects.create(body="Anonymous", article=article, author=None)
            Comment.objects.create(body="Mine", article=article, author=ada)


class Handler(WSGIRequestHandler):
    disable_nagle_algorithm = True

    def log_message(self, format, *args):
        # Quiet for the tests; Benchmarks/side_by_side.py counts the requests each client made.
        if os.environ.get("JSONAPI_LOG_REQUESTS"):
            sys.stderr.write(f"{self.requestline}\n")
            sys.stderr.flush()


class Server(ThreadingMixIn, WSGIServer):
    # Not socketserver's 5, which resets connections under a loaded test run: see Tests/Tools/listen_backlog.py.
    request_queue_size = 128
    daemon_threads = True


def main():
    if not SEEDED:
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
