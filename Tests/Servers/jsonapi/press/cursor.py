"""The JSON:API cursor pagination profile (http://jsonapi.org/profiles/ethanresnick/cursor-pagination/),
served at ``GET /cursor-articles``: the articles, in id order, ``page[size]`` at a time (3 by default, at
most 5), from ``page[after]`` and/or up to ``page[before]``.

- Every item carries its cursor in ``meta.page.cursor`` (opaque: the article's id, base64-encoded).
- ``links.prev`` and ``links.next`` are always there, ``null`` where there is no such page (computed
  exactly here, which the profile allows in every case).
- ``meta.page`` has ``total`` and ``estimatedTotal.bestGuess``; a range request (both cursors) whose
  range holds more than the used page size also has ``rangeTruncated: true``.
- Errors are the profile's: ``page[size]`` over 5 is max-size-exceeded (with ``meta.page.maxSize``), a
  size that is not a positive integer or a cursor that does not decode is an invalid parameter, and any
  ``sort`` is unsupported-sort (only the id order pages).
- The response's ``Content-Type`` names the profile (``profile="…"``): the server applies it whether or
  not the client asked, as a JSON:API 1.1 server may.

``ProfileMiddleware`` keeps every other response's ``Content-Type`` honest: Django REST framework echoes
the parameters of the ``Accept`` it matched, so a request asking for a profile would otherwise get it
named back by a view that never applied it.
"""
import base64
import binascii
import json
import re

from django.http import HttpResponse
from rest_framework.pagination import BasePagination
from rest_framework.response import Response
from rest_framework.utils.urls import remove_query_param, replace_query_param
from rest_framework_json_api import serializers
from rest_framework_json_api.filters import QueryParameterValidationFilter
from rest_framework_json_api.views import ReadOnlyModelViewSet

from .models import Article
from .serializers import ArticleSerializer

PROFILE = "http://jsonapi.org/profiles/ethanresnick/cursor-pagination/"
ERROR_TYPES = "https://jsonapi.org/profiles/ethanresnick/cursor-pagination/"
MEDIA_TYPE = "application/vnd.api+json"
PROFILED_MEDIA_TYPE = f'{MEDIA_TYPE}; profile="{PROFILE}"'
DEFAULT_SIZE = 3
MAX_SIZE = 5


def encode_cursor(pk):
    return base64.urlsafe_b64encode(f"article:{pk}".encode()).decode().rstrip("=")


def decode_cursor(parameter, value):
    try:
        text = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)).decode()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        text = ""
    match = re.fullmatch(r"article:(\d+)", text)
    if not match:
        raise CursorError(f"'{value}' is not a cursor of this collection.", parameter)
    return int(match.group(1))


class CursorError(Exception):
    """A refusal under the profile's rules, answered as one JSON:API error object."""

    def __init__(self, detail, parameter, type=None, meta=None, title="Invalid parameter."):
        super().__init__(detail)
        self.object = {"status": "400", "title": title, "detail": detail, "source": {"parameter": parameter}}
        if meta:
            self.object["meta"] = meta
        if type:
            self.object["links"] = {"type": ERROR_TYPES + type}

    def response(self):
        return HttpResponse(json.dumps({"errors": [self.object]}), status=400, content_type=PROFILED_MEDIA_TYPE)


class CursorPagination(BasePagination):
    def paginate_queryset(self, queryset, request, view=None):
        self.request = request
        params = request.query_params
        if "sort" in params:
            raise CursorError("Only the default order can be paginated.", "sort", type="unsupported-sort", title="Unsupported sort.")
        size = params.get("page[size]")
        if size is not None:
            if not re.fullmatch(r"[0-9]+", size) or int(size) == 0:
                raise CursorError(f"page[size] must be a positive integer; got {size}", "page[size]")
            size = int(size)
            if size > MAX_SIZE:
                raise CursorError(
                    f"You requested a size of {size}, but {MAX_SIZE} is the maximum.", "page[size]", type="max-size-exceeded",
                    meta={"page": {"maxSize": MAX_SIZE}}, title="Page size requested is too large.")
        after = params.get("page[after]")
        before = params.get("page[before]")
        after_id = decode_cursor("page[after]", after) if after is not None else None
        before_id = decode_cursor("page[before]", before) if before is not None else None
        is_range = after_id is not None and before_id is not None
        used = size or (MAX_SIZE if is_range else DEFAULT_SIZE)

        ordered = queryset.order_by("pk")
        within = ordered
        if after_id is not None:
            within = within.filter(pk__gt=after_id)
        if before_id is not None:
            within = within.filter(pk__lt=before_id)
        if before_id is not None and after_id is None:
            # The last `used` items before the cursor, in order.
            items = list(within.order_by("-pk")[:used])[::-1]
        else:
            # From right after the cursor (or the first); a range past its size is cut as if it had no end.
            items = list(within[:used])
        self.range_truncated = is_range and within.count() > used
        self.items = items
        self.total = queryset.count()
        self.has_previous = bool(items) and ordered.filter(pk__lt=items[0].pk).exists()
        self.has_next = bool(items) and ordered.filter(pk__gt=items[-1].pk).exists()
        return items

    def link(self, name, cursor):
        url = self.request.build_absolute_uri()
        other = "page[after]" if name == "page[before]" else "page[before]"
        return replace_query_param(remove_query_param(url, other), name, cursor)

    def get_paginated_response(self, data):
        page = {"total": self.total, "estimatedTotal": {"bestGuess": self.total}}
        if self.range_truncated:
            page["rangeTruncated"] = True
        response = Response({
            "results": data,
            "meta": {"page": page},
            "links": {
                "prev": self.link("page[before]", encode_cursor(self.items[0].pk)) if self.has_previous else None,
                "next": self.link("page[after]", encode_cursor(self.items[-1].pk)) if self.has_next else None,
            },
        })
        response.applied_profiles = [PROFILE]
        return response


class CursorArticleSerializer(ArticleSerializer):
    """An article with its item cursor in the resource object's ``meta.page``."""

    page = serializers.SerializerMethodField()

    class Meta(ArticleSerializer.Meta):
        fields = ArticleSerializer.Meta.fields + ["page"]
        meta_fields = ["page"]

    def get_page(self, article):
        return {"cursor": encode_cursor(article.pk)}


class CursorArticleViewSet(ReadOnlyModelViewSet):
    queryset = Article.objects.all()
    serializer_class = CursorArticleSerializer
    pagination_class = CursorPagination
    filter_backends = [QueryParameterValidationFilter]
    resource_name = "articles"

    def list(self, request, *args, **kwargs):
        try:
            return super().list(request, *args, **kwargs)
        except CursorError as error:
            return error.response()


class ProfileMiddleware:
    """Names in a JSON:API response's ``Content-Type`` exactly the profiles its view applied
    (``response.applied_profiles``), none for the others."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        content_type = response.get("Content-Type", "")
        if not content_type.startswith(MEDIA_TYPE) or content_type == PROFILED_MEDIA_TYPE:
            return response
        profiles = getattr(response, "applied_profiles", [])
        response["Content-Type"] = f'{MEDIA_TYPE}; profile="{" ".join(profiles)}"' if profiles else MEDIA_TYPE
        return response
