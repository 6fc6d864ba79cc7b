"""A JSON:API server made with japyd 1.4.0 (Flask + Pydantic), for the pages-without-links tests (issue 49).

japyd pages a collection by ``page[number]`` and ``page[size]`` (default size 20) and writes no pagination
links at all: only ``meta.pagination {page, per_page, has_next, has_prev}`` and ``meta.count``. A client that
follows ``next`` links alone reads the first page and stops.

Run: ``.venv-japyd/bin/python server.py``. Binds 127.0.0.1 on a free port, prints ``LISTENING <port>`` once it
accepts connections, and exits when stdin (a pipe) closes. ``GET /_stats`` returns the request log (method,
target with its query as sent, status of every request since the last reset); ``POST /_reset`` clears it.

Data: 30 events, ids "1" to "30", each a title and a number of seats.
"""
import logging
import sys
import threading
from typing import ClassVar

from flask import Flask, jsonify, request
from flask_pydantic import validate
from werkzeug.serving import make_server

from japyd import JsonApiApp, JsonApiBaseModel, JsonApiQueryModel


class Event(JsonApiBaseModel):
    jsonapi_type: ClassVar[str] = "events"
    id: str
    title: str
    seats: int


EVENTS = [Event(id=str(n), title=f"Event {n}", seats=10 * n) for n in range(1, 31)]

app = Flask(__name__)
logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no line per request on stderr
JsonApiApp(app)
log = []
lock = threading.Lock()


@app.after_request
def record(response):
    if not request.path.startswith("/_"):
        target = request.full_path if request.query_string else request.path
        with lock:
            log.append({"method": request.method, "target": target, "status": response.status_code})
    return response


@app.get("/_stats")
def stats():
    with lock:
        return jsonify({"requests": list(log)})


@app.post("/_reset")
def reset():
    with lock:
        log.clear()
    return "", 204


@app.get("/events")
@validate(exclude_none=True)
def list_events(query: JsonApiQueryModel):
    return query.paginate(query.select(EVENTS))


@app.get("/events/<event_id>")
@validate(exclude_none=True)
def get_event(event_id: str, query: JsonApiQueryModel):
    return query.one(next((e for e in EVENTS if e.id == event_id), None))


def main():
    server = make_server("127.0.0.1", 0, app, threaded=True)
    print(f"LISTENING {server.server_port}", flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()  # until the test closes the pipe
    server.shutdown()


if __name__ == "__main__":
    main()
