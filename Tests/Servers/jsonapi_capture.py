"""Records what a JSON:API test server receives and answers, for the official JSON:API 1.0 JSON Schema.

When the environment variable ``RESGEN_JSONAPI_CAPTURE`` names a folder (``make test`` sets it), every
exchange whose request or response is a JSON:API document (``application/vnd.api+json``) is appended
as one JSON line to ``<folder>/<server>-<pid>.jsonl``: method, path, both media types, status and both
bodies. ``Tests/Tools/jsonschema/check_capture.py`` then validates every request document the runtime
sent to a real server and every response document the real-server tests received. Unset, nothing is
recorded and the middleware costs one dictionary lookup.

Used by the djangorestframework-jsonapi servers (``DjangoCaptureMiddleware``) and fastapi-jsonapi
(``starlette_capture``).
"""
import json
import os
import threading

MEDIA_TYPE = "application/vnd.api+json"
_LOCK = threading.Lock()


def _folder():
    return os.environ.get("RESGEN_JSONAPI_CAPTURE")


def _record(server, method, path, request_type, request_body, status, response_type, response_body):
    folder = _folder()
    if not folder or (MEDIA_TYPE not in (request_type or "") and MEDIA_TYPE not in (response_type or "")):
        return
    line = json.dumps({
        "method": method, "path": path,
        "request_type": request_type or "", "request_body": request_body.decode("utf-8", "replace"),
        "status": status,
        "response_type": response_type or "", "response_body": response_body.decode("utf-8", "replace"),
    })
    os.makedirs(folder, exist_ok=True)
    with _LOCK, open(os.path.join(folder, f"{server}-{os.getpid()}.jsonl"), "a", encoding="utf-8") as file:
        file.write(line + "\n")


class DjangoCaptureMiddleware:
    """Django middleware: first in ``MIDDLEWARE``, so it sees the response other middlewares wrote."""

    server = "django"

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        body = request.body if _folder() else b""
        response = self.get_response(request)
        if _folder() and not getattr(response, "streaming", False):
            _record(self.server, request.method, request.get_full_path(), request.headers.get("Content-Type"), body,
                    response.status_code, response.get("Content-Type"), response.content)
        return response


async def starlette_capture(request, call_next):
    """Starlette ``http`` middleware (register it last, so it runs first and sees the final response)."""
    if not _folder():
        return await call_next(request)
    from starlette.responses import Response

    body = await request.body()
    response = await call_next(request)
    chunks = [chunk async for chunk in response.body_iterator]
    content = b"".join(chunk if isinstance(chunk, bytes) else chunk.encode() for chunk in chunks)
    path = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    _record("fastapi", request.method, path, request.headers.get("content-type"), body,
            response.status_code, response.headers.get("content-type"), content)
    return Response(content=content, status_code=response.status_code, headers=dict(response.headers), media_type=None)
