"""Conditional requests on the press server, the Django way (issue 27), so resgen's HTTP cache and its
``If-Match`` writes meet a real server:

- Every ``GET`` answer carries a strong ``ETag``: Django's own ``ConditionalGetMiddleware`` (under the
  pinned Django 5.2, the quoted MD5 of the body, never ``W/``), which also answers a ``GET`` whose
  ``If-None-Match`` names it with ``304 Not Modified``.
- ``CacheControlMiddleware``: every ``GET`` answer says ``Cache-Control: no-cache`` (a client's cache keeps
  the document and revalidates it before each use, so it never shows a stale one); a request's
  ``X-Resgen-Cache-Control`` (tests only, as ``X-Resgen-Links``) asks for another value, e.g.
  ``max-age=60``, for a test of fresh hits.
- ``IfMatchMiddleware``: a ``PUT``, ``PATCH`` or ``DELETE`` with ``If-Match`` applies only to the
  representation it names. The target's current tag is the one a ``GET`` of the same URL with the same
  header fields gets now: that ``GET`` is asked of the rest of the middleware chain, so it is that tag by
  construction. When it does not match (RFC 9110 §13.1.1, by Django's ``get_conditional_response``) the
  answer is ``412 Precondition Failed`` with the ``GET``'s body (the resource as it is now, a JSON:API
  document) and its ``ETag``, and the write is not done. A successful ``PUT`` or ``PATCH`` answer carries
  the tag of the representation after the write (what the next ``GET`` gets), so a client can chain
  conditional writes. Writes to existing resources run one at a time, so a check and its write cannot be
  overtaken by another write.

A request without these header fields is answered as before, with ``ETag`` and ``Cache-Control`` added.
"""
import copy
import threading

from django.http import HttpResponse
from django.utils.cache import get_conditional_response

GUARDED = {"PUT", "PATCH", "DELETE"}
# The request fields a GET of the current representation must not carry: the write's preconditions and
# body description, and `Prefer` (which asks about the write's answer).
NOT_FOR_THE_GET = {"HTTP_IF_MATCH", "HTTP_IF_NONE_MATCH", "HTTP_IF_MODIFIED_SINCE", "HTTP_IF_UNMODIFIED_SINCE",
                   "HTTP_IF_RANGE", "HTTP_PREFER", "CONTENT_TYPE", "CONTENT_LENGTH"}
_WRITES = threading.Lock()


class CacheControlMiddleware:
    """``Cache-Control`` on every ``GET`` answer: ``no-cache``, or the request's ``X-Resgen-Cache-Control``.
    Inside ``ConditionalGetMiddleware``, so its ``304`` repeats it."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.method == "GET" and not response.has_header("Cache-Control"):
            response["Cache-Control"] = request.headers.get("X-Resgen-Cache-Control", "no-cache")
        return response


class IfMatchMiddleware:
    """``If-Match`` on writes (see the module). Outside ``ConditionalGetMiddleware``, so the ``GET`` it asks
    for the current representation gets its ``ETag`` from there, exactly as a client's ``GET`` does."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method not in GUARDED:
            return self.get_response(request)
        request.body  # read before waiting for the lock: a slow upload does not hold up other writes
        with _WRITES:
            if "If-Match" in request.headers:
                current = self.current(request)
                tag = current.get("ETag") if 200 <= current.status_code < 300 else None
                if get_conditional_response(request, etag=tag) is not None:
                    return self.precondition_failed(current, tag)
            response = self.get_response(request)
            if request.method in ("PUT", "PATCH") and response.status_code in (200, 204):
                after = self.current(request)
                if 200 <= after.status_code < 300 and after.has_header("ETag"):
                    response["ETag"] = after["ETag"]
            return response

    def current(self, request):
        """The answer to a ``GET`` of the request's URL with its header fields, through the inner chain."""
        get = copy.copy(request)
        get.__dict__.pop("headers", None)  # a cached view of the write's META
        get.META = {name: value for name, value in request.META.items() if name not in NOT_FOR_THE_GET}
        get.META["REQUEST_METHOD"] = "GET"
        get.method = "GET"
        response = self.get_response(get)
        if hasattr(response, "render") and not getattr(response, "is_rendered", True):
            response.render()
        return response

    @staticmethod
    def precondition_failed(current, tag):
        """``412``: with the current representation when there is one, else empty."""
        if tag is None:
            return HttpResponse(status=412)
        failed = HttpResponse(current.content, status=412, content_type=current["Content-Type"])
        failed["ETag"] = tag
        return failed
