"""RFC 7240 ``Prefer`` on writes, so resgen's tests meet every reply JSON:API allows from a real server.

djangorestframework-jsonapi answers every write with the resource (201, 200) or 204 for a delete. With
this middleware, a request that asks for it gets what another conforming server would send, after the
write was done as usual:

- ``Prefer: return=minimal``: ``204 No Content`` (JSON:API: the server accepted the request as sent).
- ``Prefer: respond-async``: ``202 Accepted`` with ``Content-Location: /jobs/<n>`` (relative, as a
  server writes it) and a document with only ``meta``: JSON:API's asynchronous processing.
- ``Prefer: return=meta`` (resgen's own): ``200 OK`` with a document with only top-level ``meta``.

A request without ``Prefer``, or a write that failed, is answered as the view answered it.
"""
import itertools
import json

from django.http import HttpResponse

WRITES = {"POST", "PUT", "PATCH", "DELETE"}
JOBS = itertools.count(1)
MEDIA_TYPE = "application/vnd.api+json"


class PreferMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        prefer = request.headers.get("Prefer", "")
        if request.method not in WRITES or not 200 <= response.status_code < 300 or not prefer:
            return response
        if "return=minimal" in prefer:
            return HttpResponse(status=204)
        if "respond-async" in prefer:
            job = next(JOBS)
            accepted = HttpResponse(json.dumps({"meta": {"job": job, "status": "queued"}}), status=202, content_type=MEDIA_TYPE)
            accepted["Content-Location"] = f"/jobs/{job}"
            return accepted
        if "return=meta" in prefer:
            return HttpResponse(json.dumps({"meta": {"applied": True}}), status=200, content_type=MEDIA_TYPE)
        return response


class RelativeLinksMiddleware:
    """``X-Resgen-Links: relative`` makes every link in a JSON:API response relative (``/articles/1``),
    as a server behind a proxy or one that writes URI-references does; djangorestframework-jsonapi
    itself writes absolute links. Without the header nothing changes."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.headers.get("X-Resgen-Links") != "relative" or MEDIA_TYPE not in response.get("Content-Type", ""):
            return response
        origin = request.build_absolute_uri("/")
        response.content = response.content.replace(json.dumps(origin)[:-1].encode(), b'"/')
        response["Content-Length"] = str(len(response.content))
        return response
